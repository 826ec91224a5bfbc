import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * All of a row's searchable text as one value: the columns in order, each null as empty, joined by spaces. A
 * resource with several "contains" search columns is searched on this one expression (core/list-query.ts), and
 * its table has a trigram index on exactly this expression (the same columns in the same order), so that each
 * search word is one index condition instead of an OR over one index a column. A search word never holds a
 * space, so it matches the document only where it matches one of the columns.
 */
export function searchDocument(columns: readonly (AnyColumn | SQL)[]): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  )})`;
}
