import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context.ts";
import { loadReferenceData } from "../reference-data.ts";
import { DEMO_PASSWORD, DEMO_USERS, demoCompanyId, seedDemoIfEmpty } from "./demo.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await loadReferenceData(ctx.db);
}, 120_000);
afterAll(() => ctx?.close());

/** What each demo login must show, as the README and the start-up banner promise. */
const EXPECTED: Record<string, object> = {
  manager: {
    is_manager: true,
    is_head: false,
    is_administrator: false,
    company: { is_expedition_company: true },
  },
  head: { is_manager: true, is_head: true, can_set_is_paid: true, can_edit_refbook: true },
  admin: { is_manager: true, is_administrator: true, is_staff: true },
  rwmanager: { is_manager: true, is_head: false, roles: [{ name: "RWManager" }] },
  client: { is_manager: false, can_access_to_monitoring: true, company: { name: "ООО «Сибирский лес»" } },
  client2: { is_manager: false, can_select_company: true, company: { debtor: true } },
  client3: { is_manager: false, can_select_company: false, can_access_to_monitoring: false },
  newcomer: { state: "new", company: null, roles: [{ name: "Customer" }] },
  // The INN the applicant sent has valid check digits, as a real one would
  applicant: {
    state: "pending",
    company: null,
    request_name: "ООО «Амурский терминал»",
    request_inn: "2724123459",
  },
};

describe("demo data", () => {
  it("seeds an empty database once", async () => {
    expect(await seedDemoIfEmpty(ctx.db)).toBe(true);
    expect(await seedDemoIfEmpty(ctx.db)).toBe(false);
  });

  it.each(DEMO_USERS.map((user) => user.username))(
    "%s signs in with the demo password and has its role",
    async (username) => {
      const token = await ctx.app.inject({
        method: "POST",
        url: "/api/token/",
        payload: { username, password: DEMO_PASSWORD },
      });
      expect(token.statusCode).toBe(200);
      const me = await ctx.app.inject({
        url: "/profile/api/users/me/",
        headers: { authorization: `JWT ${token.json().access}` },
      });
      expect(me.json()).toMatchObject({ username, ...EXPECTED[username] });
    },
  );

  it("leaves the bells of the client and the manager not empty, some entries unread, each linking to its object", async () => {
    for (const username of ["client", "manager"]) {
      const token = (
        await ctx.app.inject({
          method: "POST",
          url: "/api/token/",
          payload: { username, password: DEMO_PASSWORD },
        })
      ).json();
      const headers = { authorization: `JWT ${token.access}` };
      const listed = (await ctx.app.inject({ url: "/api/notifications/", headers })).json();
      expect(listed.count, username).toBeGreaterThanOrEqual(2);
      expect(
        listed.results.some((entry: { read: boolean }) => !entry.read),
        username,
      ).toBe(true);
      for (const entry of listed.results)
        expect(entry.link).toMatch(/^\/(freight-orders|containers|profiles)/);
    }
  });

  it("gives the customer companies their managers for the Contacts popup", async () => {
    const token = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/token/",
        payload: { username: "client", password: DEMO_PASSWORD },
      })
    ).json();
    const headers = { authorization: `JWT ${token.access}` };
    const me = (await ctx.app.inject({ url: "/profile/api/users/me/", headers })).json();
    const managers = await ctx.app.inject({
      url: `/profile/api/companies/${me.company_id}/managers/`,
      headers,
    });
    expect(
      managers
        .json()
        .results.map((m: { last_name: string }) => m.last_name)
        .sort(),
    ).toEqual(["Морозов", "Соколова"]);
  });
});

describe("demo services", () => {
  it("offers believable services linked to the reference books' kinds, with every flag used", async () => {
    const user = await ctx.buildUser();
    const response = await ctx.app.inject({
      url: "/service/api/service/?take=100",
      headers: await ctx.authHeaders(user),
    });
    const { results } = response.json() as { results: Record<string, unknown>[] };
    expect(results.length).toBeGreaterThanOrEqual(10);
    expect(results.every((service) => (service.transport_kind as number[]).length > 0)).toBe(true);
    expect(results.every((service) => (service.shipment_kind as number[]).length > 0)).toBe(true);
    for (const flag of ["is_shipping", "is_port_freight_forwarding", "is_transit_decl"]) {
      expect(
        results.some((service) => service[flag] === true),
        flag,
      ).toBe(true);
    }
  });
});

describe("demo planner", () => {
  it("routes between real stations, abroad through their border crossing, and the priced container categories", async () => {
    const headers = await ctx.authHeaders(await ctx.buildUser());
    const routes = (
      await ctx.app.inject({ url: "/planner/api/railway_route/?search=забайкальск", headers })
    ).json();
    expect(routes.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          description: "Забайкальск — Селятино",
          departure_name: "Забайкальск",
          destination_name: "Селятино",
          border_crossing_point_name: "Забайкальск",
        }),
      ]),
    );
    const all = (await ctx.app.inject({ url: "/planner/api/railway_route/?take=100", headers })).json();
    expect(all.count).toBe(10);
    const domestic = all.results.find((route: { description: string }) =>
      route.description.startsWith("Находка"),
    );
    expect(domestic).toMatchObject({ border_crossing_point: null, border_crossing_point_name: null });
    const categories = (
      await ctx.app.inject({ url: "/planner/api/container_type/?search=40", headers })
    ).json();
    expect(categories.results.map((row: { code: string }) => row.code)).toEqual(["40DC", "40HC", "40RH"]);
  });
});

describe("demo price lists", () => {
  it("prices every route's services and containers, and gives one customer a price list already", async () => {
    const headers = await ctx.authHeaders(await ctx.buildUser({ roles: ["Manager"] }));
    const get = async (url: string) => (await ctx.app.inject({ url, headers })).json();
    const services = await get("/planner/api/railway_route_all_services/?take=1000");
    const costs = await get("/planner/api/railway_route_all_transportation_cost/?take=1000");
    const routes = (await get("/planner/api/railway_route/?take=100")).results as { id: number }[];
    for (const route of routes) {
      const own = services.results.filter((row: { railway_route: number }) => row.railway_route === route.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(costs.results.some((row: { railway_route: number }) => row.railway_route === route.id)).toBe(
        true,
      );
    }
    const gauge = services.results.filter((row: { description_en: string }) =>
      row.description_en.startsWith("Transshipment from 1435"),
    );
    // The change of gauge where the routes from China and Kazakhstan enter the 1520 network
    expect(gauge.map((row: { railway_route_description: string }) => row.railway_route_description)).toEqual([
      "Алтынколь — Ворсино (через Озинки)",
      "Достык — Белый Раст (через Илецк I)",
      "Забайкальск — Селятино",
    ]);

    const timber = await get(`/planner/api/company/${await demoCompanyId(ctx.db, "timber")}/`);
    expect(timber.price_list).toEqual({ services: services.count, transportation_costs: costs.count });
    const own = await get(`/planner/api/company/${timber.id}/transportation_cost/?search=40HC%20наушки`);
    // The negotiated tariff: 4 % off the base cost, in hundreds of rubles
    expect(own.results).toEqual([expect.objectContaining({ base_cost: 113200, cost: 108700 })]);
    const trading = await get(`/planner/api/company/${await demoCompanyId(ctx.db, "trading")}/`);
    expect(trading.price_list).toEqual({ services: 0, transportation_costs: 0 });
  });
});

describe("demo orders", () => {
  const signIn = async (username: string) => {
    const token = await ctx.app.inject({
      method: "POST",
      url: "/api/token/",
      payload: { username, password: DEMO_PASSWORD },
    });
    return { authorization: `JWT ${token.json().access}` };
  };

  it("has orders in every status, of every customer, on real crossings with freight codes of the books", async () => {
    const headers = await signIn("manager");
    const get = async (url: string) => (await ctx.app.inject({ url, headers })).json();
    const statuses = await get("/tracking/api/freight_orders/?group=status");
    expect(statuses.groups.map((group: { key: number }) => group.key).sort()).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    const companies = await get("/tracking/api/freight_orders/?group=company_name");
    expect(companies.groups.map((group: { key: string }) => group.key).sort()).toEqual([
      "АО «ДальТоргИмпорт»",
      "ООО «Сибирский лес»",
      "ООО «Уралмашкомплект»",
    ]);
    const orders = (await get("/tracking/api/freight_orders/?take=100")).results as Record<string, unknown>[];
    expect(orders.every((order) => order.border_crossing_point_name !== "")).toBe(true);
    expect(orders.every((order) => (order.transport_kinds as number[]).length > 0)).toBe(true);
    for (const code of new Set(orders.map((order) => order.etsng_code).filter(Boolean))) {
      expect((await get(`/refbooks/api/etsng/?search=${code}`)).count, String(code)).toBeGreaterThan(0);
    }
    for (const code of new Set(orders.map((order) => order.gng_code).filter(Boolean))) {
      expect((await get(`/refbooks/api/gng/?search=${code}`)).count, String(code)).toBeGreaterThan(0);
    }
    const crossings = new Set(orders.map((order) => order.border_crossing_point_name));
    expect(crossings).toContain("Забайкальск");
    expect(crossings).toContain("Достык");
  });

  it("tells each order's story in its history, and shows a client only their company's orders", async () => {
    const headers = await signIn("client");
    const get = async (url: string) => (await ctx.app.inject({ url, headers })).json();
    const mine = (await get("/tracking/api/freight_orders/?take=100")).results as Record<string, unknown>[];
    expect(new Set(mine.map((order) => order.company_name))).toEqual(new Set(["ООО «Сибирский лес»"]));
    const completed = mine.find((order) => order.status === 7);
    expect(completed).toMatchObject({ is_paid: true, approved_cost: expect.any(Number) });
    const history = (await get(`/tracking/api/freight_orders/${completed?.id}/history/`)).results;
    expect(
      history
        .filter((entry: { kind: string }) => entry.kind === "status")
        .map((entry: { status: { id: number } }) => entry.status.id),
    ).toEqual([7, 6, 5, 2, 3, 1]);
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "field", field: "container_count", old_value: "3", new_value: "4" }),
        expect.objectContaining({
          kind: "field",
          field: "is_paid",
          user: expect.objectContaining({ username: "head" }),
        }),
      ]),
    );
    const correction = mine.find((order) => order.status === 4);
    expect(correction?.status_comment).not.toBe("");
  });

  it("keeps a directory of the customers' parties and the forwarder's public ones", async () => {
    const headers = await signIn("client3");
    const directory = (
      await ctx.app.inject({ url: "/tracking/api/directory/company/?take=100", headers })
    ).json();
    const names = directory.results.map((entry: { short_name: string }) => entry.short_name);
    expect(names).toEqual(expect.arrayContaining(["АО «Восточный порт»", "ТОО «Казмашсервис»"]));
    expect(names).not.toContain("Manzhouli Jinhe Timber Trading");
    const suggestions = await ctx.app.inject({
      url: "/tracking/api/directory/freight-order-suggestion?field_name=freight_description&search=станк",
      headers,
    });
    expect(suggestions.json().results.length).toBeGreaterThan(0);
  });
  it("places every order's dispatch and destination at a location the station lookup finds by that name", async () => {
    const headers = await signIn("manager");
    const orders = (
      await (await ctx.app.inject({ url: "/tracking/api/freight_orders/?take=100", headers })).json()
    ).results as { dispatch_location: string; destination: string }[];
    const places = new Set(orders.flatMap((order) => [order.dispatch_location, order.destination]));
    expect(places).toContain("Маньчжурия");
    for (const place of places) {
      const url = `/tracking/api/locations/?take=100&search=${encodeURIComponent(place)}`;
      const found = (await (await ctx.app.inject({ url, headers })).json()).results as { location: string }[];
      expect(
        found.map((row) => row.location),
        place,
      ).toContain(place);
    }
  });
});

describe("demo containers", () => {
  it("puts containers on the orders within their counts, a few numbers mistyped, seen through the orders' calls", async () => {
    const headers = await ctx.authHeaders(await ctx.buildUser({ roles: ["Manager"] }));
    const get = async (url: string) => (await ctx.app.inject({ url, headers })).json();
    const orders = (await get("/tracking/api/freight_orders/?take=100")).results as {
      id: number;
      container_count: number;
    }[];
    let total = 0;
    for (const order of orders) {
      const page = await get(`/tracking/api/freight_orders/${order.id}/containers/?take=100`);
      expect(page.count).toBeGreaterThan(0);
      expect(page.count).toBeLessThanOrEqual(order.container_count);
      total += page.count;
    }
    const all = await get("/tracking/api/containers/?take=1000");
    expect(all.count).toBe(total);
    const invalid = await get("/tracking/api/containers/?filters=is_number_valid=false");
    expect(invalid.count).toBeGreaterThanOrEqual(2);
    expect(invalid.count).toBeLessThan(total / 5);
  });
});
