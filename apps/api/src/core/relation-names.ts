import type { Fields } from "@portal/domain";
import { and, inArray, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";
import { auditText } from "./audit.ts";
import type { Principal } from "./principal.ts";

/** A value that names other rows, as a person reads it: in Russian, and in English where the rows have it. */
export interface RowNames {
  name: string;
  name_en: string;
}

/** How a table's rows are named: by a module, for the tables it owns (`NamedTables`). */
export interface NamedTable {
  /** The rows' key: an id, or a code (a country's `abc2`). */
  id: PgColumn;
  name: PgColumn | SQL;
  /** The English name, where it may be empty: the Russian one stands in for it. */
  name_en?: PgColumn | SQL;
  /** The rows whose names the user may read; the others keep their ids. */
  scope?: (user: Principal) => SQL | undefined;
}

/** A recorded value of a field change: the field and its values as the history keeps them (ids as "1, 2"). */
interface RecordedChange {
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

/**
 * The tables whose rows have names, each registered by the module that owns it (`companyNames`, `referenceNames`),
 * keyed as a `relation` or `relations` field's `to` names them, and the books an order names by code (`country`).
 * A field naming a table missing here keeps its ids.
 */
export class NamedTables {
  constructor(private readonly tables: Readonly<Record<string, NamedTable>>) {}

  /**
   * The names of rows of the table a relation's `to` names (`transport_kind`, `company` …), by id (by code for a book
   * keyed by one: `country`): those the user may read, in both languages. Ids of another table, of deleted rows or
   * outside the user's scope are left out.
   */
  async rowNames<Key extends number | string>(
    db: Db,
    user: Principal,
    to: string,
    ids: Iterable<Key>,
  ): Promise<Map<Key, RowNames>> {
    const table = Object.hasOwn(this.tables, to) ? this.tables[to] : undefined;
    const wanted = [...new Set(ids)];
    if (!table || wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: table.id, name: table.name, name_en: table.name_en ?? table.name })
      .from(table.id.table)
      .where(and(inArray(table.id, wanted), table.scope?.(user)));
    // A key as it was asked for: an id column may answer a number as text (bigint), a code column answers text
    const keyOf = (id: unknown) => (typeof wanted[0] === "number" ? Number(id) : String(id)) as Key;
    return new Map(
      rows.map((row) => {
        const name = String(row.name);
        return [keyOf(row.id), { name, name_en: String(row.name_en) || name }];
      }),
    );
  }

  /**
   * The names of the rows that recorded field changes name by id (a company, a station, services …), read once per
   * table for a page of entries: `old_names` and `new_names` in both languages, null for a field of plain values or
   * no value. A row deleted since, or outside what the user may see (another customer), keeps its id as its name.
   */
  async nameRecordedChanges<Entry extends RecordedChange>(
    db: Db,
    user: Principal,
    fields: Fields,
    entries: readonly Entry[],
  ): Promise<(Entry & { old_names: RowNames | null; new_names: RowNames | null })[]> {
    // The table a field names rows of, where those rows have names
    const targetOf = (field: string | null) => {
      const definition = field !== null && Object.hasOwn(fields, field) ? fields[field] : undefined;
      const isRelation = definition?.kind === "relation" || definition?.kind === "relations";
      return isRelation && Object.hasOwn(this.tables, definition.to) ? definition.to : undefined;
    };
    const wanted = new Map<string, number[]>();
    for (const entry of entries) {
      const to = targetOf(entry.field);
      if (to)
        wanted.set(to, [...(wanted.get(to) ?? []), ...idsOf(entry.old_value), ...idsOf(entry.new_value)]);
    }
    const names = new Map<string, Map<number, RowNames>>();
    for (const [to, ids] of wanted) names.set(to, await this.rowNames(db, user, to, ids));

    const named = (to: string | undefined, value: string | null): RowNames | null => {
      const byId = to === undefined ? undefined : names.get(to);
      if (!byId || value === null) return null;
      const each = idsOf(value).map((id) => byId.get(id) ?? { name: String(id), name_en: String(id) });
      return {
        name: auditText(each.map((item) => item.name)) ?? "",
        name_en: auditText(each.map((item) => item.name_en)) ?? "",
      };
    };
    return entries.map((entry) => {
      const to = targetOf(entry.field);
      return { ...entry, old_names: named(to, entry.old_value), new_names: named(to, entry.new_value) };
    });
  }
}

/** The ids of a recorded value ("7" or "1, 2, 3"); none for no value. */
function idsOf(value: string | null): number[] {
  if (value === null || value === "") return [];
  return value
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
}
