import { defineFields } from "@portal/domain";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldColumns, loadFieldChecks } from "./field-columns";

const fields = defineFields({
  id: { kind: "id" },
  description: { kind: "text", max: 10, required: true, searchable: true },
  contact_email: { kind: "text", max: 254, format: "email" },
  transport_kind: { kind: "relations", to: "transport_kind" },
  is_shipping: { kind: "boolean" },
  state: { kind: "choice", choices: ["new", "active"] },
  cost: { kind: "money", required: true },
  fee: { kind: "money", currency: "fee_currency" },
  fee_currency: { kind: "choice", choices: ["RUB", "USD"] },
  signed_on: { kind: "date", nullable: true },
  version: { kind: "integer", readOnly: true },
});
type Row = { id: number; description: string; transport_kind: number[] };
const ROW: Row = { id: 1, description: "", transport_kind: [] };

beforeAll(async () => {
  await i18next.init({ lng: "en", resources: {} });
  await loadFieldChecks();
});

describe("fieldColumns", () => {
  const columns = fieldColumns<typeof fields, Row>(
    fields,
    [
      { field: "id" },
      { field: "description", size: 300 },
      { field: "contact_email" },
      {
        field: "transport_kind",
        options: [
          { value: 1, label: "Rail" },
          { value: 2, label: "Sea" },
        ],
      },
      { field: "is_shipping" },
      { field: "state" },
      { field: "cost" },
      { field: "fee" },
      { field: "signed_on" },
      { field: "version" },
    ],
    (field) => `header:${field}`,
  );
  const byField = new Map(columns.map((column) => [column.field, column]));

  it("takes value types, sorting and filters from the definitions, and what the page sets", () => {
    expect(byField.get("description")).toMatchObject({
      header: "header:description",
      type: "text",
      size: 300,
    });
    expect(byField.get("id")?.type).toBe("number");
    expect(byField.get("is_shipping")?.type).toBe("boolean");
    // Amounts show in rubles, filter by a range and are typed in rubles
    expect(byField.get("cost")).toMatchObject({ type: "money", edit: { variant: "money" } });
    expect(byField.get("cost")?.currency).toBeUndefined();
    // A day is typed as the forms type it (its dashes put in, the placeholder in the interface language)
    expect(byField.get("signed_on")).toMatchObject({ type: "date", edit: { variant: "date" } });
    // An amount whose definition names its currency's field is shown in the row's currency
    expect(byField.get("fee")?.currency?.({ ...ROW, fee_currency: "USD" } as Row)).toBe("USD");
    expect(byField.get("state")?.options).toEqual([
      { value: "new", label: "new" },
      { value: "active", label: "active" },
    ]);
    // Lists of ids are neither sorted nor filtered nor grouped by
    expect(byField.get("transport_kind")).toMatchObject({ sortable: false, filter: false, groupable: false });
  });

  it("edits writable fields only, with the editor and the limit of their kind", () => {
    expect(byField.get("id")?.edit).toBeUndefined();
    expect(byField.get("version")?.edit).toBeUndefined();
    expect(byField.get("description")?.edit).toMatchObject({ variant: "text", maxLength: 10 });
    expect(byField.get("transport_kind")?.edit?.variant).toBe("multi-select");
    expect(byField.get("is_shipping")?.edit?.variant).toBe("boolean");
    expect(byField.get("state")?.edit?.variant).toBe("select");
  });

  it("shows a list of ids as the labels of its options", () => {
    const row = { id: 1, description: "x", transport_kind: [2, 1, 9] };
    expect(byField.get("transport_kind")?.value?.(row)).toBe("Sea, Rail, 9");
  });

  it("checks an edited value by the field's rules", () => {
    const description = byField.get("description");
    expect(description?.validate?.("", ROW)).toBe("The field is required");
    expect(description?.validate?.("   ", ROW)).toBe("The field is required");
    expect(description?.validate?.("01234567890", ROW)).toBe(
      "Ensure this field has no more than 10 characters.",
    );
    expect(description?.validate?.("fine", ROW)).toBeUndefined();
    expect(byField.get("contact_email")?.validate?.("not an address", ROW)).toBe("Email is invalid");
    expect(byField.get("contact_email")?.validate?.("", ROW)).toBeUndefined();
  });

  it("says it in Russian when the interface is in Russian", async () => {
    await i18next.changeLanguage("ru");
    expect(byField.get("description")?.validate?.("", ROW)).toBe("Обязательное поле");
    await i18next.changeLanguage("en");
  });

  it("names a person last name first, as the API sorts, filters and groups them", () => {
    const people = defineFields({ id: { kind: "id" }, author: { kind: "person", readOnly: true } });
    type Authored = { id: number; author: { first_name: string; last_name: string } | null };
    const [author] = fieldColumns<typeof people, Authored>(people, [{ field: "author" }], String);
    expect(author?.value?.({ id: 1, author: { first_name: "Пётр", last_name: "Иванов" } })).toBe(
      "Иванов Пётр",
    );
    expect(author?.value?.({ id: 2, author: null })).toBe("");
    expect(author).toMatchObject({ type: "text", sortable: true });
    expect(author?.edit).toBeUndefined();
  });

  it("takes only fields of the resource or of its rows (checked by the type check)", () => {
    // @ts-expect-error: not a field of the definitions nor of the row
    const columns = fieldColumns<typeof fields, Row>(fields, [{ field: "descripton" }], String);
    expect(columns[0]?.edit).toBeUndefined();
  });

  it("leaves a field shown but not edited when the page says so", () => {
    const [column] = fieldColumns<typeof fields, Row>(
      fields,
      [{ field: "description", editable: false }],
      String,
    );
    expect(column?.edit).toBeUndefined();
    expect(column?.validate).toBeUndefined();
  });
});
