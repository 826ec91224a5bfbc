import type { Fields, MessageKey, Policy } from "@portal/domain";
import { and, count, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { Conflict, Forbidden, MethodNotAllowed, NotFound, ValidationFailed } from "./errors.ts";
import { findList, findOne } from "./find-page.ts";
import type { ListQuery, ListResource } from "./list-query.ts";
import type { Principal } from "./principal.ts";
import { updateVersioned, type VersionedTable } from "./versioned.ts";

/** A many-to-many field kept in a link table: the row's column and the linked row's column. */
export interface Link {
  table: PgTable;
  owner: PgColumn;
  target: PgColumn;
  /** The linked rows' table, to refuse ids that do not exist. */
  targetTable: PgTable & { id: PgColumn };
}

/** A resource that users list, read, create, change and delete through the API. */
export interface CrudResource {
  fields: Fields;
  list: ListResource;
  table: VersionedTable;
  policy: Policy;
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
   * column holding its id, and the check that the user may open it (throwing 404 when it does not exist, 403
   * when they may not), made before every call. Rows of another parent answer 404.
   */
  parent?: { column: PgColumn; open(user: Principal, id: number): Promise<unknown> };
}

type Body = Record<string, unknown>;

/** List, read, create, change (versioned) and delete for any CrudResource, under its policy. */
export class CrudService<Row extends { id: number }> {
  constructor(
    private readonly db: Db,
    private readonly resource: CrudResource,
  ) {}

  /** `parentId`: the parent row's id of a nested resource (`parent`), from its URL. */
  async list(user: Principal, query: ListQuery, scope?: SQL, parentId?: number) {
    if (!this.resource.policy.canRead(user)) throw new Forbidden();
    const within = await this.within(user, parentId);
    return findList<Row>(this.db, this.resource.list, query, and(this.resource.scope?.(user), within, scope));
  }

  /** A row the user may open: 404 outside their scope, 403 when the policy keeps them from this row. */
  async get(user: Principal, id: number, parentId?: number): Promise<Row> {
    if (!this.resource.policy.canRead(user)) throw new Forbidden();
    const within = await this.within(user, parentId);
    const row = await findOne<Row>(this.db, this.resource.list, id, and(this.resource.scope?.(user), within));
    if (this.resource.policy.canOpen && !this.resource.policy.canOpen(user, row)) throw new Forbidden();
    return row;
  }

  async create(user: Principal, body: Body, parentId?: number): Promise<Row> {
    if (!this.resource.policy.canWrite(user)) throw new Forbidden();
    const { values, links } = this.split(body);
    const { parent } = this.resource;
    if (parent) {
      await this.within(user, parentId);
      values[parent.column.name] = parentId;
    }
    const id = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.checkLinks(db, links);
      const [row] = await db
        .insert(this.resource.table)
        .values(values as never)
        .returning({ id: this.resource.table.id });
      const created = (row as { id: number } | undefined)?.id;
      if (created === undefined) throw new Error("insert returned no row");
      await this.writeLinks(db, created, links);
      return created;
    });
    return findOne<Row>(this.db, this.resource.list, id);
  }

  /** Applies the changes when `version` is current (409 with the current row otherwise), links included. */
  async update(user: Principal, id: number, body: Body, parentId?: number): Promise<Row> {
    if (!this.resource.policy.canWrite(user)) throw new Forbidden();
    await this.get(user, id, parentId);
    const { version, ...changes } = body;
    const { values, links } = this.split(changes);
    const saved = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.checkLinks(db, links);
      const isSaved = await updateVersioned(
        db,
        this.resource.table,
        id,
        values,
        version as number | undefined,
      );
      if (isSaved) await this.writeLinks(db, id, links);
      return isSaved;
    });
    const current = await findOne<Row>(this.db, this.resource.list, id);
    if (!saved) throw new Conflict(current);
    return current;
  }

  async delete(user: Principal, id: number, parentId?: number): Promise<void> {
    if (this.resource.isPermanent) throw new MethodNotAllowed();
    if (!this.resource.policy.canWrite(user)) throw new Forbidden();
    await this.get(user, id, parentId);
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      for (const use of this.resource.usedBy ?? []) {
        const [uses] = await db.select({ count: count() }).from(use.column.table).where(eq(use.column, id));
        if (Number(uses?.count ?? 0) > 0) {
          throw new ValidationFailed({
            detail: [{ key: use.message, params: { count: Number(uses?.count) } }],
          });
        }
      }
      const deleted = await db
        .delete(this.resource.table)
        .where(eq(this.resource.table.id, id))
        .returning({ id: this.resource.table.id });
      if (deleted.length === 0) throw new NotFound();
    });
  }

  /** A nested resource's condition for the rows of one parent, after checking that the user may open it. */
  private async within(user: Principal, parentId: number | undefined): Promise<SQL | undefined> {
    const { parent } = this.resource;
    if (!parent) return undefined;
    if (parentId === undefined) throw new Error("a nested resource is called without its parent's id");
    await parent.open(user, parentId);
    return eq(parent.column, parentId);
  }

  /** The table's own values apart from the link fields. */
  private split(body: Body): { values: Body; links: [Link, string, number[]][] } {
    const values: Body = {};
    const links: [Link, string, number[]][] = [];
    for (const [name, value] of Object.entries(body)) {
      const link = this.resource.links?.[name];
      if (link) links.push([link, name, [...new Set(value as number[])]]);
      else if (value !== undefined) values[name] = value;
    }
    return { values, links };
  }

  private async checkLinks(db: Db, links: [Link, string, number[]][]): Promise<void> {
    for (const [link, field, ids] of links) {
      if (ids.length === 0) continue;
      const [found] = await db
        .select({ count: count() })
        .from(link.targetTable)
        .where(inArray(link.targetTable.id, ids));
      if (Number(found?.count ?? 0) !== ids.length) {
        throw new ValidationFailed({ [field]: [{ key: "relation_not_found" }] });
      }
    }
  }

  private async writeLinks(db: Db, id: number, links: [Link, string, number[]][]): Promise<void> {
    for (const [link, , ids] of links) {
      await db.delete(link.table).where(eq(link.owner, id));
      if (ids.length === 0) continue;
      await db
        .insert(link.table)
        .values(ids.map((target) => ({ [link.owner.name]: id, [link.target.name]: target })) as never);
    }
  }
}
