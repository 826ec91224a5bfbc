import { defineFields } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { containerTypes, services } from "../db/schema/index.ts";
import { resourceFrom } from "./resource.ts";

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
});
