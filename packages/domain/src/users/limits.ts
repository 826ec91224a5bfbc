// Plain constants, apart from the zod schemas, so that a screen needing only these does not load zod.

export const USER_STATES = ["new", "pending", "approved", "declined"] as const;
export type UserState = (typeof USER_STATES)[number];

/**
 * The state changes a manager may make on /profiles. A user sends their own profile (new or declined → pending);
 * a manager approves or declines a pending one, or re-opens a declined one. Nothing else moves.
 */
export const MANAGER_STATE_CHANGES: Readonly<Record<UserState, readonly UserState[]>> = {
  new: [],
  pending: ["approved", "declined"],
  approved: [],
  declined: ["pending"],
};

/**
 * Whether a manager has confirmed the user: until then users see only the dashboard and their own profile
 * (DOMAIN.md), and pages of company data stay closed.
 */
export function isConfirmed(user: { state: UserState }): boolean {
  return user.state === "approved";
}

/** States from which users send their own profile to confirmation. */
export const SENDABLE_STATES: readonly UserState[] = ["new", "pending", "declined"];

/** Roles that exist only inside the forwarder company (with the administrator grant). */
export const STAFF_ROLES = ["Head", "Manager", "RWManager"] as const;

/** The roles the company form offers for an employee of the forwarder company (spec 02 §6). */
export const EMPLOYEE_ROLES = ["RegisteredCustomer", "Head", "Manager", "RWManager", "Customer"] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];
