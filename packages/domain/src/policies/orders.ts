import {
  APPROVED_STATUS,
  ORDER_CONTRACT_FIELDS,
  ORDER_COST_FIELDS,
  type StatusFlags,
  type TransitionActor,
} from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import { isBlank } from "../values/values.ts";
import type { Policy } from "./reference.ts";

/**
 * Shipping orders (spec 01 §6, DOMAIN.md "Orders"): everyone signed in works with the orders of their own and
 * related companies (the tenancy scope; managers: every company's), under the per-status rules below. The API
 * enforces them; the web hides what they forbid.
 */
export const orderPolicy: Policy = {
  canRead: () => true,
  canWrite: () => true,
};

/** The order's fields a user has no say in: dropped from their bodies, never applied (no mass assignment). */
export function isOrderFieldIgnored(user: UserFlags, field: string): boolean {
  if (field === "company") return !user.can_select_company;
  const managersOnly: readonly string[] = [...ORDER_COST_FIELDS, ...ORDER_CONTRACT_FIELDS];
  return !user.is_manager && managersOnly.includes(field);
}

/**
 * Whether the user may change the order's own fields (all but the workflow's status, comment and signed file) in
 * its current status: managers always, others where the status has `user_can_edit`. The orders list offers
 * such orders to edit and the others to view.
 */
export function canEditOrder(user: UserFlags, status: StatusFlags): boolean {
  return user.is_manager || status.user_can_edit;
}

/**
 * Whether a status comment is missing where the status needs one (`comment_required`, spec 01 §5: "The field is
 * required"): the status chosen on the form, or the order's current status when the list edits the comment alone.
 * Blank is empty (spaces and invisible characters alone: `isBlank`), as the API trims texts.
 */
export function isStatusCommentMissing(
  status: Pick<StatusFlags, "comment_required">,
  comment: string | null | undefined,
): boolean {
  return status.comment_required && isBlank(comment);
}

/** Whether the user may change the approved cost and VAT in this status (the one the order ends up in). */
export function canApproveCost(user: UserFlags, status: StatusFlags): boolean {
  return user.is_manager && status.manager_can_approve_cost;
}

/** Whether the user may delete the order: managers always, others where it is editable and never approved. */
export function canDeleteOrder(user: UserFlags, statusId: number, status: StatusFlags): boolean {
  return user.is_manager || (status.user_can_edit && statusId !== APPROVED_STATUS);
}

/** Whether the user may take a transition open to `who`: `any`, managers' ones, or clients' ones. */
export function canTakeTransition(user: UserFlags, who: TransitionActor): boolean {
  return who === "any" || (who === "manager") === user.is_manager;
}

/** Whether the user may mark orders paid and unpaid (set_is_paid/). */
export function canSetIsPaid(user: UserFlags): boolean {
  return user.can_set_is_paid;
}

/**
 * The consignor/consignee directory: everyone reads the public entries and their companies' own; anyone of the
 * owning company changes a non-public entry, only managers a public one (and only they make an entry public).
 */
export const directoryPolicy: Policy = {
  canRead: () => true,
  canWrite: () => true,
};

/** Whether the user may change or delete this directory entry (within their scope). */
export function canChangeDirectoryEntry(user: UserFlags, entry: { public: boolean }): boolean {
  return user.is_manager || !entry.public;
}
