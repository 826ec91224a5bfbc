import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { text } from "drizzle-orm/pg-core";

/**
 * All of a row's searchable text as one value: the columns in order, each null as empty, joined by spaces. A
 * search word never holds a space, so it matches the document only where it matches one of the columns.
 */
export function searchDocument(columns: readonly (AnyColumn | SQL)[]): SQL {
  return sql`(${sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  )})`;
}

/**
 * The stored search document of a table, `search_document`: `lower(searchDocument(columns))`, a generated column
 * that the database keeps with the row. A resource whose table has one is searched on it alone
 * (core/list-query.ts), each word as `search_document like lower(pattern)` on one trigram index: the row's text
 * is concatenated and lowercased once when written, not on every row a search reads. The columns are the
 * resource's "contains" search columns in their declared order (core/resource.ts refuses any other), text of
 * another table included through a copy kept by triggers (the users' `company_name`).
 */
export function searchDocumentColumn(columns: () => readonly AnyColumn[]) {
  return text("search_document")
    .notNull()
    .generatedAlwaysAs((): SQL => sql`lower(${searchDocument(columns())})`);
}
