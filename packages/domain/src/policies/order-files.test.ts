import { describe, expect, it } from "vitest";
import { orderFilePolicy } from "./order-files.ts";
import { isAllowed } from "./reference.ts";
import { NO_FLAGS, NO_STATUS_FLAGS } from "./test-users.ts";

const CLIENT = NO_FLAGS;
const MANAGER = { ...NO_FLAGS, is_manager: true };

const BARE = NO_STATUS_FLAGS;
const EDITABLE = { ...BARE, user_can_edit: true };
const CONTAINERS_EDITABLE = { ...BARE, user_can_edit_containers: true };
const PRINTABLE = { ...BARE, user_can_print: true };
const NEEDS_SIGNED = { ...BARE, attachment_required: true };

describe("orderFilePolicy's row rules: a document seen as its order's status", () => {
  it.each([
    ["a client", CLIENT, BARE, false],
    ["a client", CLIENT, PRINTABLE, false],
    ["a client", CLIENT, EDITABLE, true],
    ["a client", CLIENT, CONTAINERS_EDITABLE, true],
    ["a manager", MANAGER, BARE, true],
  ] as const)("%s may add, change and delete documents in %o: %s", (_who, user, status, expected) => {
    expect(orderFilePolicy.canChangeDocuments(user, status)).toBe(expected);
    expect(orderFilePolicy.canCreateRow(user, status)).toBe(expected);
    expect(orderFilePolicy.canChangeRow(user, status)).toBe(expected);
    expect(orderFilePolicy.canDeleteRow(user, status)).toBe(expected);
  });

  it("lets everyone signed in list and download the files of the orders they see", () => {
    for (const action of ["read", "create", "change", "delete"] as const) {
      expect(isAllowed(orderFilePolicy, CLIENT, action), action).toBe(true);
    }
  });
});

describe("orderFilePolicy's rules of the signed order and the print", () => {
  it.each([
    ["a client offered no status", CLIENT, [], false],
    ["a client offered statuses without a signed order", CLIENT, [EDITABLE, PRINTABLE], false],
    ["a client offered a status that needs one", CLIENT, [BARE, NEEDS_SIGNED], true],
    ["a manager offered no status", MANAGER, [], true],
  ] as const)("%s may upload a signed order: %s", (_who, user, reachable, expected) => {
    expect(orderFilePolicy.canUploadSigned(user, reachable)).toBe(expected);
  });

  it.each([
    ["a client", CLIENT, BARE, false],
    ["a client", CLIENT, EDITABLE, false],
    ["a client", CLIENT, PRINTABLE, true],
    ["a manager", MANAGER, BARE, true],
  ] as const)("%s may print an order in %o: %s", (_who, user, status, expected) => {
    expect(orderFilePolicy.canPrint(user, status)).toBe(expected);
  });
});
