import { describe, expect, it } from "vitest";
import { allows } from "./access";
import { buildUser } from "./test-users";

describe("allows", () => {
  it("lets in a route that names several flags only a user who has them all", () => {
    const access = { flag: ["is_manager", "is_administrator"] } as const;
    expect(allows(access, buildUser({ is_manager: true, is_administrator: true }))).toBe(true);
    // A client company's administrator, and a manager who is not one
    expect(allows(access, buildUser({ is_administrator: true }))).toBe(false);
    expect(allows(access, buildUser({ is_manager: true }))).toBe(false);
    expect(allows(access, null)).toBe(false);
  });

  it("keeps a single flag's rule", () => {
    expect(allows({ flag: "is_manager" }, buildUser({ is_manager: true }))).toBe(true);
    expect(allows({ flag: "is_manager" }, buildUser())).toBe(false);
  });
});
