import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderTrackingLinks } from "../../db/schema/index.ts";
import { useContainerTests } from "../../test/containers.ts";

// Public tracking links: made, listed and revoked by those who may open the order (404 for the others), and the
// public page's answer by a link's token: its exact fields, expiry, revocation, throttling, and another order's
// token never showing this one.

const { ctx, world, references } = useContainerTests({ PUBLIC_TRACKING_MAX_PER_ADDRESS: "5" });
const ORDERS = "/tracking/api/freight_orders/";
const PUBLIC = "/tracking/api/public/tracking/";

let addresses = 0;
/** A caller's address of its own, so that each test's reads are counted apart from the others'. */
const newAddress = () => `10.31.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

/** Reads the public page of a token, signed out, from an address, in a language. */
function readPublic(token: string, address = newAddress(), language = "en") {
  return ctx.app.inject({
    method: "GET",
    url: `${PUBLIC}${encodeURIComponent(token)}/`,
    remoteAddress: address,
    headers: { "accept-language": language },
  });
}

/** The token of a link's address. */
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** An order of the client's company with two containers and their milestones, and a link made by the client. */
async function linkedOrder(number = "TGHU8803264") {
  const people = await world();
  const order = await people.order({
    dispatch_location: "Забайкальск (946801)",
    destination: "Ворсино (180102)",
    border_crossing_point_name: "Забайкальск",
    consignor_countrycode: "CN",
    consignee_countrycode: "RU",
    consignor_name: "Shenzhen Trading Co",
    consignor_inn: "7701234567",
    freight_cost: 125000,
    preferred_shipping_period_start: "2026-03-01",
    preferred_shipping_period_end: "2026-03-20",
  });
  const byClient = await ctx.as(people.client);
  const first = await byClient.post("/tracking/api/containers/", {
    freight_order: order.id,
    container: number,
    container_type: references.containerType,
    prepare_to_ship_date: "2026-03-01",
    arrival_at_border_date: "2099-03-09",
    location: "Склад клиента, ворота 4",
  });
  expect(first.statusCode, first.body).toBe(201);
  const made = await byClient.post(`${ORDERS}${order.id}/tracking-links/`, {});
  expect(made.statusCode, made.body).toBe(201);
  return { ...people, order, link: made.json(), token: tokenOf(made.json().url) };
}

describe("GET /tracking/api/public/tracking/:token/", () => {
  it("answers exactly the public fields: number, status, route, planned period, containers and milestones", async () => {
    const { order, token } = await linkedOrder();
    const answer = await readPublic(token);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual(
      ["containers", "number", "planned_shipping_end", "planned_shipping_start", "route", "status"].sort(),
    );
    expect(Object.keys(body.route).sort()).toEqual(
      [
        "border_crossing_point",
        "departure_country",
        "destination",
        "destination_country",
        "dispatch_location",
      ].sort(),
    );
    expect(body).toEqual({
      number: order.id,
      status: "Draft",
      route: {
        dispatch_location: "Забайкальск (946801)",
        destination: "Ворсино (180102)",
        border_crossing_point: "Забайкальск",
        departure_country: "CN",
        destination_country: "RU",
      },
      planned_shipping_start: "2026-03-01",
      planned_shipping_end: "2026-03-20",
      containers: [
        {
          container: "TGHU8803264",
          container_type: "40' high cube",
          events: [
            {
              code: "prepared_to_ship",
              type: "shipment",
              name: "Ready to ship",
              date: "2026-03-01",
              classifier: "ACT",
            },
            {
              code: "arrived_at_border",
              type: "transport",
              name: "Arrived at the border",
              date: "2099-03-09",
              classifier: "PLN",
            },
          ],
        },
      ],
    });
    // Nothing of the parties, prices, places or people leaks, in any field
    for (const secret of ["Shenzhen", "7701234567", "125000", "ворота", "Иванов", "Таёжный"]) {
      expect(answer.body).not.toContain(secret);
    }
  });

  it("names the status and the milestones in the request's language", async () => {
    const { token } = await linkedOrder();
    const body = (await readPublic(token, newAddress(), "ru")).json();
    expect(body.status).toBe("Черновик");
    expect(body.containers[0].container_type).toBe("Контейнер повышенной вместимости 40′");
    expect(body.containers[0].events[0].name).toMatch(/[а-я]/);
  });

  it("is not kept by search engines and passes no referrer", async () => {
    const { token } = await linkedOrder();
    const answer = await readPublic(token);
    expect(answer.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("answers the same 404 for an unknown, a malformed, an expired and a revoked token", async () => {
    const { order, client, token, link } = await linkedOrder();
    const notFound = (await readPublic("x".repeat(43))).body;
    expect(JSON.parse(notFound)).toEqual({ detail: "Not found" });
    for (const bad of [
      "",
      "%00",
      "__proto__",
      "constructor",
      "a".repeat(90),
      `${token}x`,
      token.toUpperCase(),
    ]) {
      const answer = await readPublic(bad);
      expect([404], `${bad.slice(0, 20)}: ${answer.body}`).toContain(answer.statusCode);
    }
    const expired = await (await ctx.as(client)).post(`${ORDERS}${order.id}/tracking-links/`, {});
    await ctx.db
      .update(orderTrackingLinks)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orderTrackingLinks.id, expired.json().id));
    const answerExpired = await readPublic(tokenOf(expired.json().url));
    expect(answerExpired.statusCode).toBe(404);
    expect(answerExpired.body).toBe(notFound);

    expect((await readPublic(token)).statusCode).toBe(200);
    const revoked = await (await ctx.as(client)).delete(`${ORDERS}${order.id}/tracking-links/${link.id}/`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: link.id, is_active: false });
    expect(revoked.json().revoked_at).not.toBeNull();
    const answerRevoked = await readPublic(token);
    expect(answerRevoked.statusCode).toBe(404);
    expect(answerRevoked.body).toBe(notFound);
  });

  it("answers 404 once the order is deleted", async () => {
    const { order, token } = await linkedOrder();
    expect((await readPublic(token)).statusCode).toBe(200);
    await ctx.db.execute(`update freight_orders set deleted_at = now() where id = ${order.id}`);
    expect((await readPublic(token)).statusCode).toBe(404);
  });

  it("shows each token its own order only: another order's token never shows this one", async () => {
    const first = await linkedOrder();
    const second = await linkedOrder("CSQU3054383");
    const one = (await readPublic(first.token)).json();
    const two = (await readPublic(second.token)).json();
    expect([one.number, one.containers.map((c: { container: string }) => c.container)]).toEqual([
      first.order.id,
      ["TGHU8803264"],
    ]);
    expect([two.number, two.containers.map((c: { container: string }) => c.container)]).toEqual([
      second.order.id,
      ["CSQU3054383"],
    ]);
  });

  it("throttles the reads of one address (429 past the limit), whatever the token, and not another's", async () => {
    const { token } = await linkedOrder();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => readPublic(i % 2 ? token : "unknown", address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json().detail).toMatch(/Too many requests from this address/);
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);
    expect((await readPublic(token, address)).statusCode).toBe(429);
    expect((await readPublic(token, newAddress())).statusCode).toBe(200);
  });

  it("marks the link opened when its page is read", async () => {
    const { order, client, token } = await linkedOrder();
    const before = (await (await ctx.as(client)).get(`${ORDERS}${order.id}/tracking-links/`)).json();
    expect(before.results[0].last_opened_at).toBeNull();
    await readPublic(token);
    const after = (await (await ctx.as(client)).get(`${ORDERS}${order.id}/tracking-links/`)).json();
    expect(after.results[0].last_opened_at).not.toBeNull();
  });
});

describe("tracking links of an order (tracking/api/freight_orders/:id/tracking-links/)", () => {
  it("makes a link of 256 random bits, stores only its hash, lasting 30 days unless told", async () => {
    const { order, client, link, token } = await linkedOrder();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`${ctx.config.PORTAL_URL}/track/${token}`);
    expect(link).toMatchObject({
      created_by: { first_name: "Пётр", last_name: "Иванов" },
      revoked_at: null,
      last_opened_at: null,
      is_active: true,
    });
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const stored = await ctx.db.select().from(orderTrackingLinks).where(eq(orderTrackingLinks.id, link.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const short = await (await ctx.as(client)).post(`${ORDERS}${order.id}/tracking-links/`, {
      expires_in_days: 1,
    });
    expect(Math.round((Date.parse(short.json().expires_at) - Date.now()) / 3_600_000)).toBe(24);
    const other = tokenOf(short.json().url);
    expect(other).not.toBe(token);
  });

  it("refuses a bad expiry with a translated message", async () => {
    const { order, client } = await linkedOrder();
    for (const expires_in_days of [0, 366, 1e12, 1.5, "30", null]) {
      const answer = await (await ctx.as(client)).post(`${ORDERS}${order.id}/tracking-links/`, {
        expires_in_days,
      });
      expect(answer.statusCode, String(expires_in_days)).toBe(400);
      expect(answer.json()).toHaveProperty("expires_in_days");
    }
  });

  it("lists the order's links newest first, revoked ones marked", async () => {
    const { order, client, manager, link } = await linkedOrder();
    const byManager = await ctx.as(manager);
    const second = (await byManager.post(`${ORDERS}${order.id}/tracking-links/`, {})).json();
    await byManager.delete(`${ORDERS}${order.id}/tracking-links/${link.id}/`);
    const listed = (await (await ctx.as(client)).get(`${ORDERS}${order.id}/tracking-links/`)).json();
    expect(listed.results.map((row: { id: number }) => row.id)).toEqual([second.id, link.id]);
    expect(listed.results.map((row: { is_active: boolean }) => row.is_active)).toEqual([true, false]);
    expect(listed.results[0]).not.toHaveProperty("url");
  });

  it("lets the order's company, its related users and managers make links; another company gets 404", async () => {
    const { order, outsider, related, manager, link } = await linkedOrder();
    for (const user of [related, manager]) {
      expect((await (await ctx.as(user)).post(`${ORDERS}${order.id}/tracking-links/`, {})).statusCode).toBe(
        201,
      );
    }
    const paths = [`${ORDERS}${order.id}/tracking-links/`, `${ORDERS}${order.id}/tracking-links/${link.id}/`];
    await ctx.expectRefused({ outsider }, (api) => api.post(paths[0] as string, {}), 404);
    await ctx.expectRefused({ outsider }, (api) => api.get(paths[0] as string), 404);
    await ctx.expectRefused({ outsider }, (api) => api.delete(paths[1] as string), 404);
    const anonymous = await ctx.app.inject({ method: "GET", url: paths[0] });
    expect(anonymous.statusCode).toBe(401);
  });

  it("revokes only a link of the order in the path: another order's link is a 404 and stays active", async () => {
    const first = await linkedOrder();
    const second = await linkedOrder();
    const byClient = await ctx.as(second.client);
    const answer = await byClient.delete(`${ORDERS}${second.order.id}/tracking-links/${first.link.id}/`);
    expect(answer.statusCode).toBe(404);
    expect((await readPublic(first.token)).statusCode).toBe(200);
  });

  it("revokes once: a second revocation keeps the first one's time", async () => {
    const { order, client, link } = await linkedOrder();
    const api = await ctx.as(client);
    const [a, b] = await Promise.all([
      api.delete(`${ORDERS}${order.id}/tracking-links/${link.id}/`),
      api.delete(`${ORDERS}${order.id}/tracking-links/${link.id}/`),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const again = await api.delete(`${ORDERS}${order.id}/tracking-links/${link.id}/`);
    expect(again.json().revoked_at).toBe(a?.json().revoked_at);
  });
});
