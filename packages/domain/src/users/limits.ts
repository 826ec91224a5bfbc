// Plain constants, apart from the zod schemas, so that a screen needing only these does not load zod.

export const USER_STATES = ["new", "pending", "approved", "declined"] as const;
export type UserState = (typeof USER_STATES)[number];

/** Field limits of a user, as the API checks them and the forms show them. */
export const USER_FIELD_LIMITS = {
  username: 150,
  first_name: 150,
  last_name: 150,
  phone: 100,
  email: 254,
  password: 128,
  password_confirm: 128,
  request_inn: 12,
  request_name: 255,
  request_contract_nums: 1000,
} as const;

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

/** States from which users send their own profile to confirmation. */
export const SENDABLE_STATES: readonly UserState[] = ["new", "pending", "declined"];

/** Roles that exist only inside the forwarder company (with the administrator grant). */
export const STAFF_ROLES = ["Head", "Manager", "RWManager"] as const;
