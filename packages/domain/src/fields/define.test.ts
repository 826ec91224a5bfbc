import { describe, expect, it } from "vitest";
import { labelledResources } from "../labels/catalog.ts";
import { ORDER_CURRENCIES } from "../orders/fields.ts";
import type { FieldDef } from "./define.ts";

describe("field definitions", () => {
  it("name as an amount's currency a choice of currencies of the same resource", () => {
    let named = 0;
    for (const [resource, fields] of Object.entries(labelledResources)) {
      for (const [name, field] of Object.entries(fields) as [string, FieldDef][]) {
        if (field.kind !== "money" || !field.currency) continue;
        named += 1;
        const currency = (fields as Record<string, FieldDef>)[field.currency];
        expect(currency?.kind, `${resource}.${name}`).toBe("choice");
        if (currency?.kind === "choice") expect([...currency.choices]).toEqual([...ORDER_CURRENCIES]);
      }
    }
    // The monitoring's two invoices at least
    expect(named).toBeGreaterThanOrEqual(2);
  });
});
