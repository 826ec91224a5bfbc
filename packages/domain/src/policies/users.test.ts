import { describe, expect, it } from "vitest";
import type { UserFlags } from "../users/flags.ts";
import { isAllowed } from "./reference.ts";
import { ownProfilePolicy, userPolicy } from "./users.ts";

const NOBODY: UserFlags = {
  is_manager: false,
  is_head: false,
  is_administrator: false,
  is_staff: false,
  can_access_to_monitoring: false,
  can_edit_refbook: false,
  can_select_company: false,
  can_set_is_paid: false,
};
const CLIENT = NOBODY;
const MANAGER = { ...NOBODY, is_manager: true };
const HEAD = { ...MANAGER, is_head: true };
const ADMINISTRATOR = { ...MANAGER, is_administrator: true };

const STAFF = { company: { is_expedition_company: true } };
const CUSTOMER = { company: { is_expedition_company: false } };
const APPLICANT = { company: null };

describe("userPolicy", () => {
  it.each([
    ["a client", CLIENT, false],
    ["a manager", MANAGER, true],
  ] as const)("lets %s list and change users, never delete them: %s", (_who, user, expected) => {
    expect(isAllowed(userPolicy, user, "read")).toBe(expected);
    expect(isAllowed(userPolicy, user, "change")).toBe(expected);
    expect(isAllowed(userPolicy, user, "delete")).toBe(false);
  });

  it.each([
    ["a manager", MANAGER, STAFF, false],
    ["a manager", MANAGER, CUSTOMER, true],
    ["a manager", MANAGER, APPLICANT, true],
    ["a head", HEAD, STAFF, true],
    ["an administrator", ADMINISTRATOR, STAFF, true],
  ] as const)("lets %s change a user of %o: %s", (_who, user, row, expected) => {
    expect(userPolicy.canChangeRow(user, row)).toBe(expected);
  });

  it.each([
    ["a manager", MANAGER, false],
    ["a head", HEAD, true],
    ["an administrator", ADMINISTRATOR, true],
  ] as const)("lets %s edit the forwarder's staff: %s", (_who, user, expected) => {
    expect(userPolicy.canEditStaff(user)).toBe(expected);
  });
});

describe("ownProfilePolicy", () => {
  it("lets everyone read and save their profile, and nobody create or delete one", () => {
    expect(isAllowed(ownProfilePolicy, CLIENT, "read")).toBe(true);
    expect(isAllowed(ownProfilePolicy, CLIENT, "change")).toBe(true);
    expect(isAllowed(ownProfilePolicy, MANAGER, "create")).toBe(false);
    expect(isAllowed(ownProfilePolicy, MANAGER, "delete")).toBe(false);
  });
});
