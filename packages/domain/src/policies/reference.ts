import type { UserFlags } from "../users/flags.ts";

/** Who may do what with a resource: the API enforces it, the web hides what a user may not do. */
export interface Policy {
  canRead(user: UserFlags): boolean;
  canWrite(user: UserFlags): boolean;
  /** Whether the user may open this row at all, beyond the tenancy scope (403 otherwise); default yes. */
  canOpen?(user: UserFlags, row: Record<string, unknown>): boolean;
}

/** Reference books: everyone signed in reads them (the order form needs them); editors change them. */
export const referencePolicy: Policy = {
  canRead: () => true,
  canWrite: (user) => user.can_edit_refbook,
};
