/**
 * Grid columns from a resource's field definitions (packages/domain): value type, sorting, filter, the editor
 * and its limit, and the check of an edited value, so a page names its columns and what differs, nothing more.
 */
import { type FieldDef, type Fields, isFilterable, isSortable, type PersonName } from "@portal/domain";
import type { GridColumn, GridColumnEdit, GridValueType } from "./types";

/**
 * The check of edited values: the shared schemas (zod) and the API's catalogs, about 27 kB, load when a grid
 * first shows (not with a route's prefetch, which reads these columns too). A save before they are there is
 * checked by the server alone, which applies the same rules.
 */
let checker: typeof import("./field-check") | undefined;
let checkerLoading: Promise<void> | undefined;

/** Loads the checks of edited values; resolves when they run (at once when loaded). */
export function loadFieldChecks(): Promise<void> {
  checkerLoading ??= import("./field-check").then((module) => {
    checker = module;
  });
  return checkerLoading;
}

/**
 * What a column may show: a field of the resource, a field of the row as the API answers it (`roles`), or a field
 * of a related row as the list names it (`company__name`). Anything else does not compile.
 */
export type FieldPath<F extends Fields, T> =
  | (keyof F & string)
  | (keyof T & string)
  | `${(keyof F | keyof T) & string}__${string}`;

/** A column of a resource's field: what the definition gives, and what the page sets differently. */
export type FieldColumn<F extends Fields, T> = Omit<Partial<GridColumn<T>>, "field"> & {
  field: FieldPath<F, T>;
  /** false: shown, never edited (a writable field another screen edits). */
  editable?: boolean;
};

/**
 * A `person` field's user as lists sort, filter and group them: "last name first name" (the username when the
 * user has no name), "" for none.
 */
export function personName(person: PersonName | null | undefined): string {
  if (!person) return "";
  return [person.last_name, person.first_name].filter(Boolean).join(" ") || (person.username ?? "");
}

/**
 * The grid columns of `columns`, in their order. `header` names a field (translated). Relations show the labels
 * of their `options`; people their names (`personName`). Writable fields get an editor and a check; read-only ones, ids and related rows' fields
 * are shown only.
 */
export function fieldColumns<F extends Fields, T>(
  fields: F,
  columns: readonly FieldColumn<F, T>[],
  header: (field: string) => string,
): GridColumn<T>[] {
  return columns.map(({ editable, ...column }) => {
    const def: FieldDef | undefined = Object.hasOwn(fields, column.field) ? fields[column.field] : undefined;
    if (!def) return { header: header(column.field), ...column };
    const base: GridColumn<T> = {
      header: header(column.field),
      type: valueType(def, Boolean(column.options)),
      sortable: isSortable(def),
      ...(isFilterable(def) ? {} : { filter: false as const, groupable: false }),
      ...(def.kind === "choice"
        ? { options: def.choices.map((choice) => ({ value: choice, label: choice })) }
        : {}),
      ...column,
    };
    if (def.kind === "relations" && base.options && !column.value) {
      const labels = new Map(base.options.map((option) => [option.value, option.label]));
      base.value = (row) =>
        ((row as Record<string, unknown>)[column.field] as (string | number)[] | undefined)
          ?.map((id) => labels.get(id) ?? String(id))
          .join(", ");
      base.exportValue = (row) => String(base.value?.(row) ?? "");
    }
    if (def.kind === "money" && def.currency && !column.currency) {
      const currencyField = def.currency;
      base.currency = (row) => (row as Record<string, string | null | undefined>)[currencyField];
    }
    if (def.kind === "person" && !column.value) {
      base.value = (row) => personName((row as Record<string, PersonName | null>)[column.field]);
    }
    if (editable === false || def.readOnly || def.kind === "id") return base;
    const edit: GridColumnEdit<T> = {
      variant: editorOf(def),
      ...(def.kind === "text" ? { maxLength: def.max } : {}),
      ...(def.kind === "relations"
        ? { value: (row: T) => (row as Record<string, unknown>)[column.field] ?? [] }
        : {}),
      nullable: def.nullable,
      ...column.edit,
    };
    return {
      ...base,
      edit,
      validate: column.validate ?? ((value) => checker?.fieldProblem(def, value)),
    };
  });
}

function valueType(def: FieldDef, hasOptions: boolean): GridValueType {
  switch (def.kind) {
    case "id":
    case "integer":
      return "number";
    case "money":
      return "money";
    case "boolean":
      return "boolean";
    case "date":
      return "date";
    case "timestamp":
      return "datetime";
    case "choice":
      return "select";
    case "relation":
      return hasOptions ? "select" : "number";
    default:
      return "text";
  }
}

function editorOf(def: FieldDef): NonNullable<GridColumnEdit<unknown>["variant"]> {
  switch (def.kind) {
    case "boolean":
      return "boolean";
    case "integer":
      return "number";
    case "money":
      return "money";
    case "date":
      return "date";
    case "choice":
    case "relation":
      return "select";
    case "relations":
      return "multi-select";
    default:
      return "text";
  }
}

/**
 * Every field of the definitions, in their order (the row's `version` aside), with what the page sets for some
 * of them: a field added to the definitions shows up in the grid without a change to the page.
 */
export function everyField<F extends Fields, T>(
  fields: F,
  overrides: { [K in keyof F & string]?: Omit<FieldColumn<F, T>, "field"> } = {},
): FieldColumn<F, T>[] {
  return Object.keys(fields)
    .filter((name) => name !== "version")
    .map((name) => ({ ...overrides[name as keyof F & string], field: name as FieldPath<F, T> }));
}

/**
 * The fields the definitions offer to a grid (their `grid`), in their order: the default columns shown, the others
 * in the column chooser; with what the page sets for some of them (sizes, an editor). A field given a `grid` shows
 * up without a change to the page.
 */
export function gridFields<F extends Fields, T>(
  fields: F,
  overrides: { [K in keyof F & string]?: Omit<FieldColumn<F, T>, "field"> } = {},
): FieldColumn<F, T>[] {
  return Object.entries(fields).flatMap(([name, def]) =>
    def.grid ? [{ hidden: def.grid === "hidden", ...overrides[name], field: name as FieldPath<F, T> }] : [],
  );
}
