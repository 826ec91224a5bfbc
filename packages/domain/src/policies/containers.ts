import {
  CONTAINER_ADMINISTRATOR_FIELDS,
  CONTAINER_MANAGER_FIELDS,
  CONTAINER_STATUSES,
} from "../containers/fields.ts";
import type { StatusFlags } from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import type { Policy } from "./reference.ts";

/**
 * Containers (spec 01 §6, spec 02 §6, DOMAIN.md "Containers"): everyone signed in reads the containers of the
 * orders they see (the orders' tenancy scope) and works with them under the rules below, which the API enforces
 * and the web uses to hide what they forbid.
 */
export const containerPolicy: Policy = {
  canRead: () => true,
  canWrite: () => true,
  canDelete: (user) => canDeleteContainer(user),
  ignoresField: (user, field) => isContainerFieldIgnored(user, field),
};

/**
 * Whether the user may add containers to the order, change them and make or withdraw their packages in the
 * order's status: managers always, others where the status has `user_can_edit_containers`.
 */
export function canEditContainers(
  user: UserFlags,
  status: Pick<StatusFlags, "user_can_edit_containers">,
): boolean {
  return user.is_manager || status.user_can_edit_containers;
}

/**
 * Whether the user may set a container's own status (pending, approved, declined) and its tracking block (start
 * tracking date, tracking done): administrators who are managers.
 */
export function canSetContainerStatus(user: UserFlags): boolean {
  return user.is_manager && user.is_administrator;
}

/** Whether the user may delete a container: managers only. */
export function canDeleteContainer(user: UserFlags): boolean {
  return user.is_manager;
}

/**
 * The container's fields a user has no say in: dropped from their bodies, never applied (no mass assignment). The
 * status and the tracking block (`start_tracking_date`, `tracking_done`) are the administrators' who are managers
 * (the form's administrators' block), the customs declarations the managers'.
 */
export function isContainerFieldIgnored(user: UserFlags, field: string): boolean {
  if ((CONTAINER_ADMINISTRATOR_FIELDS as readonly string[]).includes(field))
    return !canSetContainerStatus(user);
  return !user.is_manager && (CONTAINER_MANAGER_FIELDS as readonly string[]).includes(field);
}

/** Whether the user may change the prepare-to-ship date: once the container is approved, managers only. */
export function canChangePrepareToShipDate(user: UserFlags, container: { status: number }): boolean {
  return user.is_manager || container.status !== CONTAINER_STATUSES.approved;
}
