import {
  APPROVED_STATUS,
  ORDER_CONTRACT_FIELDS,
  ORDER_COST_FIELDS,
  ORDER_WORKFLOW_FIELDS,
  PAYABLE_ORDER_STATUSES,
  type StatusFlags,
  type TransitionActor,
} from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import { isBlank } from "../values/values.ts";
import type { Policy, PolicyWithRules } from "./reference.ts";

/** An order as its policy's row rules see it: its status (id and flags), which decides what may be done to it. */
type StatusOfOrder = StatusFlags & { id: number };

/** The fields only managers write: the approved cost and VAT, the forwarding contract. */
const MANAGERS_ONLY: readonly string[] = [...ORDER_COST_FIELDS, ...ORDER_CONTRACT_FIELDS];
const WORKFLOW: readonly string[] = ORDER_WORKFLOW_FIELDS;

/** The company a row is filed for: chosen only by users who may choose it (`can_select_company`), else their own. */
function ignoresCompany(user: UserFlags, field: string): boolean {
  return field === "company" && !user.can_select_company;
}

/**
 * Whether the user may change the order's own fields (all but the workflow's status, comment and signed file) in
 * its current status: managers always, others where the status has `user_can_edit`.
 */
function canEdit(user: UserFlags, status: StatusFlags): boolean {
  return user.is_manager || status.user_can_edit;
}

/**
 * Shipping orders (spec 01 §6, DOMAIN.md "Orders"): everyone signed in works with the orders of their own and
 * related companies (the tenancy scope; managers: every company's), under the per-status rules below. The shared
 * CRUD enforces the field and row rules; the orders' own write rules ask the others; the web hides what they
 * forbid.
 */
export const orderPolicy = {
  canRead: () => true,
  canWrite: () => true,

  /** The fields a user has no say in: the company unless they may choose it, the costs and contract but managers. */
  ignoresField: (user: UserFlags, field: string): boolean =>
    ignoresCompany(user, field) || (!user.is_manager && MANAGERS_ONLY.includes(field)),

  /** The orders list offers such orders to edit and the others to view. */
  canEdit,

  /**
   * A change of the order's own fields needs `canEdit` in its current status; a workflow move (a new status, with
   * its comment and signed file) is the workflow's to allow, and a comment alone is an edit.
   */
  canChangeRow: (user: UserFlags, status: StatusOfOrder, fields: readonly string[]): boolean => {
    const isMove = fields.includes("status");
    return fields.every((field) => isMove && WORKFLOW.includes(field)) || canEdit(user, status);
  },

  /** Managers delete any order, others one their status lets them edit, never an approved one. */
  canDeleteRow: (user: UserFlags, status: StatusOfOrder): boolean =>
    user.is_manager || (status.user_can_edit && status.id !== APPROVED_STATUS),

  /** Whether the user may change the approved cost and VAT in this status (the one the order ends up in). */
  canApproveCost: (user: UserFlags, status: StatusFlags): boolean =>
    user.is_manager && status.manager_can_approve_cost,

  /** Whether the user may mark orders paid and unpaid (set_is_paid/). */
  canSetPaid: (user: UserFlags): boolean => user.can_set_is_paid,

  /**
   * Whether the order may be marked paid now: its cost approved (`approved_cost` set) and its status Approved or
   * later and not cancelled (`PAYABLE_ORDER_STATUSES`). Marking it unpaid is always open, to undo a mistake.
   */
  canMarkPaid: (order: { status: number; approved_cost: number | null }): boolean =>
    order.approved_cost !== null && PAYABLE_ORDER_STATUSES.includes(order.status),

  /** Whether the user may take a transition open to `who`: `any`, managers' ones, or clients' ones. */
  canTakeTransition: (user: UserFlags, who: TransitionActor): boolean =>
    who === "any" || (who === "manager") === user.is_manager,

  /**
   * Whether a status comment is missing where the status needs one (`comment_required`, spec 01 §5: "The field is
   * required"): the status chosen on the form, or the order's current status when the list edits the comment
   * alone. Blank is empty (spaces and invisible characters alone: `isBlank`), as the API trims texts.
   */
  isCommentMissing: (status: Pick<StatusFlags, "comment_required">, comment: string | null | undefined) =>
    status.comment_required && isBlank(comment),
} satisfies PolicyWithRules<StatusOfOrder>;

/** The consignor/consignee directory's entry as its row rules see it. */
type DirectoryEntry = { public: boolean };

/** A public entry is the managers' to change and delete; a company's own, anyone's of it. */
function canChangeEntry(user: UserFlags, entry: DirectoryEntry): boolean {
  return user.is_manager || !entry.public;
}

/**
 * The consignor/consignee directory: everyone reads the public entries and their companies' own; anyone of the
 * owning company changes and deletes a non-public entry, only managers a public one, and only they make an entry
 * public (another user's `public` is ignored, as their `company` unless they may choose it).
 */
export const directoryPolicy = {
  canRead: () => true,
  canWrite: () => true,
  ignoresField: (user: UserFlags, field: string): boolean =>
    ignoresCompany(user, field) || (field === "public" && !user.is_manager),
  canChangeRow: canChangeEntry,
  canDeleteRow: canChangeEntry,
} satisfies Policy<DirectoryEntry>;
