import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema/index.ts";
import { createTestContext } from "../../../test/context.ts";
import { mailWorld } from "../../../test/mail.ts";

// Bounces: an address an administrator marks refused gets no mail until it changes.

const ctx = await createTestContext({ PORTAL_URL: "http://portal.test" });
afterAll(() => ctx.close());

const { administrator, buildClient, emitApproved, outboxOf } = await mailWorld(ctx);

describe("refused addresses", () => {
  it("marks an address bounced by an administrator refused, stops mails to it, and mails again once it changes", async () => {
    const client = await buildClient();
    const admin = await ctx.as(administrator);
    const bounced = await admin.post("/api/notifications/mail/bounces/", {
      address: client.email.toUpperCase(),
      reason: "550 5.1.1 User unknown",
    });
    expect(bounced.statusCode, bounced.body).toBe(200);
    expect(bounced.json()).toEqual({ users: 1 });
    const api = await ctx.as(client.user);
    expect((await api.get("/api/notifications/settings/")).json()).toMatchObject({
      refused_address: client.email,
      refused_reason: "550 5.1.1 User unknown",
      version: 0,
    });
    const before = await emitApproved(client.user.id);
    expect(await ctx.jobs.find(ctx.services.mail.jobTypes.entry, String(before?.id))).toBeNull();

    // A new address takes mails again; the refusal of the old one is no longer shown
    const email = `new-${client.email}`;
    await ctx.db.update(users).set({ email }).where(eq(users.id, client.user.id));
    expect((await api.get("/api/notifications/settings/")).json()).toMatchObject({ refused_address: null });
    await emitApproved(client.user.id);
    await expect
      .poll(async () => (await outboxOf(client.user.id))[0]?.to_address, { timeout: 20_000 })
      .toBe(email);
  });

  it("leaves the settings' version as it was: a profile page open before a refusal saves with the version it read", async () => {
    const admin = await ctx.as(administrator);
    // One who never saved their settings (version 0), one who did (version 1)
    for (const saves of [0, 1]) {
      const client = await buildClient();
      const api = await ctx.as(client.user);
      for (let save = 0; save < saves; save += 1) {
        const saved = await api.put("/api/notifications/settings/", {
          email_kinds: ["order_paid"],
          email_digest: false,
          version: save,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const read = (await api.get("/api/notifications/settings/")).json();
      expect(read).toMatchObject({ refused_address: null, version: saves });
      const bounced = await admin.post("/api/notifications/mail/bounces/", {
        address: client.email,
        reason: "550 5.1.1 User unknown",
      });
      expect(bounced.json()).toEqual({ users: 1 });
      const saved = await api.put("/api/notifications/settings/", {
        email_kinds: ["order_returned"],
        email_digest: true,
        version: read.version,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // The save keeps the refusal, and the refusal is still reported
      expect(saved.json()).toMatchObject({
        email_kinds: ["order_returned"],
        email_digest: true,
        refused_address: client.email,
        refused_reason: "550 5.1.1 User unknown",
        version: saves + 1,
      });
      const next = await emitApproved(client.user.id);
      expect(await ctx.jobs.find(ctx.services.mail.jobTypes.entry, String(next?.id))).toBeNull();
    }
  });

  it("answers a bounce that is not an address with 400", async () => {
    const answer = await (await ctx.as(administrator)).post("/api/notifications/mail/bounces/", {
      address: "not an address",
      reason: "x",
    });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json())).toEqual(["address"]);
  });

  it("answers a bounce whose reason is invisible characters alone with 400, and marks nothing refused", async () => {
    const client = await buildClient();
    const admin = await ctx.as(administrator);
    for (const reason of ["\u200b\u200b", "\ufeff \u2060", "\u00a0"]) {
      const answer = await admin.post("/api/notifications/mail/bounces/", { address: client.email, reason });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ reason: ["The field is required"] });
    }
    const settings = (await (await ctx.as(client.user)).get("/api/notifications/settings/")).json();
    expect(settings).toMatchObject({ refused_address: null, refused_reason: "" });

    // A reason is kept without the invisible characters at its ends
    const bounced = await admin.post("/api/notifications/mail/bounces/", {
      address: client.email,
      reason: "\u200b550 5.1.1 User unknown\u200b",
    });
    expect(bounced.json()).toEqual({ users: 1 });
    const refused = (await (await ctx.as(client.user)).get("/api/notifications/settings/")).json();
    expect(refused.refused_reason).toBe("550 5.1.1 User unknown");
  });

  it("answers a bounce of an address of several users, in any case, for each of them, and of none with 0", async () => {
    const first = await buildClient();
    const second = await buildClient();
    const shared = `shared-${first.email}`;
    await ctx.db.update(users).set({ email: shared }).where(eq(users.id, first.user.id));
    await ctx.db.update(users).set({ email: shared.toUpperCase() }).where(eq(users.id, second.user.id));
    const admin = await ctx.as(administrator);
    const bounced = await admin.post("/api/notifications/mail/bounces/", {
      address: ` ${shared} `,
      reason: "550",
    });
    expect(bounced.json()).toEqual({ users: 2 });
    for (const client of [first, second]) {
      const settings = (await (await ctx.as(client.user)).get("/api/notifications/settings/")).json();
      expect(settings).toMatchObject({ refused_address: shared, refused_reason: "550", version: 0 });
    }
    const nobody = await admin.post("/api/notifications/mail/bounces/", {
      address: `nobody-${first.email}`,
      reason: "550",
    });
    expect(nobody.json()).toEqual({ users: 0 });
  });
});
