import { defineFields } from "@portal/domain";
import type { AnyColumn } from "drizzle-orm";
import { pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { containerTypes, services } from "../db/schema/index.ts";
import { searchDocumentColumn } from "../db/schema/search.ts";
import { resourceFrom } from "./resource.ts";

/** A table whose stored search document holds only `name`. */
const parts = pgTable("parts", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 50 }).notNull(),
  code: varchar("code", { length: 50 }).notNull(),
  search_document: searchDocumentColumn((): AnyColumn[] => [parts.name]),
});

describe("resourceFrom", () => {
  it("derives list types, ordering, filtering and search from the field definitions", () => {
    const resource = resourceFrom({
      fields: defineFields({
        id: { kind: "id" },
        code: { kind: "text", max: 4, searchable: "prefix" },
        description: { kind: "text", max: 255, searchable: true, sortable: false },
      }),
      table: containerTypes,
      defaultOrdering: "code",
    });
    expect(resource.fields.code).toMatchObject({ type: "text", sortable: true, filterable: true });
    expect(resource.fields.description).toMatchObject({ sortable: false });
    expect(resource.fields.id?.type).toBe("integer");
    expect(resource.search).toEqual([{ prefix: containerTypes.code }, containerTypes.description]);
    expect(resource.searchDocument).toBeUndefined();
    expect(Object.keys(resource.columns)).toEqual(["id", "code", "description"]);
  });

  it("refuses a definition its column cannot hold", () => {
    const declare = (fields: Parameters<typeof defineFields>[0]) =>
      resourceFrom({ fields, table: services, defaultOrdering: "id" });
    expect(() => declare({ description: { kind: "text", max: 300 } })).toThrow(
      /allows 300 characters, its column description 255/,
    );
    expect(() => declare({ description: { kind: "integer" } })).toThrow(/does not fit its column/);
    expect(() => declare({ is_shipping: { kind: "text", max: 5 } })).toThrow(/does not fit/);
    expect(() => declare({ nowhere: { kind: "text", max: 5 } })).toThrow(/no column or expression/);
    expect(() =>
      declare({ description: { kind: "text", max: 255 }, is_shipping: { kind: "boolean" } }),
    ).not.toThrow();
  });

  it("searches the table's stored search document, and refuses one without every search field in order", () => {
    const declare = (fields: Parameters<typeof defineFields>[0]) =>
      resourceFrom({ fields: defineFields(fields), table: parts, defaultOrdering: "id" });
    const name = { kind: "text", max: 50, searchable: true } as const;
    const code = { kind: "text", max: 50, searchable: true } as const;
    expect(declare({ name }).searchDocument).toBe(parts.search_document);
    expect(() => declare({ name, code })).toThrow(/parts.search_document must be generated as/);
    expect(() => declare({ code, name })).toThrow(/must be generated as/);
    expect(() => declare({ code: { ...code, searchable: "prefix" }, name })).not.toThrow();
  });
});
