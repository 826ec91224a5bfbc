import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { freightOrders, mailOutbox, users } from "../db/schema/index.ts";
import { createTestContext } from "../test/context.ts";
import { buildOrder } from "../test/orders.ts";

// One-line text fields (names, numbers, codes: every text but the comments, notes and descriptions) refuse line
// breaks with a message on the field, as every body refuses NUL: a name reaches the managers' mail subjects.

const ctx = await createTestContext({ PORTAL_URL: "http://portal.test" });
afterAll(() => ctx.close());

const BREAKS: [string, string][] = [
  ["LF", "\n"],
  ["CR", "\r"],
  ["CR LF", "\r\n"],
  ["VT", "\v"],
  ["FF", "\f"],
  ["NEL (U+0085)", "\u0085"],
  ["LINE SEPARATOR (U+2028)", "\u2028"],
  ["PARAGRAPH SEPARATOR (U+2029)", "\u2029"],
];
const ONE_LINE = "This field takes one line: remove the line breaks.";

const forwarder = await ctx.buildCompany({ is_expedition_company: true });
const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
const company = await ctx.buildCompany();
const client = await ctx.buildUser({ company_id: company.id });
const profile = {
  first_name: "Иван",
  last_name: "Петров",
  email: "i.petrov@example.ru",
  phone: "+7 900 000-00-00",
};

describe("a line break in a one-line text field", () => {
  it.each(BREAKS)("answers 400 on the name with %s, and keeps the stored one", async (_, mark) => {
    const applicant = await ctx.buildUser({ state: "new", roles: ["Customer"], first_name: "Иван" });
    const own = await (await ctx.as(applicant)).put("/profile/api/users/me/", {
      ...profile,
      first_name: `Иван${mark}Bcc: x@example.com`,
    });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json()).toEqual({ first_name: [ONE_LINE] });

    const managers = await ctx.as(manager);
    const changed = await managers.patch(`/profile/api/users/${applicant.id}/`, {
      last_name: `Пет${mark}ров`,
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json()).toEqual({ last_name: [ONE_LINE] });

    const [stored] = await ctx.db.select().from(users).where(eq(users.id, applicant.id));
    expect(stored).toMatchObject({
      first_name: "Иван",
      last_name: applicant.last_name,
      version: applicant.version,
    });

    const signUp = await ctx.app.inject({
      method: "POST",
      url: "/accounts/signup/",
      headers: { "accept-language": "en" },
      payload: {
        username: `new${mark}user`,
        password: "Harbour-Crane-88",
        repeatPassword: "Harbour-Crane-88",
      },
    });
    expect(signUp.statusCode, signUp.body).toBe(400);
    expect(signUp.json().username).toEqual([ONE_LINE]);
  });

  it.each(BREAKS)(
    "answers 400 on an order's party name with %s, through the shared resource",
    async (_, mark) => {
      const order = await buildOrder(ctx.db, {
        company_id: company.id,
        author_id: client.id,
        consignee_name: "ООО Ромашка",
      });
      const api = await ctx.as(client);
      const response = await api.patch(`/tracking/api/freight_orders/${order.id}/`, {
        consignee_name: `ООО${mark}Ромашка`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ consignee_name: [ONE_LINE] });
      const [stored] = await ctx.db.select().from(freightOrders).where(eq(freightOrders.id, order.id));
      expect(stored?.consignee_name).toBe("ООО Ромашка");
    },
  );

  it("keeps the line breaks of a multiline text (an order's notes and description)", async () => {
    const order = await buildOrder(ctx.db, { company_id: company.id, author_id: client.id });
    const api = await ctx.as(client);
    const values = {
      notes: "Первая строка\r\nВторая\u2028третья",
      freight_description: "ETSNG: 091008\nПиломатериалы",
    };
    const response = await api.patch(`/tracking/api/freight_orders/${order.id}/`, values);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject(values);
  });

  it("says so in Russian", async () => {
    const response = await ctx.app.inject({
      method: "PATCH",
      url: `/profile/api/users/${client.id}/`,
      headers: await ctx.authHeaders(manager, "ru"),
      payload: { first_name: "Иван\nИванович" },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ first_name: ["Поле занимает одну строку: уберите переносы строк."] });
  });
});

describe("the managers' mail about a sign-up", () => {
  /** The subject of the sign-up mail the manager got about `applicant`, once its job has run. */
  async function subjectAbout(applicant: { username: string }): Promise<string> {
    const mine = and(eq(mailOutbox.user_id, manager.id), eq(mailOutbox.state, "kept"));
    let subject = "";
    await expect
      .poll(
        async () => {
          const rows = await ctx.db.select().from(mailOutbox).where(mine);
          subject = rows.find((row) => row.subject.includes(applicant.username))?.subject ?? "";
          return subject;
        },
        { timeout: 20_000 },
      )
      .not.toBe("");
    return subject;
  }

  it("carries the applicant's name on one line: the name is refused with a break, and one stored before is flattened", async () => {
    const applicant = await ctx.buildUser({ state: "new", roles: ["Customer"] });
    const request = { request_inn: "2724123459", request_name: "ООО «Амурский терминал»" };
    const api = await ctx.as(applicant);
    const refused = await api.put("/profile/api/users/me/", {
      ...profile,
      ...request,
      last_name: "Петров\r\nBcc: x@example.com",
      status: "pending",
    });
    expect(refused.statusCode, refused.body).toBe(400);

    // A name stored before the rule (through the database, as an older release took it)
    await ctx.db
      .update(users)
      .set({ last_name: "Петров\r\nBcc: x@example.com" })
      .where(eq(users.id, applicant.id));
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, applicant.id));
    await ctx.db.transaction((tx) =>
      ctx.services.notifications.emit(tx, {
        kind: "signup_waiting",
        actor: { id: applicant.id, is_manager: false },
        company_id: null,
        object_type: "user",
        object_id: applicant.id,
      }),
    );
    const subject = await subjectAbout({ username: stored?.username ?? "" });
    expect(subject).not.toMatch(/[\n\v\f\r\u0085\u2028\u2029]/);
    expect(subject).toContain("Петров Bcc: x@example.com");
  });
});
