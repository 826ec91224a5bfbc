import { describe, expect, it } from "vitest";
import { containerPolicy } from "./containers.ts";
import { isAllowed } from "./reference.ts";
import { NO_FLAGS } from "./test-users.ts";

const client = NO_FLAGS;
const clientAdministrator = { ...NO_FLAGS, is_administrator: true };
const manager = { ...NO_FLAGS, is_manager: true };
const administrator = { ...NO_FLAGS, is_manager: true, is_administrator: true };

const EDITABLE = { user_can_edit_containers: true };
const LOCKED = { user_can_edit_containers: false };
const PENDING = { status: 1 };
const APPROVED = { status: 2 };
const DECLINED = { status: 3 };

describe("containerPolicy's row rules: a container seen as its order's status", () => {
  it.each([
    ["a client", client, LOCKED, false],
    ["a client", client, EDITABLE, true],
    ["a client with the administrator's grant", clientAdministrator, LOCKED, false],
    ["a manager", manager, LOCKED, true],
    ["a manager", manager, EDITABLE, true],
  ] as const)(
    "%s may add, change and package containers of an order in %o: %s",
    (_who, user, status, expected) => {
      expect(containerPolicy.canEdit(user, status)).toBe(expected);
      expect(containerPolicy.canCreateRow(user, status)).toBe(expected);
      // Whatever the change alters (the rule takes no fields): a save of an unchanged form is judged too
      expect(containerPolicy.canChangeRow(user, status)).toBe(expected);
    },
  );

  it.each([
    ["a client", client, PENDING, true],
    ["a client", client, APPROVED, false],
    ["a client", client, DECLINED, true],
    ["a client with the administrator's grant", clientAdministrator, APPROVED, false],
    ["a manager", manager, APPROVED, true],
    ["an administrator who is a manager", administrator, APPROVED, true],
  ] as const)(
    "%s may move the prepare-to-ship date of a container %o: %s",
    (_who, user, container, expected) => {
      expect(containerPolicy.canChangePrepareToShipDate(user, container)).toBe(expected);
    },
  );
});

describe("containerPolicy's action and field rules", () => {
  it.each([
    ["a client", client, false],
    ["a client with the administrator's grant", clientAdministrator, false],
    ["a manager", manager, true],
  ] as const)("lets %s delete containers: %s", (_who, user, expected) => {
    expect(isAllowed(containerPolicy, user, "delete")).toBe(expected);
    expect(isAllowed(containerPolicy, user, "read")).toBe(true);
    expect(isAllowed(containerPolicy, user, "create")).toBe(true);
    expect(isAllowed(containerPolicy, user, "change")).toBe(true);
  });

  it.each([
    ["a client", client, false],
    ["a client with the administrator's grant", clientAdministrator, false],
    ["a manager", manager, false],
    ["an administrator who is a manager", administrator, true],
  ] as const)("lets %s set the status and the tracking block: %s", (_who, user, expected) => {
    expect(containerPolicy.canSetStatus(user)).toBe(expected);
    for (const field of ["status", "start_tracking_date", "tracking_done"]) {
      expect(containerPolicy.ignoresField(user, field), field).toBe(!expected);
    }
  });

  it.each([
    "td_number",
    "td_date",
    "td_allowed_date",
    "td_end_date",
    "td_control",
    "dt_number",
    "dt_date",
    "dt_allowed_date",
    "dt_control",
  ])("leaves %s to managers", (field) => {
    expect(containerPolicy.ignoresField(client, field)).toBe(true);
    expect(containerPolicy.ignoresField(clientAdministrator, field)).toBe(true);
    expect(containerPolicy.ignoresField(manager, field)).toBe(false);
    expect(containerPolicy.ignoresField(administrator, field)).toBe(false);
  });

  it("leaves the rest of the container to whoever edits it", () => {
    for (const field of ["container", "location", "prepare_to_ship_date", "railwaybill_number", "notes"]) {
      expect(containerPolicy.ignoresField(client, field), field).toBe(false);
      expect(containerPolicy.ignoresField(manager, field), field).toBe(false);
    }
  });
});
