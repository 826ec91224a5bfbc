import { describe, expect, it } from "vitest";
import { orderRoles } from "./roles";

describe("orderRoles", () => {
  it("lists staff by rank, then customers, whatever order the roles came in", () => {
    expect(orderRoles(["RegisteredCustomer", "Manager", "Head"])).toEqual([
      "Head",
      "Manager",
      "RegisteredCustomer",
    ]);
    expect(orderRoles(["Customer", "RWManager"])).toEqual(["RWManager", "Customer"]);
  });

  it("puts unknown roles last, by name", () => {
    expect(orderRoles(["Zeta", "Manager", "Alpha"])).toEqual(["Manager", "Alpha", "Zeta"]);
  });
});
