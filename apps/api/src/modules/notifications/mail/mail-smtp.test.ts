import type { NotificationKind } from "@portal/domain";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { mailOutbox, notifications } from "../../../db/schema/index.ts";
import type { JobRun } from "../../../jobs/job-type.ts";
import { createTestContext } from "../../../test/context.ts";
import { buildOrder } from "../../../test/orders.ts";
import { smtpRefusal, startTestSmtpServer } from "../../../test/smtp.ts";
import { serverDay } from "../../containers/customs-day.ts";

// The mail through a real SMTP server started here: what arrives, in which language, once; opt-out, the digest,
// refusals and put-offs.

const smtp = await startTestSmtpServer();
const PORTAL_URL = "https://portal.example";
const ctx = await createTestContext({
  SMTP_URL: smtp.url,
  PORTAL_URL,
  MAIL_FROM: "Portal <portal@example.com>",
  MAIL_RETRY_LIMIT: "2",
  MAIL_RETRY_DELAY_SECONDS: "1",
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const { mail, notifications: notificationsService } = ctx.services;
const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
let sequence = 0;

/** A client company with a user writing in `language`, at an address of their own, and an order of theirs. */
async function buildClient(language: "ru" | "en" = "en") {
  sequence += 1;
  const company = await ctx.buildCompany();
  const email = `client-${sequence}-${Date.now()}@example.com`;
  const user = await ctx.buildUser({ company_id: company.id, email, language });
  const order = await buildOrder(ctx.db, { company_id: company.id, author_id: user.id });
  return { company, user, email, order };
}

/** A manager's change to a client's order, told as `kind`: answers the client's entry. */
async function emit(client: Awaited<ReturnType<typeof buildClient>>, kind: NotificationKind, comment = "") {
  const entries = await ctx.db.transaction((tx) =>
    notificationsService.emit(tx, {
      kind,
      actor: { id: manager.id, is_manager: true },
      company_id: client.company.id,
      object_type: "freight_order",
      object_id: client.order.id,
      params: comment ? { comment } : {},
    }),
  );
  const entry = entries.find((written) => written.user_id === client.user.id);
  if (!entry) throw new Error("the client got no entry");
  return entry;
}

const outboxOf = (userId: number) => ctx.db.select().from(mailOutbox).where(eq(mailOutbox.user_id, userId));
const run = (attempt = 0): JobRun => ({
  id: "test",
  attempt,
  isLastAttempt: false,
  signal: new AbortController().signal,
});

describe("notifications by e-mail through an SMTP server", () => {
  it("mails each client their order's return in their own language: subject, text, HTML and the link", async () => {
    const ru = await buildClient("ru");
    const en = await buildClient("en");
    const comment = "Fix the <b>weight</b> & seals";
    await emit(ru, "order_returned", comment);
    await emit(en, "order_returned", comment);
    await expect.poll(() => smtp.to(ru.email).length + smtp.to(en.email).length, { timeout: 20_000 }).toBe(2);

    const [russian] = smtp.to(ru.email);
    expect(russian?.recipients).toEqual([ru.email]);
    expect(russian?.mail.subject).toBe(`Заявка № ${ru.order.id}: возвращена на доработку`);
    expect(russian?.mail.headers.get("content-language")).toBe("ru");
    expect(russian?.mail.from?.value).toEqual([{ name: "Portal", address: "portal@example.com" }]);
    expect(russian?.mail.text).toContain(`Комментарий к статусу: ${comment}`);
    expect(russian?.mail.text).toContain(`Открыть в портале: ${PORTAL_URL}/freight-orders/${ru.order.id}`);
    expect(russian?.mail.html).toContain(`href="${PORTAL_URL}/freight-orders/${ru.order.id}"`);
    // What users typed is text in the HTML, never markup
    expect(russian?.mail.html).toContain("Fix the &lt;b&gt;weight&lt;/b&gt; &amp; seals");
    expect(russian?.mail.html).not.toContain("<b>weight");

    const [english] = smtp.to(en.email);
    expect(english?.mail.subject).toBe(`Shipping order No. ${en.order.id}: returned for correction`);
    expect(english?.mail.headers.get("content-language")).toBe("en");
    expect(english?.mail.text).toContain(`Open in the portal: ${PORTAL_URL}/freight-orders/${en.order.id}`);
    expect(english?.mail.html).toContain("Open in the portal");

    // The server has the mail before the outbox row is marked
    await expect.poll(async () => (await outboxOf(en.user.id))[0]?.state, { timeout: 20_000 }).toBe("sent");
    const [row] = await outboxOf(en.user.id);
    expect(row).toMatchObject({ to_address: en.email, language: "en", subject: english?.mail.subject });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it("sends an entry's mail once, however often its job is sent or run", async () => {
    const client = await buildClient();
    const entry = await emit(client, "order_paid");
    await expect.poll(() => smtp.to(client.email).length, { timeout: 20_000 }).toBe(1);
    // The event's job sent again (a retried transaction) is the same job
    expect(
      await ctx.db.transaction((tx) => ctx.jobs.send(tx, mail.jobTypes.entry, { entry: entry.id })),
    ).toBe(false);
    // The job run again (a worker that died after sending, before the job was marked done)
    await mail.jobTypes.entry.handle({ entry: entry.id }, run(1));
    await mail.jobTypes.entry.handle({ entry: entry.id }, run(2));
    expect(smtp.to(client.email)).toHaveLength(1);
    expect(await outboxOf(client.user.id)).toHaveLength(1);
  });

  it("sends no mail of a kind the user turned off, while the entry is still in the portal", async () => {
    const client = await buildClient();
    const api = await ctx.as(client.user);
    const current = (await api.get("/api/notifications/settings/")).json();
    const saved = await api.put("/api/notifications/settings/", {
      email_kinds: current.email_kinds.filter((kind: string) => kind !== "order_returned"),
      email_digest: false,
      version: current.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const returned = await emit(client, "order_returned");
    // A kind still on is mailed: once it has arrived, the one turned off would have too
    await emit(client, "order_paid");
    await expect.poll(() => smtp.to(client.email).length, { timeout: 20_000 }).toBe(1);
    expect(smtp.to(client.email)[0]?.mail.subject).toContain("marked paid");
    expect(await ctx.jobs.find(mail.jobTypes.entry, String(returned.id))).toBeNull();
    const [entry] = await ctx.db.select().from(notifications).where(eq(notifications.id, returned.id));
    expect(entry?.user_id).toBe(client.user.id);
  });

  it("gathers a digest user's entries of the day into one mail, sent the next morning", async () => {
    const client = await buildClient();
    const api = await ctx.as(client.user);
    const current = (await api.get("/api/notifications/settings/")).json();
    await api.put("/api/notifications/settings/", { ...current, email_digest: true });
    const first = await emit(client, "order_returned", "Check the seals");
    const second = await emit(client, "order_paid");
    const today = serverDay();
    const digest = await ctx.jobs.find(mail.jobTypes.digest, `${client.user.id}:${today}`);
    expect(digest?.state).toBe("created");
    expect(await ctx.jobs.find(mail.jobTypes.entry, String(first.id))).toBeNull();
    expect(await ctx.jobs.find(mail.jobTypes.entry, String(second.id))).toBeNull();

    // The morning's job, run now (it waits for the next day in the queue), twice
    await mail.jobTypes.digest.handle({ user: client.user.id, date: today }, run());
    await mail.jobTypes.digest.handle({ user: client.user.id, date: today }, run(1));
    expect(smtp.to(client.email)).toHaveLength(1);
    const [received] = smtp.to(client.email);
    expect(received?.mail.subject).toBe(`Freight portal: 2 notifications of ${today}`);
    expect(received?.mail.text).toContain(`Shipping order No. ${client.order.id}: returned for correction`);
    expect(received?.mail.text).toContain("Status comment: Check the seals");
    expect(received?.mail.text).toContain(`Shipping order No. ${client.order.id}: marked paid`);
    expect(String(received?.mail.html).match(/Open in the portal/g)).toHaveLength(2);
    const [row] = await outboxOf(client.user.id);
    expect(row).toMatchObject({ state: "sent", digest_date: today, notification_id: null });
  });

  it("marks an address the server refuses (550) and sends it nothing more", async () => {
    const client = await buildClient();
    smtp.answerRecipients((address) =>
      address === client.email ? smtpRefusal(550, "5.1.1 Mailbox does not exist") : null,
    );
    await emit(client, "order_returned");
    await expect
      .poll(async () => (await outboxOf(client.user.id))[0]?.state, { timeout: 20_000 })
      .toBe("refused");
    expect(smtp.to(client.email)).toHaveLength(0);
    const settings = (await (await ctx.as(client.user)).get("/api/notifications/settings/")).json();
    // Reported with the settings, never saved by the user (their version is the user's saves' alone)
    expect(settings).toMatchObject({ refused_address: client.email, version: 0 });
    expect(settings.refused_reason).toContain("Mailbox does not exist");
    expect(settings.refused_at).toEqual(expect.any(String));

    const next = await emit(client, "order_paid");
    expect(await ctx.jobs.find(mail.jobTypes.entry, String(next.id))).toBeNull();
    // Run anyway (a job sent before the refusal): the job checks again and sends nothing
    await mail.jobTypes.entry.handle({ entry: next.id }, run());
    expect(await outboxOf(client.user.id)).toHaveLength(1);
  });

  it("retries a mail the server puts off (451) and sends it once", async () => {
    const client = await buildClient();
    smtp.answerRecipients((address, attempt) =>
      address === client.email && attempt === 1 ? smtpRefusal(451, "4.3.0 Try again later") : null,
    );
    const entry = await emit(client, "order_returned");
    await expect.poll(() => smtp.to(client.email).length, { timeout: 30_000 }).toBe(1);
    await expect
      .poll(async () => (await ctx.jobs.find(mail.jobTypes.entry, String(entry.id)))?.state, {
        timeout: 20_000,
      })
      .toBe("completed");
    await expect.poll(async () => (await outboxOf(client.user.id))[0]?.state).toBe("sent");
    expect((await outboxOf(client.user.id))[0]?.error).toBe("");
    expect((await ctx.jobs.find(mail.jobTypes.entry, String(entry.id)))?.attempt).toBe(1);
  });
});
