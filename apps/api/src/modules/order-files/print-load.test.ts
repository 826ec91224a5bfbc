import { describe, expect, it } from "vitest";
import { useTestContext } from "../../test/context.ts";
import { buildOrder } from "../../test/orders.ts";

const ORDERS = "/tracking/api/freight_orders/";

// One PDF thread, so that prints wait for it in a known order; two documents under way per user
const ctx = useTestContext({ PDF_THREADS: "1", PDF_PER_USER: "2" });

/** A company's order long enough for its print to take a while (several pages), and `users` of the company. */
async function longOrder(users: number) {
  const company = await ctx.buildCompany();
  const author = await ctx.buildUser({ company_id: company.id });
  const clients = [author];
  while (clients.length < users) clients.push(await ctx.buildUser({ company_id: company.id }));
  const order = await buildOrder(ctx.db, {
    company_id: company.id,
    author_id: author.id,
    notes: "Очень длинное примечание к заявке. ".repeat(85).slice(0, 3000),
    freight_description: "Ж ".repeat(500),
  });
  return { clients, order };
}

async function print(user: { id: number; token_version: number }, orderId: number, lang = "ru") {
  return ctx.app.inject({
    method: "GET",
    url: `${ORDERS}${orderId}/print`,
    headers: await ctx.authHeaders(user, lang),
  });
}

describe("prints while the API answers others", () => {
  it("answers a manager's list sent once the first of four prints is out before any of the other three", async () => {
    const { clients, order } = await longOrder(4);
    const forwarder = await ctx.buildCompany({ is_expedition_company: true });
    const manager = await ctx.buildUser({ company_id: forwarder.id, roles: ["Manager"] });
    const listHeaders = await ctx.authHeaders(manager, "ru");
    const finished: string[] = [];
    const prints = clients.map((client, i) =>
      print(client, order.id).then((response) => {
        finished.push(`print ${i}`);
        return response;
      }),
    );
    // Sent once a print is out: the other three are building or waiting for the thread. On the event loop each
    // build held every request until it was done, and the list came last.
    await Promise.race(prints);
    const list = await ctx.app.inject({ method: "GET", url: `${ORDERS}?take=20`, headers: listHeaders });
    finished.push("list");
    const responses = await Promise.all(prints);
    expect(list.statusCode).toBe(200);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(finished.indexOf("list"), finished.join(", ")).toBe(1);
  });
});

describe("the documents one user may have under way", () => {
  it("refuses a user's prints past two under way with a translated 429 and Retry-After, and no one else's", async () => {
    const { clients, order } = await longOrder(2);
    const [client, colleague] = clients;
    if (!client || !colleague) throw new Error("users not built");
    const languages = ["ru", "en", "ru", "en"];
    const burst = await Promise.all([
      ...languages.map((lang) => print(client, order.id, lang)),
      print(colleague, order.id),
    ]);
    const mine = burst.slice(0, 4);
    expect(mine.map((response) => response.statusCode).sort()).toEqual([200, 200, 429, 429]);
    const detail = {
      en: "Too many of your documents are being prepared at once. Try again in a few seconds.",
      ru: "Слишком много ваших документов готовится одновременно. Повторите через несколько секунд.",
    };
    mine.forEach((response, i) => {
      if (response.statusCode !== 429) return;
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.json()).toEqual({ detail: detail[languages[i] as "en" | "ru"] });
    });
    // The colleague's own bound is untouched by the client's burst
    expect(burst[4]?.statusCode).toBe(200);
    // Done, they free their places: the client prints again
    expect((await print(client, order.id)).statusCode).toBe(200);
  });
});
