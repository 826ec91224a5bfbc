// Field definitions: what a resource's fields are, once, for the API and the web. Plain data, no zod, so a screen
// that needs only labels and limits does not load it; the schemas come from ./schemas.ts.

interface FieldBase {
  /** Must be given (and not blank) when the row is created. */
  required?: boolean;
  /** May be null (an optional date, an unset relation). */
  nullable?: boolean;
  /** Set by the server only (ids, timestamps, computed values): never taken from a body. */
  readOnly?: boolean;
  /** Taken when a row changes, never when it is created (an order's status: every order starts as a draft). */
  changeOnly?: boolean;
  /** Taken when a row is created, never changed after (a container's order). */
  createOnly?: boolean;
  /** The list may order by it; default true, except for lists of ids. */
  sortable?: boolean;
  /** The list may filter and group by it; default true, except for lists of ids. */
  filterable?: boolean;
  /** The list's `search` words are matched against it: anywhere in the text, or at its start (codes). */
  searchable?: boolean | "prefix";

  // Presentation: the one source of where and how a field is shown (docs/adding-a-resource.md)
  /**
   * The key of its label in the resource's label catalog (labels/ru.ts, labels/en.ts); default its name. A field
   * that names another's row under a list's column (`company_name`) takes that field's label; fields that share a
   * label (the parties' cities) are named with their section's title where no section heads them (lists, history).
   */
  label?: string;
  /** The form section it is laid out in, in the definitions' order; without one it is not on the form. */
  section?: string;
  /** In the grid: a default column ("shown") or one of the column chooser ("hidden"); without it, not offered. */
  grid?: "shown" | "hidden";
  /** false: left out of the print, which shows every field of a section by default. */
  print?: false;
}

export type FieldDef =
  | (FieldBase & { kind: "id" })
  /**
   * `format`: an e-mail address, a Russian taxpayer number (10 or 12 digits with their check digits), a phone
   * number (free text as people write it, several numbers and extensions included; forms offer the phone keypad),
   * or an IANA time zone (`Asia/Vladivostok`).
   * `digits`: digits only, as many as one of these counts (a railway transfer subcode of 7, 10 or 13).
   */
  | (FieldBase & {
      kind: "text";
      max: number;
      format?: "email" | "inn" | "phone" | "time-zone";
      digits?: readonly number[];
      /**
       * Written on several lines (a comment, a note, a description): its line breaks are kept and a form shows a
       * text area. Any other text is one line, and a body's value with a line break in it is refused.
       */
      multiline?: true;
    })
  | (FieldBase & { kind: "integer"; min?: number; max?: number })
  /**
   * `currency`: the field of the same row naming the amount's currency (a `choice` of ORDER_CURRENCIES codes), which
   * grids and forms show it in; rubles without one.
   */
  | (FieldBase & { kind: "money"; currency?: string })
  | (FieldBase & { kind: "boolean" })
  | (FieldBase & { kind: "date" })
  | (FieldBase & { kind: "timestamp" })
  | (FieldBase & { kind: "choice"; choices: readonly string[] })
  /** A row of another resource, by id. */
  | (FieldBase & { kind: "relation"; to: string })
  /** Rows of another resource, by ids (a many-to-many link). */
  | (FieldBase & { kind: "relations"; to: string })
  /**
   * A user the row names (its author), answered by name as `{first_name, last_name}` (and `username` when
   * `username` is set), or null; lists sort, filter and group it by "last name first name". Always read-only.
   */
  | (FieldBase & { kind: "person"; username?: boolean });

export type FieldKind = FieldDef["kind"];
export type Fields = Readonly<Record<string, FieldDef>>;

/** Declares a resource's fields, keeping their literal types (so `keyof` names them). */
export function defineFields<const F extends Fields>(fields: F): F {
  return fields;
}

/** A user as a `person` field answers it. */
export interface PersonName {
  first_name: string;
  last_name: string;
  username?: string;
}

/** The TypeScript type of a field's value on the wire. */
export type ValueOf<F extends FieldDef> = F extends { kind: "id" | "integer" | "relation" | "money" }
  ? number
  : F extends { kind: "person" }
    ? PersonName | null
    : F extends { kind: "relations" }
      ? number[]
      : F extends { kind: "boolean" }
        ? boolean
        : F extends { kind: "choice"; choices: readonly (infer C)[] }
          ? C
          : string;

/** A row of a resource as the API answers it. */
export type RowOf<F extends Fields> = {
  -readonly [K in keyof F]: F[K] extends { nullable: true } ? ValueOf<F[K]> | null : ValueOf<F[K]>;
};

/** Whether lists may order by the field. */
export function isSortable(field: FieldDef): boolean {
  return field.sortable ?? field.kind !== "relations";
}

/** Whether lists may filter and group by the field. */
export function isFilterable(field: FieldDef): boolean {
  return field.filterable ?? field.kind !== "relations";
}

/** The limits of a resource's text fields by name. */
export type MaxLengths<F extends Fields> = {
  [K in keyof F as F[K] extends { kind: "text" } ? K : never]: number;
};

/** The text limits of a resource's fields, for forms that show "n / max" and schemas of other bodies. */
export function maxLengths<F extends Fields>(fields: F): MaxLengths<F> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) => (field.kind === "text" ? [[name, field.max]] : [])),
  ) as MaxLengths<F>;
}

/** The fields a body may write: not set by the server alone (read-only, ids, people). */
export type WritableKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { readOnly: true } | { kind: "id" | "person" } ? never : K;
}[keyof F] &
  string;

/** Whether a body may write the field (WritableKeys at run time). */
export function isWritable(field: FieldDef): boolean {
  return !field.readOnly && field.kind !== "id" && field.kind !== "person";
}

/** The value the API answers for a field with nothing in it: no ids of a link, null where nullable, "" or false. */
export function emptyValue(field: FieldDef | undefined): unknown {
  if (field?.kind === "relations") return [];
  if (!field || field.nullable) return null;
  return field.kind === "text" ? "" : field.kind === "boolean" ? false : null;
}

/** The fields of a form section, as a type. */
export type SectionKeys<F extends Fields, S extends string> = {
  [K in keyof F]: F[K] extends { section: S } ? K : never;
}[keyof F] &
  string;

/** The fields of a form section, in the definitions' order. */
export function sectionKeys<F extends Fields, S extends string>(fields: F, section: S): SectionKeys<F, S>[] {
  return Object.keys(fields).filter((name) => fields[name]?.section === section) as SectionKeys<F, S>[];
}
