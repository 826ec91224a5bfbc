import type { StatusFlags } from "../orders/fields.ts";
import type { UserFlags } from "../users/flags.ts";
import type { PolicyWithRules } from "./reference.ts";

// An order's documents, its signed document and its print version (docs/decisions.md, "Files and uploads").
// Everyone who sees the order (the order's tenancy scope) lists and downloads its files; these rules say who may
// change them and print it, per the order's status.

/**
 * Whether the user may add, change and delete the order's documents in this status: managers always, others where
 * the status lets them edit the order or its containers, since the documents make up the containers' packages for
 * the customs declaration (an approved order still takes its invoices and specifications).
 */
function canChangeDocuments(user: UserFlags, status: StatusFlags): boolean {
  return user.is_manager || status.user_can_edit || status.user_can_edit_containers;
}

/**
 * The order's files. Its documents are a resource of the shared CRUD, which enforces the row rules on a document
 * seen as its order's status; the signed order's upload and the print are asked by their own calls.
 */
export const orderFilePolicy = {
  canRead: () => true,
  canWrite: () => true,

  /** The web's name for the row rules below: the documents section offers adding, editing and deleting. */
  canChangeDocuments,
  canCreateRow: canChangeDocuments,
  canChangeRow: canChangeDocuments,
  canDeleteRow: canChangeDocuments,

  /**
   * Whether the user may upload a signed order: managers always, others where the workflow offers them a status
   * that needs one (`reachable`: the statuses of GET wf/), since the signed document exists for that move.
   */
  canUploadSigned: (user: UserFlags, reachable: readonly StatusFlags[]): boolean =>
    user.is_manager || reachable.some((status) => status.attachment_required),

  /** Whether the user may print the order in this status: managers always, others where it has `user_can_print`. */
  canPrint: (user: UserFlags, status: StatusFlags): boolean => user.is_manager || status.user_can_print,
} satisfies PolicyWithRules<StatusFlags>;
