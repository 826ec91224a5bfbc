import { freightOrderFields } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { initialListRequest } from "../../components/data-grid/list-request";
import { ordersGrid } from "./orders-grid";

describe("the orders list's grid", () => {
  it("offers the columns of spec 01 §2 (the border crossing by its name), in the order of the form", () => {
    const fields = ordersGrid("ru").columns.map((column) => column.field);
    expect([...fields].sort()).toEqual(
      [
        "id",
        "company_name",
        "status",
        "status_comment",
        "customer_order_number",
        "railway_transfer_subcode",
        "consignor",
        "consignee",
        "delivery_terms",
        "freight_description",
        "dispatch_location",
        "border_crossing_point_name",
        "destination",
        "order_contacts_phone",
        "order_contacts_email",
        "order_contacts",
        "notes",
        "freightordercontainer",
        "container_count",
        "create_date",
        "author",
        "updated_by",
      ].sort(),
    );
    const definitions = Object.keys(freightOrderFields);
    expect(fields).toEqual([...fields].sort((a, b) => definitions.indexOf(a) - definitions.indexOf(b)));
  });

  it("shows the number, company, status, comment, customer's number, destination and date by default", () => {
    const shown = ordersGrid("ru").columns.filter((column) => !column.hidden);
    expect(shown.map((column) => column.field)).toEqual([
      "id",
      "company_name",
      "status",
      "status_comment",
      "customer_order_number",
      "destination",
      "create_date",
    ]);
  });

  it("edits the status comment only, within its limit", () => {
    const editable = ordersGrid("ru").columns.filter((column) => column.edit);
    expect(editable.map((column) => column.field)).toEqual(["status_comment"]);
    expect(editable[0]?.edit?.maxLength).toBe(1000);
  });

  it("filters the status as a choice and sorts it by its name in the interface language", () => {
    const status = (language: string) =>
      ordersGrid(language).columns.find((column) => column.field === "status");
    expect(status("ru")).toMatchObject({ type: "select", filter: "multi-select", sortField: "status_name" });
    expect(status("en")?.sortField).toBe("status_name_en");
  });

  it("makes the first call the page makes, newest first, for the shown columns and the row's status", () => {
    const grid = ordersGrid("en");
    const fields = "id,company_name,status,status_comment,customer_order_number,destination,create_date";
    expect(initialListRequest(grid, new URLSearchParams(), 1).url).toBe(
      `/tracking/api/freight_orders/?ordering=-id&skip=0&take=20&fields=${encodeURIComponent(
        `${fields},status_name,status_name_en`,
      )}`,
    );
    const byStatus = new URLSearchParams({ "freight-orders.sort": "status" });
    expect(initialListRequest(grid, byStatus, 1).url).toContain("ordering=status_name_en");
  });
});
