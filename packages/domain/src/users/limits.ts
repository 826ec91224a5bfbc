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
