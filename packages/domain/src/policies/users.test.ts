import { describe, expect, it } from "vitest";
import { isAllowed } from "./reference.ts";
import { NO_FLAGS } from "./test-users.ts";
import { ownProfilePolicy, userPolicy } from "./users.ts";

const CLIENT = NO_FLAGS;
const MANAGER = { ...NO_FLAGS, is_manager: true };
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
