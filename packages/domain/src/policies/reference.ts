import type { UserFlags } from "../users/flags.ts";

/** Who may do what with a resource: the API enforces it, the web hides what a user may not do. */
export interface Policy {
  /** Whether the user may list and read the rows (of their scope). */
  canRead(user: UserFlags): boolean;
  /** Whether the user may create, change and delete rows, unless `canCreate` or `canDelete` say otherwise. */
  canWrite(user: UserFlags): boolean;
  /** Whether the user may create rows; default `canWrite`. */
  canCreate?(user: UserFlags): boolean;
  /** Whether the user may delete rows; default `canWrite`. */
  canDelete?(user: UserFlags): boolean;
  /** Whether the user may open this row at all, beyond the tenancy scope (403 otherwise); default yes. */
  canOpen?(user: UserFlags, row: Record<string, unknown>): boolean;
}

/** What a call does with a resource's rows, as its policy and its route's access see it. */
export type PolicyAction = "read" | "create" | "change" | "delete";

/** Whether the policy lets the user make calls of this kind at all (the rows' own rules come after). */
export function isAllowed(policy: Policy, user: UserFlags, action: PolicyAction): boolean {
  switch (action) {
    case "read":
      return policy.canRead(user);
    case "create":
      return (policy.canCreate ?? policy.canWrite)(user);
    case "change":
      return policy.canWrite(user);
    case "delete":
      return (policy.canDelete ?? policy.canWrite)(user);
  }
}

/** Reference books: everyone signed in reads them (the order form needs them); editors change them. */
export const referencePolicy: Policy = {
  canRead: () => true,
  canWrite: (user) => user.can_edit_refbook,
};
