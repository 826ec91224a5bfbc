import { MANAGER_NOTIFICATION_KINDS, NOTIFICATION_KINDS, WEBHOOK_ONLY_KINDS } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../../db/schema/index.ts";
import { createTestContext, TEST_PASSWORD } from "../../../test/context.ts";
import { mailWorld } from "../../../test/mail.ts";

// The mail without an SMTP server (the embedded default): mails kept in the outbox, which administrators read; the
// users' own settings; the language mails are written in. Refused addresses: mail-bounces.test.ts.

const ctx = await createTestContext({ PORTAL_URL: "http://portal.test" });
afterAll(() => ctx.close());

const { administrator, manager, buildClient, emitApproved, outboxOf } = await mailWorld(ctx);

describe("the outbox without an SMTP server", () => {
  it("keeps the mail, in the user's language, for administrators to read in the list and one by one", async () => {
    const client = await buildClient({ language: "en" });
    await emitApproved(client.user.id);
    await expect
      .poll(async () => (await outboxOf(client.user.id))[0]?.state, { timeout: 20_000 })
      .toBe("kept");

    const admin = await ctx.as(administrator);
    const filters = encodeURIComponent(`to_address="${client.email}"`);
    const list = await admin.get(`/api/notifications/outbox/?filters=${filters}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          to_address: client.email,
          language: "en",
          subject: "Your registration is confirmed",
          state: "kept",
          user: expect.objectContaining({ username: client.user.username }),
        },
      ],
    });
    const id = list.json().results[0].id;
    const one = await admin.get(`/api/notifications/outbox/${id}/`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().text).toContain("Open in the portal: http://portal.test/profile");
    expect(one.json().html).toContain('href="http://portal.test/profile"');
    expect((await admin.get("/api/notifications/outbox/999999/")).statusCode).toBe(404);
  });

  it("lists newest first and filters by state", async () => {
    const first = await buildClient();
    const second = await buildClient();
    await emitApproved(first.user.id);
    await emitApproved(second.user.id);
    await expect.poll(async () => (await outboxOf(second.user.id)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await outboxOf(first.user.id)).length, { timeout: 20_000 }).toBe(1);
    const admin = await ctx.as(administrator);
    const page = (
      await admin.get(`/api/notifications/outbox/?filters=${encodeURIComponent('state="kept"')}`)
    ).json();
    const ids = page.results.map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(page.results.every((row: { state: string }) => row.state === "kept")).toBe(true);
    const refused = (
      await admin.get(`/api/notifications/outbox/?filters=${encodeURIComponent('state="refused"')}`)
    ).json();
    expect(refused.results.map((row: { to_address: string }) => row.to_address)).not.toContain(first.email);
  });

  it("refuses the outbox and the bounces to everyone but the forwarder's administrators", async () => {
    const client = await buildClient();
    const clientAdministrator = (await buildClient({ is_administrator: true })).user;
    const [row] = await ctx.db
      .insert(mailOutbox)
      .values({
        user_id: client.user.id,
        to_address: client.email,
        language: "ru",
        subject: "s",
        text: "t",
        html: "<p>h</p>",
        state: "kept",
      })
      .returning();
    const refused = { client: client.user, manager, clientAdministrator };
    await ctx.expectRefused(refused, (api) => api.get("/api/notifications/outbox/"), 403);
    await ctx.expectRefused(refused, (api) => api.get(`/api/notifications/outbox/${row?.id}/`), 403);
    await ctx.expectRefused(
      refused,
      (api) => api.post("/api/notifications/mail/bounces/", { address: client.email, reason: "x" }),
      403,
    );
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/notifications/outbox/" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET/PUT /api/notifications/settings/", () => {
  it("answers every kind a user may get until they save: the managers' own kinds only to managers, the webhooks' own to nobody", async () => {
    const client = await buildClient();
    const own = (await (await ctx.as(client.user)).get("/api/notifications/settings/")).json();
    const heard = NOTIFICATION_KINDS.filter((kind) => !WEBHOOK_ONLY_KINDS.includes(kind));
    const clientKinds = heard.filter((kind) => !MANAGER_NOTIFICATION_KINDS.includes(kind));
    expect(own).toEqual({
      email_kinds: clientKinds,
      email_digest: false,
      available_kinds: clientKinds,
      email: client.email,
      refused_address: null,
      refused_reason: "",
      refused_at: null,
      version: 0,
    });
    const managers = (await (await ctx.as(manager)).get("/api/notifications/settings/")).json();
    expect(managers.available_kinds).toEqual(heard);
  });

  it("saves the own kinds and digest with the version read, 409 with the current settings when stale", async () => {
    const client = await buildClient();
    const other = await buildClient();
    const api = await ctx.as(client.user);
    const saved = await api.put("/api/notifications/settings/", {
      email_kinds: ["order_paid", "order_returned"],
      email_digest: true,
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // In the kinds' own order, whatever order they came in
    expect(saved.json()).toMatchObject({
      email_kinds: ["order_returned", "order_paid"],
      email_digest: true,
      version: 1,
    });
    const stale = await api.put("/api/notifications/settings/", {
      email_kinds: [],
      email_digest: false,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ email_digest: true, version: 1 });
    const again = await api.put("/api/notifications/settings/", {
      email_kinds: [],
      email_digest: false,
      version: 1,
    });
    expect(again.json()).toMatchObject({ email_kinds: [], email_digest: false, version: 2 });
    // Another user's settings are their own
    const others = (await (await ctx.as(other.user)).get("/api/notifications/settings/")).json();
    expect(others).toMatchObject({ email_digest: false, version: 0 });
  });

  it("answers an unknown kind, or a manager's kind sent by a client, with a translated 400", async () => {
    const client = await buildClient();
    const put = async (email_kinds: string[], lang: string) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/notifications/settings/",
        headers: await ctx.authHeaders(client.user, lang),
        payload: { email_kinds, email_digest: false, version: 0 },
      });
    const russian = await put(["order_paid", "weather"], "ru");
    expect(russian.statusCode).toBe(400);
    expect(russian.json()).toEqual({
      email_kinds: ["«weather» — не вид уведомлений, которые вы можете получать по почте"],
    });
    const english = await put(["signup_waiting"], "en");
    expect(english.json()).toEqual({
      email_kinds: ["“signup_waiting” is not a kind of notification you can receive by e-mail"],
    });
    const broken = await put("order_paid" as unknown as string[], "en");
    expect(broken.statusCode).toBe(400);
    // Nothing of the refused saves was kept
    expect((await (await ctx.as(client.user)).get("/api/notifications/settings/")).json().version).toBe(0);
  });
});

describe("the settings' version", () => {
  it("answers a version past the integers a version can be with the version's limit alone, in both languages", async () => {
    const client = await buildClient();
    const put = async (version: unknown, lang: string) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/notifications/settings/",
        headers: { ...(await ctx.authHeaders(client.user, lang)), "content-type": "application/json" },
        payload: `{"email_kinds":[],"email_digest":false,"version":${version}}`,
      });
    for (const version of ["1e308", "9223372036854775808", "2147483648"]) {
      const english = await put(version, "en");
      expect(english.statusCode, english.body).toBe(400);
      expect(english.json()).toEqual({ version: ["Ensure this value is less than or equal to 2147483647."] });
    }
    const russian = await put("-1e308", "ru");
    expect(russian.statusCode, russian.body).toBe(400);
    expect(russian.json()).toEqual({ version: ["Убедитесь, что это значение больше либо равно 0."] });
    // -0 is 0: the first save
    const first = await put("-0", "en");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ version: 1 });
  });

  it("lets exactly one of parallel saves of the same version win, the others answer 409 and nothing is half-written", async () => {
    const client = await buildClient();
    const api = await ctx.as(client.user);
    // Each round's two settings differ from what the round before stored: the same settings again are no change
    const rounds = [
      [["order_paid"], ["order_returned", "order_paid"]],
      [["order_returned"], []],
    ];
    for (const [version, kinds] of rounds.entries()) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api.put("/api/notifications/settings/", {
            email_kinds: kinds[i % 2],
            email_digest: i % 2 === version,
            version,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json();
      const stored = (await api.get("/api/notifications/settings/")).json();
      expect(stored).toEqual(winner);
      expect(stored.version).toBe(version + 1);
    }
  });
});

describe("saving the settings as they are", () => {
  it("keeps their version, so that another tab open on them can still save", async () => {
    const client = await buildClient();
    const api = await ctx.as(client.user);
    const settings = { email_kinds: ["order_paid"], email_digest: true };
    const saved = await api.put("/api/notifications/settings/", { ...settings, version: 0 });
    expect(saved.json()).toMatchObject({ ...settings, version: 1 });
    const again = await api.put("/api/notifications/settings/", { ...settings, version: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ ...settings, version: 1 });
    const otherTab = await api.put("/api/notifications/settings/", {
      ...settings,
      email_digest: false,
      version: 1,
    });
    expect(otherTab.json()).toMatchObject({ email_digest: false, version: 2 });
  });
});

describe("the language of a user's mails", () => {
  const languageOf = async (id: number) =>
    (await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]?.language;

  it("is the one the web switches to while signed in", async () => {
    const client = await buildClient();
    const api = await ctx.as(client.user);
    expect((await api.put("/profile/api/users/me/language/", { language: "en" })).statusCode).toBe(204);
    expect(await languageOf(client.user.id)).toBe("en");
    expect((await api.put("/profile/api/users/me/language/", { language: "de" })).statusCode).toBe(400);
    expect(await languageOf(client.user.id)).toBe("en");
  });

  it("refuses an object for the language with a 400, though it cannot be turned into text", async () => {
    const client = await buildClient();
    const api = await ctx.as(client.user);
    const answer = await api.put("/profile/api/users/me/language/", { language: { toString: 0 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ language: [expect.any(String)] });
  });

  it("is the sign-in's Accept-Language, and stays as it was when a sign-in names none", async () => {
    const client = await buildClient();
    const signIn = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/token/",
        headers,
        payload: { username: client.user.username, password: TEST_PASSWORD },
      });
    expect((await signIn({ "accept-language": "en-US,en;q=0.9" })).statusCode).toBe(200);
    expect(await languageOf(client.user.id)).toBe("en");
    expect((await signIn({})).statusCode).toBe(200);
    expect(await languageOf(client.user.id)).toBe("en");
    await signIn({ "accept-language": "ru" });
    expect(await languageOf(client.user.id)).toBe("ru");
  });
});
