import { MONITORED_ORDER_STATUSES } from "@portal/domain";
import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  containerMonitoring,
  containers,
  containerTerminal,
  containerTypes,
  freightOrders,
} from "../schema/index.ts";

// The demo's monitoring and terminal report (DOMAIN.md "Demo data": "monitoring and terminal rows"): what the
// forwarder's managers fill in for the containers under way. The rows themselves exist already (made with each
// container by migration 0018's trigger); this writes their cells.

/** The carriers' and partners' names the monitoring cells take in turn. */
const FOREIGN_FORWARDERS = [
  "Harbin Rail Logistics Co., Ltd",
  "Manzhouli Huayu International Forwarding",
  "KTZ Express JSC",
  "Suifenhe Xinda Trading Co.",
];
/** A foreign leg's invoice: its currency and amount (dollars for Kazakhstan's railway, yuan for Chinese partners). */
const FOREIGN_INVOICES: [currency: string, cost: number][] = [
  ["CNY", 12_400],
  ["CNY", 9_850.5],
  ["USD", 1_850],
  ["CNY", 11_200],
];
const INTERNAL_COSTS = [186_500, 214_300, 172_900.4, 198_000];
const ADDITIONAL_EXPENSES = [null, 12_500, 4_300.75, null, 27_800];

const OWNERS = ["SOC", "COC CMA CGM", "ПАО «ТрансКонтейнер»", "FESCO"];
const PLATFORM_MODELS = ["13-9004М", "13-470", "13-9009", "13-1281"];
const SPECIAL_CONDITIONS = ["", "Не кантовать", "", "Крепление по схеме № 12", ""];
const TERMINAL_PAYMENTS = [18_500, 21_300, 15_600];

/** A day `days` after an ISO day, as `yyyy-MM-dd`. */
function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Fills the monitoring cells of the containers of monitored orders (approved, signed, in progress) and the terminal
 * report cells of every container of an approved or later order, by the container's last editor: the carrier's
 * order number, the foreign forwarder and its invoice in yuan or dollars, the internal invoice in rubles, the extra
 * expenses; the owner, seals, wagon (8 digits) and platform model, GU-12 and dispatch numbers, delivery day and weights.
 */
export async function seedOperations(db: Db): Promise<void> {
  const rows = await db
    .select({
      id: containers.id,
      status: freightOrders.status,
      editor: containers.updated_by_id,
      prepare_to_ship_date: containers.prepare_to_ship_date,
      railwaybill_number: containers.railwaybill_number,
      type_code: containerTypes.code,
      create_date: freightOrders.create_date,
    })
    .from(containers)
    .innerJoin(freightOrders, eq(freightOrders.id, containers.freight_order_id))
    .leftJoin(containerTypes, eq(containerTypes.id, containers.container_type))
    .where(inArray(freightOrders.status, [2, 5, 6, 7]))
    .orderBy(asc(containers.id));
  const monitored = new Set<number>(MONITORED_ORDER_STATUSES);
  for (const [index, row] of rows.entries()) {
    const pick = <T>(values: readonly T[]) => values[index % values.length] as T;
    const [currency, cost] = pick(FOREIGN_INVOICES);
    const stamp = { updated_by_id: row.editor, update_date: row.create_date };
    if (monitored.has(row.status)) {
      await db
        .update(containerMonitoring)
        .set({
          tk_order_number: `ЗНП-2026/${String(417 + index * 3).padStart(5, "0")}`,
          foreign_forwarder: pick(FOREIGN_FORWARDERS),
          foreign_shipping_invoice_no: `INV-${2603 + (index % 4)}-${String(17 + index).padStart(3, "0")}`,
          foreign_shipping_cost: cost,
          foreign_shipping_currency: currency,
          internal_shipping_invoice_no: `Сч-${1180 + index}`,
          internal_shipping_cost: pick(INTERNAL_COSTS),
          internal_shipping_currency: "RUB",
          additional_expenses: pick(ADDITIONAL_EXPENSES),
          ...stamp,
        })
        .where(eq(containerMonitoring.id, row.id));
    }
    // 40-foot boxes (types 4…) weigh about 3.75 t empty, 20-foot ones 2.23 t
    const tare = row.type_code?.startsWith("2") ? 2_230 : 3_750;
    const net = 18_000 + ((index * 730) % 6_000);
    await db
      .update(containerTerminal)
      .set({
        owner: pick(OWNERS),
        package_count: 20 + ((index * 7) % 40),
        tare_weight: tare,
        net_weight: net,
        gross_weight: net + tare,
        seal_numbers: `ТЕ ${4_518_736 + index * 11}${index % 3 === 0 ? `, ЕвроСил ${93_512 + index}` : ""}`,
        special_conditions: pick(SPECIAL_CONDITIONS),
        delivery_date: row.prepare_to_ship_date ? dayAfter(row.prepare_to_ship_date, -1) : null,
        waybill_number: row.railwaybill_number,
        gu12_number: String(41_825_763 + index * 101).padStart(10, "0"),
        dispatch_number: `ЭР${String(917_364 + index * 29).padStart(6, "0")}`,
        wagon_number: String(53_918_475 + index * 1_117),
        platform_model: pick(PLATFORM_MODELS),
        terminal_payment: pick(TERMINAL_PAYMENTS),
        ...stamp,
      })
      .where(eq(containerTerminal.id, row.id));
  }
}
