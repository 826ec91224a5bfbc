import {
  CONTAINER_STATUSES,
  containerCheckDigit,
  isValidContainerNumber,
  type PkgState,
} from "@portal/domain";
import { asc, eq, sql } from "drizzle-orm";
import { TRANSPORT_TYPES } from "../../modules/containers/customs-simulator.ts";
import type { Db } from "../client.ts";
import {
  containerPackageFiles,
  containerPackageIds,
  containers,
  documentTypes,
  freightOrderFiles,
  freightOrders,
  locations,
} from "../schema/index.ts";

// The demo's containers: on every demo order, as far along as the order is (numbers typed on a draft, packages for
// the transit declaration once it is approved, a train and its dates once it is under way, released when it is
// completed), with a few numbers that fail ISO 6346 as people mistype them, and packages in every state the
// customs declaration system gives, made of the order's documents. The packages still on their way when the server
// starts are decided by the customs simulator then: most hold the invoice and the railway's consignment note it
// accepts, every third leaves the note out, so that the demo shows a rejection among the acceptances.

/** Every how many packages on their way one leaves the transport document out (and is rejected). */
const INCOMPLETE_EVERY = 3;

/** How far an order's containers have got, by the order's status (DOMAIN.md's workflow). */
interface Stage {
  /** How many of the order's containers are entered: all, or the first half (a draft being filled). */
  entered: "all" | "half";
  /** The packages of its containers in turn (null: none); only where the order has documents. */
  packages: (PkgState | null)[];
  /** 0 planned, 1 documents ready, 2 on the rails, 3 delivered. */
  progress: 0 | 1 | 2 | 3;
  status: number;
  /** The last container's number as someone mistyped it. */
  mistyped?: "check digit" | "letter O";
}

const STAGES: Record<number, Stage> = {
  1: { entered: "half", packages: [], progress: 0, status: CONTAINER_STATUSES.pending, mistyped: "letter O" },
  3: { entered: "all", packages: [], progress: 0, status: CONTAINER_STATUSES.pending },
  4: {
    entered: "all",
    packages: ["rejected"],
    progress: 0,
    status: CONTAINER_STATUSES.pending,
    mistyped: "check digit",
  },
  2: { entered: "all", packages: ["pending", "uploaded"], progress: 1, status: CONTAINER_STATUSES.pending },
  5: {
    entered: "all",
    packages: ["accepted", "rejected", "processing_error"],
    progress: 1,
    status: CONTAINER_STATUSES.approved,
  },
  6: {
    entered: "all",
    packages: ["accepted", "accepted", "withdraw"],
    progress: 2,
    status: CONTAINER_STATUSES.approved,
  },
  7: { entered: "all", packages: ["accepted"], progress: 3, status: CONTAINER_STATUSES.approved },
  8: { entered: "all", packages: ["withdrawn", null], progress: 0, status: CONTAINER_STATUSES.declined },
};

/** Owner codes of container fleets that run between China, Central Asia and Russia. */
const OWNERS = ["TKRU", "FESU", "CSNU", "TGHU", "SEGU", "CAIU", "BMOU", "RZDU", "TCKU", "MRKU"];

/** A container number of the fleet, right or mistyped; the same for every run of the seed. */
export function demoContainerNumber(
  orderIndex: number,
  position: number,
  mistyped?: Stage["mistyped"],
): string {
  const owner = OWNERS[(orderIndex + position) % OWNERS.length] as string;
  const serial = String(100_000 + ((orderIndex * 7_919 + position * 104_729) % 900_000));
  const digit = containerCheckDigit(`${owner}${serial}`) ?? 0;
  if (mistyped === "check digit") return `${owner}${serial}${(digit + 1) % 10}`;
  if (mistyped === "letter O") return `${owner}${serial.slice(0, 2)}O${serial.slice(3)}${digit}`;
  return `${owner}${serial}${digit}`;
}

const DAY = 24 * 60 * 60 * 1000;
const dateOf = (from: Date, days: number) => new Date(from.getTime() + days * DAY).toISOString().slice(0, 10);

/** What the customs declaration system said of a package in each state. */
function packageFields(
  state: PkgState,
  created: Date,
  index: number,
): Partial<typeof containers.$inferInsert> {
  switch (state) {
    case "accepted": {
      const issued = dateOf(created, 9);
      return {
        td_number: `10719110/${issued.slice(8, 10)}${issued.slice(5, 7)}${issued.slice(2, 4)}/${String(31_450 + index).padStart(7, "0")}`,
        td_date: issued,
        td_allowed_date: issued,
        td_end_date: dateOf(created, 17),
        td_control: "Таможня назначения: Новосибирская таможня, т/п Ж/д станция Клещиха",
        // The simulator's words (customs-simulator.ts): the status the system gives an accepted declaration
        transit_decl_status: "Выпуск для транзита разрешён",
        transit_decl_status_date: issued,
      };
    }
    case "rejected":
      // No declaration is registered: its status stays empty, as the exchange leaves it
      return {
        pkg_message: "Отказ в регистрации: вес брутто в инвойсе не совпадает с весом в накладной СМГС",
      };
    case "processing_error":
      return { pkg_message: "Система таможенного декларирования не ответила за отведённое время" };
    default:
      return {};
  }
}

/** The railway's dates and numbers as far as the container has got. */
function progressFields(progress: Stage["progress"], created: Date, position: number) {
  const fields: Partial<typeof containers.$inferInsert> = {
    prepare_to_ship_date: dateOf(created, 10 + position),
  };
  if (progress >= 1) {
    Object.assign(fields, {
      commercial_documents_upload_date: dateOf(created, 4),
      location: "Станция отправления, контейнерная площадка",
      location_date: dateOf(created, 5),
    });
  }
  if (progress >= 2) {
    Object.assign(fields, {
      start_tracking_date: dateOf(created, 10),
      railway_bill_filing_date: dateOf(created, 9),
      railway_accept_date: dateOf(created, 10),
      railway_loading_date: dateOf(created, 11),
      railway_trip_start_date: dateOf(created, 12),
      railway_transport_number: `КП ${1201 + position * 2}`,
      railwaybill_number: `ЭЖ${String(482_310 + position * 17).padStart(6, "0")}`,
      location: "В пути: Восточно-Сибирская ж. д.",
      location_date: dateOf(created, 15),
      arrival_at_border_date: position === 0 ? dateOf(created, 16) : null,
    });
  }
  if (progress >= 3) {
    Object.assign(fields, {
      arrival_at_border_date: dateOf(created, 16),
      railway_trip_finish_date: dateOf(created, 24),
      final_release_date: dateOf(created, 26),
      final_destination: "Склад грузополучателя",
      location: "Выдан грузополучателю",
      location_date: dateOf(created, 26),
      tracking_done: true,
    });
  }
  return fields;
}

/**
 * Writes the containers of every demo order (after the orders and their documents), each package made of the
 * order's documents with an id from the packages' sequence.
 */
export async function seedContainers(db: Db, userIds: Map<string, number>): Promise<void> {
  const manager = userIds.get("manager") ?? null;
  const orders = await db
    .select({
      id: freightOrders.id,
      status: freightOrders.status,
      container_count: freightOrders.container_count,
      container_type: freightOrders.container_type,
      author_id: freightOrders.author_id,
      create_date: freightOrders.create_date,
      crossing_kind: locations.kind,
    })
    .from(freightOrders)
    .leftJoin(locations, eq(locations.id, freightOrders.border_crossing_point))
    .orderBy(asc(freightOrders.id));
  const documents = new Map<number, { id: number; type: string | null }[]>();
  for (const file of await db
    .select({
      id: freightOrderFiles.id,
      order: freightOrderFiles.freight_order_id,
      type: documentTypes.title_en,
    })
    .from(freightOrderFiles)
    .leftJoin(documentTypes, eq(documentTypes.id, freightOrderFiles.document_type))
    .where(eq(freightOrderFiles.kind, "document"))
    .orderBy(asc(freightOrderFiles.id))) {
    documents.set(file.order, [...(documents.get(file.order) ?? []), file]);
  }
  let inFlight = 0;

  for (const [orderIndex, order] of orders.entries()) {
    const stage = STAGES[order.status];
    if (!stage) continue;
    const entered = stage.entered === "all" ? order.container_count : Math.ceil(order.container_count / 2);
    const files = documents.get(order.id) ?? [];
    for (let position = 0; position < entered; position++) {
      const container = demoContainerNumber(
        orderIndex,
        position,
        position === entered - 1 ? stage.mistyped : undefined,
      );
      const state =
        files.length > 0 ? (stage.packages[position % Math.max(stage.packages.length, 1)] ?? null) : null;
      const isPort = order.crossing_kind === "port" && stage.progress >= 1;
      const [row] = await db
        .insert(containers)
        .values({
          freight_order_id: order.id,
          container,
          is_number_valid: isValidContainerNumber(container),
          container_type: order.container_type,
          status: stage.status,
          ...progressFields(stage.progress, order.create_date, position),
          ...(isPort
            ? {
                port_freight_forwarding_status: "Выгружен с судна на терминал порта",
                port_freight_forwarding_status_date: dateOf(order.create_date, 3),
              }
            : {}),
          ...(state ? packageFields(state, order.create_date, orderIndex * 10 + position) : {}),
          pkg_state: state,
          pkg_pid: state ? sql.raw(`nextval('${containerPackageIds.seqName}')`) : null,
          author_id: order.author_id,
          updated_by_id: stage.progress >= 1 ? (manager ?? order.author_id) : order.author_id,
          create_date: new Date(order.create_date.getTime() + 60 * 60 * 1000),
        })
        .returning({ id: containers.id });
      if (row && state) {
        const isIncomplete =
          (state === "pending" || state === "uploaded") &&
          inFlight++ % INCOMPLETE_EVERY === INCOMPLETE_EVERY - 1;
        const content = isIncomplete
          ? files.filter((file) => !TRANSPORT_TYPES.includes(file.type ?? ""))
          : files;
        await db
          .insert(containerPackageFiles)
          .values(content.map((file) => ({ container_id: row.id, freight_order_file_id: file.id })));
      }
    }
  }
}
