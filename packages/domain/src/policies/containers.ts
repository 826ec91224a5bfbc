import {
  CONTAINER_ADMINISTRATOR_FIELDS,
  CONTAINER_MANAGER_FIELDS,
  CONTAINER_STATUSES,
} from "../containers/fields.ts";
import type { StatusFlags } from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import type { PolicyWithRules } from "./reference.ts";

/**
 * A container as its row rules see it: its order's status (the flags of the status the order is in), which decides
 * who adds, changes and packages the order's containers.
 */
export type ContainerOrderStatus = Pick<StatusFlags, "user_can_edit_containers">;

/**
 * Whether the user may add containers to an order in this status, change them and make or withdraw their packages:
 * managers always, others where the status has `user_can_edit_containers`.
 */
function canEdit(user: UserFlags, status: ContainerOrderStatus): boolean {
  return user.is_manager || status.user_can_edit_containers;
}

/**
 * Whether the user may set a container's own status (pending, approved, declined) and its tracking block (start
 * tracking date, tracking done): administrators who are managers.
 */
function canSetStatus(user: UserFlags): boolean {
  return user.is_manager && user.is_administrator;
}

/**
 * Containers (spec 01 §6, spec 02 §6, DOMAIN.md "Containers"): everyone signed in reads the containers of the
 * orders they see (the orders' tenancy scope) and works with them under the rules below. The shared CRUD enforces
 * the field and row rules (a container seen as its order's status); the containers' own write rules and package
 * calls ask the others; the web hides what they forbid.
 */
export const containerPolicy = {
  canRead: () => true,
  canWrite: () => true,
  /** Managers delete containers (with their packages' links). */
  canDelete: (user: UserFlags): boolean => user.is_manager,

  /**
   * The container's fields a user has no say in: dropped from their bodies, never applied (no mass assignment).
   * The status and the tracking block (`start_tracking_date`, `tracking_done`) are the administrators' who are
   * managers (the form's administrators' block), the customs declarations the managers'.
   */
  ignoresField: (user: UserFlags, field: string): boolean => {
    if ((CONTAINER_ADMINISTRATOR_FIELDS as readonly string[]).includes(field)) return !canSetStatus(user);
    return !user.is_manager && (CONTAINER_MANAGER_FIELDS as readonly string[]).includes(field);
  },

  /** The web's name for the row rules below: the list offers such containers to edit, the others to view. */
  canEdit,
  /** A container is added to an order whose status lets the user edit its containers. */
  canCreateRow: canEdit,
  /** A container is changed, whatever the change, where its order's status lets the user edit its containers. */
  canChangeRow: canEdit,

  canSetStatus,

  /**
   * Whether the user may move the prepare-to-ship date: once the container is approved, managers only (a 400 on
   * the field, asked by the containers' write rules).
   */
  canChangePrepareToShipDate: (user: UserFlags, container: { status: number }): boolean =>
    user.is_manager || container.status !== CONTAINER_STATUSES.approved,
} satisfies PolicyWithRules<ContainerOrderStatus>;
