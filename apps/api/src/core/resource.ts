import { type FieldKind, type Fields, isFilterable, isSortable } from "@portal/domain";
import { type AnyColumn, getTableColumns, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ListField, ListFieldType, ListJoin, ListResource, SearchTarget } from "./list-query.ts";

/** How the list query treats each kind of field; lists of ids are shown, not filtered. */
const LIST_TYPES: Record<FieldKind, ListFieldType | null> = {
  id: "integer",
  text: "text",
  integer: "integer",
  money: "number",
  boolean: "boolean",
  date: "date",
  timestamp: "timestamp",
  choice: "text",
  relation: "integer",
  relations: null,
};

export interface ResourceSource {
  /** The resource's field definitions (packages/domain). */
  fields: Fields;
  table: PgTable;
  /** The primary key; default the table's `id`. */
  id?: AnyColumn;
  joins?: readonly ListJoin[];
  deletedAt?: AnyColumn;
  /** The SQL of fields that are not a column of the table by the same name (joined or computed values). */
  exprs?: Record<string, AnyColumn | SQL>;
  /** Further list-only fields (a joined company's name as `company__name`). */
  extraFields?: Record<string, ListField>;
  defaultOrdering: string;
}

/**
 * A list resource from field definitions: each field's SQL (its column unless `exprs` says otherwise), its
 * list type, ordering and filtering from its kind and flags, the search from its `searchable`, and the row
 * selection of every field.
 */
export function resourceFrom(source: ResourceSource): ListResource {
  const columns = getTableColumns(source.table) as Record<string, AnyColumn>;
  const exprOf = (name: string): AnyColumn | SQL => {
    const expr = source.exprs?.[name] ?? columns[name];
    if (!expr) throw new Error(`field ${name} has no column or expression`);
    return expr;
  };
  const fields: Record<string, ListField> = {};
  const search: SearchTarget[] = [];
  for (const [name, field] of Object.entries(source.fields)) {
    const type = LIST_TYPES[field.kind];
    if (type) {
      fields[name] = {
        expr: exprOf(name),
        type,
        choices: field.kind === "choice" ? field.choices : undefined,
        sortable: isSortable(field),
        filterable: isFilterable(field),
      };
    }
    if (field.searchable === "prefix") search.push({ prefix: exprOf(name) });
    else if (field.searchable) search.push(exprOf(name));
  }
  const id = source.id ?? columns.id;
  if (!id) throw new Error("a resource needs a primary key");
  return {
    table: source.table,
    id,
    joins: source.joins,
    deletedAt: source.deletedAt,
    columns: Object.fromEntries(Object.keys(source.fields).map((name) => [name, exprOf(name)])),
    fields: { ...fields, ...source.extraFields },
    search,
    defaultOrdering: source.defaultOrdering,
  };
}
