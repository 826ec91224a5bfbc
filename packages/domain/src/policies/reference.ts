import type { UserFlags } from "../users/flags.ts";

/**
 * Who may do what with a resource: the API enforces it, the web hides what a user may not do. The shared CRUD
 * (CrudService) enforces every member: the action rules (`canRead` … `canDelete`) before a call, the field rule
 * on every body, the row rules on the row a call names or a create makes. `Row` is a row as the row rules see it:
 * the row as listed, or what the resource makes of it (`CrudResource.policyRow`: an order is seen as its status).
 */
export interface Policy<Row = Record<string, unknown>> {
  /** Whether the user may list and read the rows (of their scope). */
  canRead(user: UserFlags): boolean;
  /** Whether the user may create, change and delete rows, unless `canCreate` or `canDelete` say otherwise. */
  canWrite(user: UserFlags): boolean;
  /** Whether the user may create rows; default `canWrite`. */
  canCreate?(user: UserFlags): boolean;
  /** Whether the user may delete rows; default `canWrite`. */
  canDelete?(user: UserFlags): boolean;
  /** Whether the user may open this row at all, beyond the tenancy scope (403 otherwise); default yes. */
  canOpen?(user: UserFlags, row: Row): boolean;
  /**
   * Whether the user has no say in this field: it is dropped from their bodies (a create's and a change's) before
   * anything else reads them, never written and never refused (no mass assignment); default none.
   */
  ignoresField?(user: UserFlags, field: string): boolean;
  /**
   * Whether the user may create this row: the row the create would make as the row rules see it (the resource's
   * `policyRowOfNew` of the body's values and the parent's id; a container: its order's status); 403 otherwise.
   * Default yes.
   */
  canCreateRow?(user: UserFlags, row: Row): boolean;
  /**
   * Whether the user may make a change to this row that alters these `fields` (those whose values differ from the
   * stored row's, after `ignoresField`); 403 otherwise. Default yes.
   */
  canChangeRow?(user: UserFlags, row: Row, fields: readonly string[]): boolean;
  /** Whether the user may delete this row (403 otherwise); default yes. */
  canDeleteRow?(user: UserFlags, row: Row): boolean;
}

/**
 * A policy that also names rules of its own beside the shared ones (an order's `canApproveCost`, a user's
 * `canEditStaff`), which the resource's write rules and the web call: `satisfies PolicyWithRules<Row>` checks the
 * shared members and keeps every member's own type.
 */
export type PolicyWithRules<Row> = Policy<Row> & { [rule: string]: unknown };

/** What a call does with a resource's rows, as its policy and its route's access see it. */
export type PolicyAction = "read" | "create" | "change" | "delete";

/** Whether the policy lets the user make calls of this kind at all (the rows' own rules come after). */
export function isAllowed(policy: Policy<never>, user: UserFlags, action: PolicyAction): boolean {
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
