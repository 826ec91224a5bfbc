import { inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  containerTypes,
  directoryCompanies,
  freightOrderHistory,
  freightOrderServices,
  freightOrders,
  freightOrderTransportKinds,
  locations,
  services,
  shipmentKinds,
  transportKinds,
} from "../schema/index.ts";
import { DEMO_USERS, PHONES } from "./demo-data.ts";
import { DEMO_DIRECTORY } from "./demo-directory.ts";
import type { DemoOrder } from "./demo-order-shape.ts";
import { MACHINERY_ORDERS } from "./demo-orders-machinery.ts";
import { TIMBER_ORDERS } from "./demo-orders-timber.ts";
import { TRADING_ORDERS } from "./demo-orders-trading.ts";

// The demo's shipping orders written into the database: two in every status of the workflow, across the three
// customers, each with the history of how it got there (status changes with their comments, and some edits of
// fields along the way), and the consignor/consignee directory. Stations and border crossings by ESR code,
// freight by ETSNG and GNG codes of the reference books, container types by ISO 6346 code.

/** Every customer's orders, in the order they are written (and so numbered). */
const DEMO_ORDERS: DemoOrder[] = [...TIMBER_ORDERS, ...TRADING_ORDERS, ...MACHINERY_ORDERS];

const DAY = 24 * 60 * 60 * 1000;

function authorOf(username: string) {
  const user = DEMO_USERS.find((demo) => demo.username === username);
  if (!user) throw new Error(`demo orders name an unknown user ${username}`);
  return user;
}

/**
 * Writes the demo orders with their links and history, and the directory. Stations, container types, kinds and
 * services are looked up by code and name; what the reference books lack is left empty.
 */
export async function seedOrders(
  db: Db,
  companyIds: Map<string, number>,
  userIds: Map<string, number>,
): Promise<void> {
  const idOf = (map: Map<string, number>, key: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`demo orders name an unknown ${key}`);
    return id;
  };
  const stations = new Map(
    (
      await db
        .select({ id: locations.id, code: locations.code })
        .from(locations)
        .where(
          inArray(
            locations.code,
            DEMO_ORDERS.flatMap((order) => order.border ?? []),
          ),
        )
    ).map((row) => [row.code, row.id]),
  );
  const types = new Map((await db.select().from(containerTypes)).map((row) => [row.code, row.id]));
  const kinds = new Map((await db.select().from(transportKinds)).map((row) => [row.description_en, row.id]));
  const shipments = new Map(
    (await db.select().from(shipmentKinds)).map((row) => [row.description_en, row.id]),
  );
  const offered = new Map((await db.select().from(services)).map((row) => [row.description_en, row.id]));
  const now = Date.now();

  for (const demo of DEMO_ORDERS) {
    const author = idOf(userIds, demo.author);
    const created = new Date(now - demo.daysAgo * DAY);
    // The moves are spread over the order's life so far, the last a few hours ago
    const step = (demo.daysAgo * DAY - 3 * 60 * 60 * 1000) / Math.max(demo.path.length, 1);
    const at = (index: number) => new Date(created.getTime() + step * (index + 1));
    const lastMove = demo.path.at(-1);
    const [order] = await db
      .insert(freightOrders)
      .values({
        ...demo.values,
        company_id: idOf(companyIds, demo.company),
        status: demo.status,
        status_comment: lastMove?.[2] ?? "",
        direction: demo.direction,
        border_crossing_point: demo.border ? (stations.get(demo.border) ?? null) : null,
        container_type: types.get(demo.containerType) ?? null,
        shipment_kind: shipments.get(demo.shipment) ?? null,
        // The author's contacts, as the form fills them in for a new order
        order_contacts: `${authorOf(demo.author).last_name} ${authorOf(demo.author).first_name}`,
        order_contacts_phone: PHONES[demo.author] ?? "",
        order_contacts_email: `${demo.author}@vte-demo.ru`,
        approved_cost: demo.cost?.[0] ?? null,
        vat_percent: demo.cost?.[1] ?? null,
        is_paid: demo.isPaid ?? false,
        author_id: author,
        updated_by_id: lastMove ? idOf(userIds, lastMove[1]) : author,
        create_date: created,
        update_date: lastMove ? at(demo.path.length - 1) : created,
      })
      .returning({ id: freightOrders.id });
    if (!order) continue;
    const transport = demo.transport.flatMap((name) => kinds.get(name) ?? []);
    if (transport.length > 0) {
      await db
        .insert(freightOrderTransportKinds)
        .values(transport.map((id) => ({ freight_order_id: order.id, transport_kind_id: id })));
    }
    const ordered = demo.services.flatMap((name) => offered.get(name) ?? []);
    if (ordered.length > 0) {
      await db
        .insert(freightOrderServices)
        .values(ordered.map((id) => ({ freight_order_id: order.id, service_id: id })));
    }

    const history: (typeof freightOrderHistory.$inferInsert)[] = [
      { freight_order_id: order.id, kind: "status", user_id: author, status: 1, modify_date: created },
    ];
    demo.path.forEach(([status, username, comment], index) => {
      const when = at(index);
      for (const [field, old_value, new_value, editor] of demo.edits?.[index] ?? []) {
        const user_id = idOf(userIds, editor);
        history.push({
          freight_order_id: order.id,
          kind: "field",
          user_id,
          field,
          old_value,
          new_value,
          modify_date: when,
        });
      }
      const user_id = idOf(userIds, username);
      history.push({
        freight_order_id: order.id,
        kind: "status",
        user_id,
        status,
        status_comment: comment ?? "",
        modify_date: when,
      });
      if (status === 2 && demo.cost) {
        const [cost, vat] = demo.cost;
        history.push(
          {
            freight_order_id: order.id,
            kind: "field",
            user_id,
            field: "approved_cost",
            new_value: String(cost),
            modify_date: when,
          },
          {
            freight_order_id: order.id,
            kind: "field",
            user_id,
            field: "vat_percent",
            new_value: String(vat),
            modify_date: when,
          },
        );
      }
    });
    if (demo.isPaid) {
      history.push({
        freight_order_id: order.id,
        kind: "field",
        user_id: idOf(userIds, "head"),
        field: "is_paid",
        old_value: "false",
        new_value: "true",
        modify_date: new Date(now - 2 * 60 * 60 * 1000),
      });
    }
    await db.insert(freightOrderHistory).values(history);
  }

  await db
    .insert(directoryCompanies)
    .values(DEMO_DIRECTORY.map(({ owner, ...entry }) => ({ ...entry, company_id: idOf(companyIds, owner) })));
}
