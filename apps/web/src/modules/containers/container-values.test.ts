import { describe, expect, it } from "vitest";
import type { ContainerRow } from "./api";
import {
  CONTAINER_FORM_FIELDS,
  containerFormValues,
  newContainerValues,
  nonEmptyFields,
  orderLookupLabel,
} from "./container-values";

describe("the container form's values", () => {
  it("lay out every section of spec 02 in order, the order and the number first, the administrators' block last", () => {
    expect(CONTAINER_FORM_FIELDS.slice(0, 3)).toEqual(["container", "container_type", "freight_order"]);
    expect(CONTAINER_FORM_FIELDS.slice(-3)).toEqual(["start_tracking_date", "tracking_done", "status"]);
    for (const field of [
      "pkg_pid",
      "pkg_state",
      "pkg_message",
      "transit_decl_status",
      "td_number",
      "railway_note",
    ])
      expect(CONTAINER_FORM_FIELDS).toContain(field);
    expect(CONTAINER_FORM_FIELDS).not.toContain("company_name");
  });

  it("take a stored container's values, empty ones as the API answers them, and its version", () => {
    const stored = {
      id: 7,
      container: "TKRU4205173",
      freight_order: 12,
      location: null,
      arrival_at_border_date: "2026-05-04",
      tracking_done: true,
      version: 3,
    } as unknown as ContainerRow;
    const values = containerFormValues(stored);
    expect(values).toMatchObject({
      container: "TKRU4205173",
      freight_order: 12,
      location: "",
      arrival_at_border_date: "2026-05-04",
      railway_accept_date: null,
      tracking_done: true,
      version: 3,
    });
    expect(values).not.toHaveProperty("id");
  });

  it("start a new container empty, pending, of the order given", () => {
    expect(newContainerValues(12)).toMatchObject({
      freight_order: 12,
      status: 1,
      container: "",
      td_date: null,
    });
  });

  it("send of a new container only the fields neither empty nor null", () => {
    expect(
      nonEmptyFields({
        container: "TKRU4205173",
        location: "",
        td_date: null,
        tracking_done: false,
        status: 1,
      }),
    ).toEqual({ container: "TKRU4205173", tracking_done: false, status: 1 });
  });
});

describe("the order lookup's label", () => {
  it("names the order N{id} company (consignor-consignee), or with no company", () => {
    const order = { id: 12, company_name: "ООО «Сибирский лес»", consignor: "Лес", consignee: "Wood GmbH" };
    expect(orderLookupLabel(order, "без компании")).toBe("N12 ООО «Сибирский лес» (Лес-Wood GmbH)");
    expect(orderLookupLabel({ ...order, company_name: "" }, "no company")).toBe(
      "N12 no company (Лес-Wood GmbH)",
    );
  });

  it("leaves out an empty party with its dash, and the brackets when both are empty", () => {
    const order = { id: 12, company_name: "ООО «Сибирский лес»", consignor: "", consignee: "Wood GmbH" };
    expect(orderLookupLabel(order, "без компании")).toBe("N12 ООО «Сибирский лес» (Wood GmbH)");
    expect(orderLookupLabel({ ...order, consignor: "Лес", consignee: "" }, "")).toBe(
      "N12 ООО «Сибирский лес» (Лес)",
    );
    expect(orderLookupLabel({ ...order, consignee: "" }, "")).toBe("N12 ООО «Сибирский лес»");
  });
});
