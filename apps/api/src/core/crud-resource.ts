import type { Fields, LiveResource, MessageKey, Policy } from "@portal/domain";
import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import type { Link } from "./crud-relations.ts";
import type { ListResource } from "./list-query.ts";
import type { Principal } from "./principal.ts";
import type { VersionedTable } from "./versioned.ts";

// What a resource declares to the shared CRUD (CrudService, crud.ts): its table, list, policy and scope, its links
// and references, and its own rules around a write.

/** A unique index of a resource's table, and the field and message a row breaking it is refused with. */
export interface UniqueIndex {
  field: string;
  message: MessageKey;
  /** The index's name, where the table has more than one. */
  index?: string;
}

/** A resource that users list, read, create, change and delete through the API. */
export interface CrudResource {
  fields: Fields;
  list: ListResource;
  table: VersionedTable;
  /** Who may do what: CrudService enforces its action, field and row rules (see the class). */
  policy: Policy<never>;
  /**
   * What the policy's row rules (`canOpen`, `canChangeRow`, `canDeleteRow`) are given for a row, read in `db` (a
   * write's transaction) when they need something the row does not hold: an order's status flags. Default: the
   * row as listed.
   */
  policyRow?: (db: Db, row: never) => Promise<unknown>;
  /**
   * What `canCreateRow` is given for the row a create would make, read in `db` from the body's admitted values and the
   * parent's id (a container: its order's status; it may refuse as a read would). Default: the values.
   */
  policyRowOfNew?: (db: Db, user: Principal, values: Body, parentId?: number) => Promise<unknown>;
  /** The `relations` fields and their link tables. */
  links?: Record<string, Link>;
  /** Where a row may still be referenced: deleting it then answers 400 with the message, never dangling ids. */
  usedBy?: { column: PgColumn; message: MessageKey }[];
  /** The rows a user may see (tenancy: `companyScope`); others answer 404 as if they did not exist. */
  scope?: (user: Principal) => SQL | undefined;
  /** Rows are never deleted: DELETE answers 405. */
  isPermanent?: boolean;
  /**
   * The row this resource's rows belong to when its URL nests them (`company/{companyId}/service/`): the rows'
   * column holding its id, and the check that the user may open it to read or to change its rows (throwing 404
   * when it does not exist, 403 when they may not), made before every call. Rows of another parent answer 404.
   */
  parent?: { column: PgColumn; open(user: Principal, id: number, intent: Intent): Promise<unknown> };
  /**
   * The unique indexes a second equal row breaks (two additions or changes at once included): 400 on `field` with
   * `message`, on a create and on a change. With several, each names its `index`; one without a name stands for any.
   */
  unique?: UniqueIndex | readonly UniqueIndex[];
  /**
   * Shapes a row as the API answers it (values derived on the server, nothing internal), wherever the service
   * answers one: lists, reads, creates, changes and a 409's current row. Default: the row as listed.
   */
  present?: (row: never) => unknown;
  /**
   * The single-id fields (`relation`) and codes of other tables, with the column a value must name: a value naming
   * nothing answers 400 on its field ("A chosen entry does not exist") instead of failing its foreign key. Null
   * and empty values name nothing and pass.
   */
  references?: Record<string, PgColumn>;
  /** The resource's own rules around its writes (who writes which field, what the server sets, the history). */
  rules?: WriteRules;
  /**
   * Announces each create, change and delete on the live stream, in the write's transaction: the resource's name
   * there (packages/domain `LIVE_RESOURCES`) and the field of its rows (as listed) naming their company, whose users
   * hear of the change (its old and new company when a change moves the row; staff only without one); read from the
   * rows the write reads anyway. docs/live-updates.md.
   */
  live?: { resource: LiveResource; company?: string };
}

/** A body's or a write's values by field. */
export type Body = Record<string, unknown>;
/** What a call does with a nested resource's parent: reads its rows, or changes them. */
export type Intent = "read" | "write";

/** A write as a resource's rules see it: inside its transaction (`db`), before or after the statement. */
export interface PendingWrite<Row = Record<string, unknown>> {
  /** The write's transaction: what the rules read and write here commits or rolls back with it. */
  db: Db;
  user: Principal;
  /** The row as stored, locked until the transaction ends; null when the write creates it. */
  current: Row | null;
  /** The body's values (links included, `version` aside). */
  values: Body;
  /** The parent row's id of a nested resource (`parent`). */
  parentId?: number;
}

/**
 * A resource's rules around its writes, run in the write's transaction; throwing refuses the write and nothing of
 * it is kept. Soft deletion comes from the list's `deletedAt`: a resource with one is deleted by setting it.
 */
export interface WriteRules<Row = Record<string, unknown>> {
  /**
   * The values to write from the body's: drops what this user may not write of this row, adds what the server
   * sets (author, company, timestamps), refuses what the rules forbid (403, or 400 on the field).
   */
  prepare?(write: PendingWrite<Row>): Promise<Body> | Body;
  /**
   * What the server writes with every creation and every real change (who made it and when), never a change by
   * itself: a change whose values are all stored already keeps the row as it was (`updateVersioned`).
   */
  stamp?(user: Principal): Body;
  /**
   * After the write, with the row as it is now (`saved`): what else it records, its history first of all. Not run
   * for a change that changes nothing.
   */
  record?(write: PendingWrite<Row> & { id: number; saved: Row }): Promise<void>;
  /** Whether the user may delete this row (throws 403 when not). */
  checkDelete?(write: PendingWrite<Row> & { current: Row }): Promise<void> | void;
}

/** A resource's presenter written for its rows' type: what `present` makes of a row. */
export function presenter<Row, Answer>(present: (row: Row) => Answer): (row: never) => unknown {
  return present as (row: never) => unknown;
}

/** A resource's write rules written for its rows' type (`current` and `saved` are its rows). */
export function writeRules<Row>(rules: WriteRules<Row>): WriteRules {
  return rules as unknown as WriteRules;
}
