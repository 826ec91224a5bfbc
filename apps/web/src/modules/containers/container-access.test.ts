import { CONTAINER_STATUSES, type UserFlags } from "@portal/domain";
import { describe, expect, it } from "vitest";
import { addableStatusIds, containerFormAccess } from "./container-access";

const CLIENT: UserFlags = {
  is_manager: false,
  is_head: false,
  is_administrator: false,
  is_staff: false,
  can_access_to_monitoring: false,
  can_edit_refbook: false,
  can_select_company: false,
  can_set_is_paid: false,
  can_manage_webhooks: false,
};
const MANAGER: UserFlags = { ...CLIENT, is_manager: true };
const ADMIN_MANAGER: UserFlags = { ...MANAGER, is_administrator: true };
const ADMIN: UserFlags = { ...CLIENT, is_administrator: true };

const EDITABLE = { user_can_edit_containers: true };
const LOCKED = { user_can_edit_containers: false };
const pending = { status: CONTAINER_STATUSES.pending };
const approved = { status: CONTAINER_STATUSES.approved };

describe("the container form's access", () => {
  it("is read-only for a client where the order's status keeps them from changing containers, never for a manager", () => {
    expect(containerFormAccess(CLIENT, pending, LOCKED).canEdit).toBe(false);
    expect(containerFormAccess(CLIENT, pending, EDITABLE).canEdit).toBe(true);
    expect(containerFormAccess(MANAGER, pending, LOCKED).canEdit).toBe(true);
    // A new container: its order is chosen among those the user may add to
    expect(containerFormAccess(CLIENT, null, null).canEdit).toBe(true);
  });

  it("locks the customs declaration and the tracking block for non-managers, the status for non-administrators", () => {
    const client = containerFormAccess(CLIENT, pending, EDITABLE);
    for (const field of [
      "td_number",
      "td_date",
      "dt_control",
      "start_tracking_date",
      "tracking_done",
      "status",
    ])
      expect(client.isLocked(field), field).toBe(true);
    expect(client.isLocked("arrival_at_border_date")).toBe(false);
    const manager = containerFormAccess(MANAGER, pending, EDITABLE);
    expect(manager.isLocked("td_number")).toBe(false);
    expect(manager.isLocked("status")).toBe(true);
    expect(containerFormAccess(ADMIN_MANAGER, pending, EDITABLE).isLocked("status")).toBe(false);
  });

  it("locks an approved container's ready-to-ship date for non-managers only", () => {
    expect(containerFormAccess(CLIENT, approved, EDITABLE).isLocked("prepare_to_ship_date")).toBe(true);
    expect(containerFormAccess(CLIENT, pending, EDITABLE).isLocked("prepare_to_ship_date")).toBe(false);
    expect(containerFormAccess(MANAGER, approved, EDITABLE).isLocked("prepare_to_ship_date")).toBe(false);
  });

  it("shows the administrators' block to administrators, and a new container no section the server fills", () => {
    expect(containerFormAccess(CLIENT, pending, EDITABLE).sections).not.toContain("admin");
    expect(containerFormAccess(MANAGER, pending, EDITABLE).sections).not.toContain("admin");
    expect(containerFormAccess(ADMIN, pending, EDITABLE).sections).toContain("admin");
    expect(containerFormAccess(ADMIN_MANAGER, pending, EDITABLE).sections).toEqual([
      "order",
      "tracking_status",
      "location",
      "railway",
      "track_dates",
      "package",
      "customs",
      "admin",
    ]);
    expect(containerFormAccess(MANAGER, null, null).sections).toEqual([
      "order",
      "location",
      "railway",
      "track_dates",
      "customs",
    ]);
  });

  it("offers a client adding a container no section of fields only managers fill", () => {
    expect(containerFormAccess(CLIENT, null, null).sections).toEqual([
      "order",
      "location",
      "railway",
      "track_dates",
    ]);
    // A stored container shows them all the same, locked
    expect(containerFormAccess(CLIENT, pending, EDITABLE).sections).toContain("customs");
  });
});

describe("the orders a new container may be added to", () => {
  const statuses = [
    { id: 1, user_can_edit_containers: true },
    { id: 2, user_can_edit_containers: false },
    { id: 5, user_can_edit_containers: true },
  ];

  it("are those in a status that lets a client edit containers, any order for a manager", () => {
    expect(addableStatusIds(CLIENT, statuses)).toEqual([1, 5]);
    expect(addableStatusIds(ADMIN, statuses)).toEqual([1, 5]);
    expect(addableStatusIds(MANAGER, statuses)).toBeNull();
  });

  it("are any order where every status lets the user, and none where no status does", () => {
    expect(addableStatusIds(CLIENT, statuses.slice(0, 1))).toBeNull();
    expect(addableStatusIds(CLIENT, statuses.slice(1, 2))).toEqual([]);
  });
});
