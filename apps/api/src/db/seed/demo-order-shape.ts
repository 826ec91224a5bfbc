import type { OrderDirection } from "@portal/domain";
import type { freightOrders } from "../schema/index.ts";
import type { DEMO_COMPANIES } from "./demo-data.ts";

// The shape of a demo shipping order: who made it, where it stands in the workflow and how it got there, and its
// field values. The customers' orders (demo-orders-*.ts) are written in it; demo-orders.ts writes them.

export type CompanyKey = keyof typeof DEMO_COMPANIES;
export type OrderValues = Partial<typeof freightOrders.$inferInsert>;

export interface DemoOrder {
  company: CompanyKey;
  author: string;
  status: number;
  /** How long ago it was created. */
  daysAgo: number;
  direction: OrderDirection;
  /** ESR code of the border crossing or port, ISO 6346 code of the containers. */
  border: string | null;
  containerType: string;
  shipment: "Export" | "Import" | "Transit";
  /** English descriptions of the reference books' transport kinds and the demo's services. */
  transport: string[];
  services: string[];
  values: OrderValues;
  /** The moves after its creation: [status, username, comment]. */
  path: [number, string, string?][];
  /** Edits made before the move of the same index in `path`: [field, old value, new value, username]. */
  edits?: Record<number, [keyof OrderValues, string, string, string][]>;
  /** Approved cost and VAT, set by the manager who approved it. */
  cost?: [number, number];
  isPaid?: boolean;
}

/** The transport kinds of an order that goes by rail alone. */
export const RAIL = ["Rail"];
