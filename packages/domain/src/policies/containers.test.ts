import { describe, expect, it } from "vitest";
import {
  canChangePrepareToShipDate,
  canDeleteContainer,
  canEditContainers,
  canSetContainerStatus,
  containerPolicy,
  isContainerFieldIgnored,
} from "./containers.ts";
import { NO_FLAGS } from "./test-users.ts";

const client = NO_FLAGS;
const clientAdministrator = { ...NO_FLAGS, is_administrator: true };
const manager = { ...NO_FLAGS, is_manager: true };
const administrator = { ...NO_FLAGS, is_manager: true, is_administrator: true };

describe("container policy", () => {
  it.each([
    ["a client", client, false, false],
    ["a client", client, true, true],
    ["a manager", manager, false, true],
    ["a manager", manager, true, true],
  ] as const)(
    "lets %s edit containers where user_can_edit_containers is %s: %s",
    (_who, user, flag, expected) => {
      expect(canEditContainers(user, { user_can_edit_containers: flag })).toBe(expected);
    },
  );

  it.each([
    ["a client", client, false],
    ["a client with the administrator's grant", clientAdministrator, false],
    ["a manager", manager, false],
    ["an administrator who is a manager", administrator, true],
  ] as const)("lets %s set the status and the tracking block: %s", (_who, user, expected) => {
    expect(canSetContainerStatus(user)).toBe(expected);
    for (const field of ["status", "start_tracking_date", "tracking_done"]) {
      expect(isContainerFieldIgnored(user, field), field).toBe(!expected);
      expect(containerPolicy.ignoresField?.(user, field), field).toBe(!expected);
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
    expect(isContainerFieldIgnored(client, field)).toBe(true);
    expect(isContainerFieldIgnored(clientAdministrator, field)).toBe(true);
    expect(isContainerFieldIgnored(manager, field)).toBe(false);
    expect(isContainerFieldIgnored(administrator, field)).toBe(false);
  });

  it("leaves the rest of the container to whoever edits it", () => {
    for (const field of ["container", "location", "prepare_to_ship_date", "railwaybill_number", "notes"]) {
      expect(isContainerFieldIgnored(client, field), field).toBe(false);
      expect(isContainerFieldIgnored(manager, field), field).toBe(false);
    }
  });

  it("keeps an approved container's prepare-to-ship date and deleting for managers", () => {
    expect(canChangePrepareToShipDate(client, { status: 1 })).toBe(true);
    expect(canChangePrepareToShipDate(client, { status: 2 })).toBe(false);
    expect(canChangePrepareToShipDate(client, { status: 3 })).toBe(true);
    expect(canChangePrepareToShipDate(manager, { status: 2 })).toBe(true);
    expect(canDeleteContainer(client)).toBe(false);
    expect(canDeleteContainer(manager)).toBe(true);
  });
});
