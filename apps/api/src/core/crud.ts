import { setImmediate as nextTurn } from "node:timers/promises";
import { isAllowed, type PolicyAction } from "@portal/domain";
import { and, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { alteredValues } from "./audit.ts";
import { changedLinks, checkLinks, checkReferences, splitLinks, writeLinks } from "./crud-relations.ts";
import type { Body, CrudResource, Intent } from "./crud-resource.ts";
import {
  type FieldErrors,
  Forbidden,
  MethodNotAllowed,
  NotFound,
  uniqueViolationOf,
  ValidationFailed,
} from "./errors.ts";
import { findList, findOne, presentList } from "./find-page.ts";
import type { ListQuery, ListResource } from "./list-query.ts";
import { announceChange, type LiveAction } from "./live.ts";
import type { Principal } from "./principal.ts";
import { companiesOf } from "./tenancy.ts";
import { lockVersioned, updateVersioned } from "./versioned.ts";

export {
  type CrudResource,
  type PendingWrite,
  presenter,
  type WriteRules,
  writeRules,
} from "./crud-resource.ts";

/**
 * List, read, create, change (versioned) and delete for any CrudResource, under its policy. `Row` is the row as
 * listed and as the rules see it, `Answer` the row as the service answers it (the resource's `present`).
 *
 * The policy is enforced here, so that no resource restates it: its action rules before each call (403), the
 * field rule on every create's and change's body (`ignoresField`: what the user has no say in is dropped before
 * the resource's own rules see the body), and its row rules: `canCreateRow` on the row a create makes, `canOpen`
 * when a row is read, `canChangeRow` (with the fields the change alters) and `canDeleteRow` on the locked row,
 * before the resource's rules run (403). A rule that needs more than the row gets it from the resource's
 * `policyRow` (`policyRowOfNew` for a create).
 */
export class CrudService<Row extends { id: number }, Answer = Row> {
  /**
   * The rows' list. A presented row is more than its fields (the presenter may read any of them): a list's `fields`
   * is checked, and whole rows answered.
   */
  private readonly rows: ListResource;

  constructor(
    private readonly db: Db,
    private readonly resource: CrudResource,
  ) {
    this.rows = resource.present ? { ...resource.list, isWholeRow: true } : resource.list;
  }

  /** Whether the resource's policy lets the user make calls of this kind at all (a route's access). */
  allows(user: Principal, action: PolicyAction): boolean {
    return isAllowed(this.resource.policy, user, action);
  }

  /**
   * Opens what a call's path names before its body is read: the parent row of a nested resource, and the row
   * itself when `id` is given. 404 outside the user's scope, 403 where the policy keeps them from it.
   */
  async open(
    user: Principal,
    id: number | undefined,
    parentId: number | undefined,
    intent: Intent,
  ): Promise<void> {
    if (id !== undefined) await this.find(user, id, parentId, intent);
    else await this.within(user, parentId, intent);
  }

  /** The row as the API answers it (`present`). */
  private present(row: Row): Answer {
    const { present } = this.resource;
    return (present ? (present as (row: Row) => unknown)(row) : row) as Answer;
  }

  /** `parentId`: the parent row's id of a nested resource (`parent`), from its URL. */
  async list(user: Principal, query: ListQuery, scope?: SQL, parentId?: number) {
    const within = await this.within(user, parentId, "read");
    if (!this.allows(user, "read")) throw new Forbidden();
    const rows = await findList<Row>(
      this.db,
      this.rows,
      query,
      and(this.resource.scope?.(user), within, scope),
      companiesOf(user),
    );
    return presentList(rows, (row) => this.present(row));
  }

  /**
   * A row the user may open: 404 outside their scope (first: another company's row does not exist for them, whatever
   * their rights), 403 when the policy keeps them from this row.
   */
  async get(user: Principal, id: number, parentId?: number, intent: Intent = "read"): Promise<Answer> {
    return this.present(await this.find(user, id, parentId, intent));
  }

  /** `get`'s row as listed, before `present`. */
  private async find(user: Principal, id: number, parentId?: number, intent: Intent = "read"): Promise<Row> {
    const within = await this.within(user, parentId, intent);
    const row = await findOne<Row>(this.db, this.rows, id, and(this.resource.scope?.(user), within));
    if (!this.allows(user, "read")) throw new Forbidden();
    const { policy } = this.resource;
    if (policy.canOpen && !policy.canOpen(user, await this.policyRow(this.db, row))) throw new Forbidden();
    return row;
  }

  async create(user: Principal, body: Body, parentId?: number): Promise<Answer> {
    if (!this.allows(user, "create")) throw new Forbidden();
    if (this.resource.parent) await this.within(user, parentId, "write");
    const id = await this.unique(() => this.db.transaction((db) => this.insert(db, user, body, parentId)));
    return this.present(await findOne<Row>(this.db, this.rows, id));
  }

  /**
   * Creates many rows in one transaction, each through `create`'s own steps (the same policy, rules and checks: one
   * write path), in turn, so that each row's rules see the rows before it (a container count, a number given
   * twice). Each row that its rules refuse is told by its index with its field errors (the policy's refusal, 403,
   * refuses them all), and then no row is kept; with `dryRun` no row is kept either way, so that a preview
   * answers what the real call would do. `outer`: a transaction the rows join (theirs is a savepoint of it), so
   * that the caller's own writes and the rows are kept all or none (the import of orders); `onRow` hears of each
   * row as it is done (its index, its id or null when refused: a job's progress), in the transaction. Between two
   * rows the event loop takes its turn (docs/decisions.md, "Import of shipping orders").
   */
  async createMany(
    user: Principal,
    bodies: Body[],
    {
      dryRun = false,
      parentId,
      outer = this.db,
      onRow,
    }: {
      dryRun?: boolean;
      parentId?: number;
      outer?: Db;
      onRow?: (index: number, id: number | null) => void | Promise<void>;
    } = {},
  ): Promise<{ ids: (number | null)[]; refused: Map<number, FieldErrors> }> {
    if (!this.allows(user, "create")) throw new Forbidden();
    if (this.resource.parent) await this.within(user, parentId, "write");
    const ids: (number | null)[] = [];
    const refused = new Map<number, FieldErrors>();
    const keepNothing = new Error("roll the rows back");
    try {
      await outer.transaction(async (db) => {
        for (const [index, body] of bodies.entries()) {
          try {
            // A savepoint each: a refused row leaves nothing behind, and the next row goes on
            ids.push(
              await this.unique(() => db.transaction((row) => this.insert(row, user, body, parentId))),
            );
          } catch (error) {
            if (!(error instanceof ValidationFailed)) throw error;
            ids.push(null);
            refused.set(index, error.fields);
          }
          await onRow?.(index, ids[index] ?? null);
          // The event loop's turn between two rows: the embedded database answers without I/O, so a file's rows
          // would otherwise hold the whole process (requests, timers, the job's heartbeat) until the last one
          await nextTurn();
        }
        if (dryRun || refused.size > 0) throw keepNothing;
      });
    } catch (error) {
      if (error !== keepNothing) throw error;
    }
    return { ids, refused };
  }

  /** `create`'s steps in the write's transaction: the policy's checks, the rules, the insert, its links and record. */
  private async insert(db: Db, user: Principal, body: Body, parentId?: number): Promise<number> {
    const { parent, rules } = this.resource;
    const admitted = this.admitted(user, body);
    await this.checkCreate(user, admitted, parentId, db);
    const prepared = rules?.prepare
      ? await rules.prepare({ db, user, current: null, values: admitted, parentId })
      : admitted;
    const { values, links } = splitLinks(this.resource.links, prepared);
    Object.assign(values, rules?.stamp?.(user));
    if (parent) values[parent.column.name] = parentId;
    await checkReferences(db, this.resource.references, values);
    await checkLinks(db, links);
    const [row] = await db
      .insert(this.resource.table)
      .values(values as never)
      .returning({ id: this.resource.table.id });
    const created = (row as { id: number } | undefined)?.id;
    if (created === undefined) throw new Error("insert returned no row");
    await writeLinks(db, created, links);
    if (rules?.record || this.resource.live) {
      const saved = await findOne<Row>(db, this.rows, created);
      await rules?.record?.({ db, user, current: null, values: prepared, id: created, saved, parentId });
      await this.announce(db, "created", created, [saved]);
    }
    return created;
  }

  /**
   * Applies the changes when `version` is current (409 with the current row otherwise), links included. The row is
   * locked for the transaction, so that the rules and the history see what the change is made to. A change whose
   * values and links are all stored already changes nothing: the row keeps its version and its stamp, and no history
   * is written and nothing announced (`updateVersioned`), so that another form open on the row can still save.
   */
  async update(user: Principal, id: number, body: Body, parentId?: number): Promise<Answer> {
    if (!this.allows(user, "change")) throw new Forbidden();
    await this.find(user, id, parentId, "write");
    const { version, ...changes } = body;
    const { rules } = this.resource;
    const saved = await this.unique(() =>
      this.db.transaction(async (db) => {
        const current = await this.lock(db, id, version as number | undefined);
        const admitted = this.admitted(user, changes);
        await this.checkChange(db, user, current, admitted);
        const prepared = rules?.prepare
          ? await rules.prepare({ db, user, current, values: admitted, parentId })
          : admitted;
        const { values, links } = splitLinks(this.resource.links, prepared);
        await checkReferences(db, this.resource.references, values);
        await checkLinks(db, links);
        const relinked = await changedLinks(db, id, links);
        const outcome = await updateVersioned(db, this.resource.table, id, values, undefined, {
          stamp: rules?.stamp?.(user),
          changesElsewhere: relinked.length > 0,
        });
        if (outcome === "unchanged") return current;
        await writeLinks(db, id, relinked);
        const saved = await findOne<Row>(db, this.rows, id);
        await rules?.record?.({ db, user, current, values: prepared, id, saved, parentId });
        await this.announce(db, "changed", id, [current, saved]);
        return saved;
      }),
    );
    return this.present(saved);
  }

  /** Deletes the row, or marks it deleted when the resource keeps deleted rows (`deletedAt` of its list). */
  async delete(user: Principal, id: number, parentId?: number): Promise<void> {
    if (!this.allows(user, "delete")) throw new Forbidden();
    if (this.resource.isPermanent) throw new MethodNotAllowed();
    await this.find(user, id, parentId, "write");
    const { deletedAt } = this.rows;
    const { table } = this.resource;
    await this.db.transaction(async (db) => {
      const { checkDelete } = this.resource.rules ?? {};
      const { policy, live } = this.resource;
      // The row as it is before it goes: for the rules, and for whom its deletion is announced to
      const current = checkDelete || policy.canDeleteRow || live ? await this.lock(db, id) : null;
      if (current) {
        const row = await this.policyRow(db, current);
        if (policy.canDeleteRow && !policy.canDeleteRow(user, row)) throw new Forbidden();
        await checkDelete?.({ db, user, current, values: {}, parentId });
      }
      if (deletedAt) {
        // The row stays (staff can restore it), so nothing that names it dangles: usedBy does not apply
        const marked = await updateVersioned(db, table, id, { [deletedAt.name]: sql`now()` }, undefined, {
          where: isNull(deletedAt),
        });
        if (marked === "missing") throw new NotFound();
        await this.announce(db, "deleted", id, current ? [current] : []);
        return;
      }
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
      await this.announce(db, "deleted", id, current ? [current] : []);
    });
  }

  /**
   * The policy's `canCreateRow` on the row a create of these values under this parent would make, read in `db` (403).
   * `create` asks it in its transaction; a call that must refuse before it reads its body (an upload) asks it first,
   * once it has opened the parent (`open`).
   */
  async checkCreate(user: Principal, values: Body, parentId?: number, db = this.db): Promise<void> {
    const { policy, policyRowOfNew } = this.resource;
    if (!policy.canCreateRow) return;
    const admitted = this.admitted(user, values);
    const row = policyRowOfNew ? await policyRowOfNew(db, user, admitted, parentId) : admitted;
    if (!policy.canCreateRow(user, row as never)) throw new Forbidden();
  }

  /** The body without the fields the user has no say in (the policy's `ignoresField`). */
  private admitted(user: Principal, body: Body): Body {
    const { policy } = this.resource;
    if (!policy.ignoresField) return body;
    return Object.fromEntries(Object.entries(body).filter(([field]) => !policy.ignoresField?.(user, field)));
  }

  /** The policy's `canChangeRow` on the locked row, given the fields whose values the change alters (403). */
  private async checkChange(db: Db, user: Principal, current: Row, values: Body): Promise<void> {
    const { policy } = this.resource;
    if (!policy.canChangeRow) return;
    const fields = Object.keys(alteredValues(values, current as Record<string, unknown>));
    if (!policy.canChangeRow(user, await this.policyRow(db, current), fields)) throw new Forbidden();
  }

  /** What the policy's row rules see of a row (`policyRow`). */
  private async policyRow(db: Db, row: Row): Promise<never> {
    const { policyRow } = this.resource;
    return (policyRow ? await policyRow(db, row as never) : row) as never;
  }

  /**
   * Tells the live stream of the write, in its transaction (heard on commit only), when the resource is live: the
   * users of the companies of `rows` hear of it (the row before and after a change, so that a move is heard by both).
   */
  private async announce(db: Db, action: LiveAction, id: number, rows: Row[]): Promise<void> {
    const { live } = this.resource;
    if (!live) return;
    const field = live.company;
    const companies = new Set(
      field
        ? rows.map((row) => (row as Record<string, unknown>)[field]).filter((c) => typeof c === "number")
        : [],
    );
    await announceChange(db, { resource: live.resource, id, action, companies: [...companies] as number[] });
  }

  /** A nested resource's condition for the rows of one parent, after checking that the user may open it. */
  private async within(
    user: Principal,
    parentId: number | undefined,
    intent: Intent,
  ): Promise<SQL | undefined> {
    const { parent } = this.resource;
    if (!parent) return undefined;
    if (parentId === undefined) throw new Error("a nested resource is called without its parent's id");
    await parent.open(user, parentId, intent);
    return eq(parent.column, parentId);
  }

  /** Runs a write; the resource's unique index refusing a second equal row answers 400, not 500. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const indexes = [this.resource.unique ?? []].flat();
      const broken = uniqueViolationOf(error);
      const refused = indexes.find((unique) => broken !== null && (!unique.index || unique.index === broken));
      if (!refused) throw error;
      throw new ValidationFailed({ [refused.field]: [{ key: refused.message }] });
    }
  }

  /**
   * Locks the row for the rest of the transaction and reads it as listed; 404 when it is gone (or deleted) since
   * the caller's scope was checked, 409 with the current row as answered when `version` is stale.
   */
  private async lock(db: Db, id: number, version?: number): Promise<Row> {
    let row: Row | undefined;
    const read = async () => {
      row ??= await findOne<Row>(db, this.rows, id);
      return row;
    };
    await lockVersioned(db, this.resource.table, id, version, {
      current: async () => this.present(await read()),
    });
    return read();
  }
}
