import { count, eq, inArray, sql } from "drizzle-orm";
import { PriceListsRepo } from "../../modules/planner/repo.ts";
import { hashPassword } from "../../modules/users/passwords.ts";
import { usernameKey } from "../../modules/users/usernames.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import type { Db } from "../client.ts";
import {
  companies,
  companyManagers,
  companyTransportationCosts,
  locations,
  plannerContainerTypes,
  railwayRouteServices,
  railwayRoutes,
  railwayTransportationCosts,
  relatedUsers,
  roles,
  serviceShipmentKinds,
  services,
  serviceTransportKinds,
  shipmentKinds,
  transportKinds,
  userRoles,
  users,
} from "../schema/index.ts";
import { seedContainers } from "./demo-containers.ts";
import { seedCustomsHistory } from "./demo-customs.ts";
import {
  DEMO_COMPANIES,
  DEMO_COMPANY_MANAGERS,
  DEMO_CONTAINER_CATEGORIES,
  DEMO_PASSWORD,
  DEMO_ROUTES,
  DEMO_SERVICES,
  DEMO_USERS,
  PHONES,
} from "./demo-data.ts";
import { seedOrderFiles } from "./demo-files.ts";
import { seedNotifications } from "./demo-notifications.ts";
import { seedOperations } from "./demo-operations.ts";
import { seedOrders } from "./demo-orders.ts";
import { DEMO_PRICE_LIST, DEMO_ROUTE_PRICES } from "./demo-route-prices.ts";
import { seedTrackDateEvents } from "./demo-tracking.ts";

export { DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";

/** Seeds the demo forwarder when the database has no users yet; returns whether it seeded. */
export async function seedDemoIfEmpty(db: Db, storage?: FileStorage): Promise<boolean> {
  const [row] = await db.select({ count: count() }).from(users);
  if ((row?.count ?? 0) > 0) return false;
  await seedDemo(db, storage);
  return true;
}

/**
 * The demo data set shared by `npm start`, the e2e suite and tests that want a populated portal. The orders'
 * documents and signed orders (and so the containers' packages) come with a file storage to keep them in.
 */
export async function seedDemo(db: Db, storage?: FileStorage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const companyIds = new Map<string, number>();
    for (const [key, values] of Object.entries(DEMO_COMPANIES)) {
      const [company] = await tx.insert(companies).values(values).returning({ id: companies.id });
      if (company) companyIds.set(key, company.id);
    }
    const roleRows = await tx.select().from(roles);
    const roleId = new Map(roleRows.map((role) => [role.name, role.id]));
    const userIds = new Map<string, number>();
    for (const demo of DEMO_USERS) {
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          username_key: usernameKey(demo.username),
          password_hash: passwordHash,
          first_name: demo.first_name,
          last_name: demo.last_name,
          email: demo.first_name ? `${demo.username}@vte-demo.ru` : "",
          phone: PHONES[demo.username] ?? "",
          state: demo.state,
          company_id: demo.company ? (companyIds.get(demo.company) ?? null) : null,
          request_inn: demo.state === "pending" ? "2724123459" : "",
          request_name: demo.state === "pending" ? "ООО «Амурский терминал»" : "",
          request_contract_nums: demo.state === "pending" ? "ТЭО-2026/055" : "",
          ...demo.grants,
        })
        .returning({ id: users.id });
      if (!user) continue;
      userIds.set(demo.username, user.id);
      await tx
        .insert(userRoles)
        .values(demo.roles.map((name) => ({ user_id: user.id, role_id: roleId.get(name) ?? 0 })));
      for (const related of demo.related ?? []) {
        await tx.insert(relatedUsers).values({ user_id: user.id, company_id: companyIds.get(related) ?? 0 });
      }
    }
    await tx.insert(companyManagers).values(
      DEMO_COMPANY_MANAGERS.map(([company, username]) => ({
        company_id: companyIds.get(company) ?? 0,
        manager_id: userIds.get(username) ?? 0,
      })),
    );
    await seedServices(tx);
    await seedPlanner(tx, companyIds.get(DEMO_PRICE_LIST.company));
    await seedOrders(tx, companyIds, userIds);
    if (storage) await seedOrderFiles(tx, storage);
    // After the orders' documents: the containers' packages are made of them
    await seedContainers(tx, userIds);
    await seedTrackDateEvents(tx);
    await seedCustomsHistory(tx);
    await seedOperations(tx);
    await seedNotifications(tx, userIds);
  });
}

/**
 * Routes between the stations the reference books hold (none when they were not loaded), the categories, the
 * routes' base prices, and one customer's price list made from them with its negotiated discount.
 */
async function seedPlanner(db: Db, priceListCompany: number | undefined): Promise<void> {
  const codes = DEMO_ROUTES.flatMap(([, , ...stations]) => stations.filter((code) => code !== null));
  const rows = await db
    .select({ id: locations.id, code: locations.code })
    .from(locations)
    .where(inArray(locations.code, codes));
  const station = new Map(rows.map((row) => [row.code, row.id]));
  const routes = DEMO_ROUTES.flatMap(([description, description_en, from, to, border]) => {
    const [departure, destination] = [station.get(from), station.get(to)];
    if (departure === undefined || destination === undefined) return [];
    return [
      {
        description,
        description_en,
        departure,
        destination,
        border_crossing_point: border ? (station.get(border) ?? null) : null,
      },
    ];
  });
  const categories = await db
    .insert(plannerContainerTypes)
    .values(
      DEMO_CONTAINER_CATEGORIES.map(([code, description, description_en]) => ({
        code,
        description,
        description_en,
      })),
    )
    .returning({ id: plannerContainerTypes.id, code: plannerContainerTypes.code });
  if (routes.length === 0) return;
  const routeRows = await db
    .insert(railwayRoutes)
    .values(routes)
    .returning({ id: railwayRoutes.id, description: railwayRoutes.description });
  const category = new Map(categories.map((row) => [row.code, row.id]));
  for (const route of routeRows) {
    const prices = DEMO_ROUTE_PRICES[route.description];
    if (!prices) throw new Error(`no base prices for the demo route ${route.description}`);
    await db.insert(railwayRouteServices).values(
      prices.services.map(([description, description_en, base_cost]) => ({
        railway_route: route.id,
        description,
        description_en,
        base_cost,
      })),
    );
    await db.insert(railwayTransportationCosts).values(
      prices.transportation.map(([code, base_cost]) => ({
        railway_route: route.id,
        container_type: category.get(code) ?? 0,
        base_cost,
      })),
    );
  }
  if (priceListCompany === undefined) return;
  await new PriceListsRepo(db).copyBasePrices(priceListCompany);
  // The tariffs as negotiated: the discount off the base cost, rounded to hundreds of rubles
  await db
    .update(companyTransportationCosts)
    .set({
      cost: sql`round(${companyTransportationCosts.cost} * ${1 - DEMO_PRICE_LIST.transportationDiscount} / 100) * 100`,
    })
    .where(eq(companyTransportationCosts.company, priceListCompany));
}

/** The services, linked to the kinds the reference books hold (none when they were not loaded). */
async function seedServices(db: Db): Promise<void> {
  const transport = new Map(
    (await db.select().from(transportKinds)).map((kind) => [kind.description_en, kind.id]),
  );
  const shipment = new Map(
    (await db.select().from(shipmentKinds)).map((kind) => [kind.description_en, kind.id]),
  );
  for (const [description, description_en, mailbox, transportNames, shipmentNames, flags] of DEMO_SERVICES) {
    const [service] = await db
      .insert(services)
      .values({
        description,
        description_en,
        contact_email: `${mailbox}@vte-demo.ru`,
        ...Object.fromEntries(flags.map((flag) => [flag, true])),
      })
      .returning({ id: services.id });
    if (!service) continue;
    const transportIds = transportNames.flatMap((name) => transport.get(name) ?? []);
    const shipmentIds = shipmentNames.flatMap((name) => shipment.get(name) ?? []);
    if (transportIds.length > 0) {
      await db
        .insert(serviceTransportKinds)
        .values(transportIds.map((id) => ({ service_id: service.id, transport_kind_id: id })));
    }
    if (shipmentIds.length > 0) {
      await db
        .insert(serviceShipmentKinds)
        .values(shipmentIds.map((id) => ({ service_id: service.id, shipment_kind_id: id })));
    }
  }
}

/** Ids of demo users by username, for tests and e2e set-up. */
export async function demoUserIds(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((user) => user.username),
      ),
    );
  return new Map(rows.map((row) => [row.username, row.id]));
}

export async function demoCompanyId(db: Db, key: keyof typeof DEMO_COMPANIES): Promise<number> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANIES[key].name));
  if (!row) throw new Error(`demo company ${key} is missing`);
  return row.id;
}
