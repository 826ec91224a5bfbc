import type { CurrentUser } from "../current-user";

/** A signed-in user for tests: a confirmed customer without flags, changed by `overrides`. */
export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: "client",
    first_name: "Ivan",
    last_name: "Petrov",
    email: "client@example.com",
    phone: "+7 900 000-00-00",
    state: "approved",
    is_active: true,
    company_id: 1,
    company: null,
    roles: [],
    request_inn: "",
    request_name: "",
    request_contract_nums: "",
    grant_monitoring: false,
    grant_webhooks: false,
    is_manager: false,
    is_head: false,
    is_administrator: false,
    is_staff: false,
    can_access_to_monitoring: false,
    can_edit_refbook: false,
    can_select_company: false,
    can_set_is_paid: false,
    can_manage_webhooks: false,
    date_joined: "2024-01-01T00:00:00Z",
    last_login: null,
    version: 1,
    ...overrides,
  };
}

/** A manager's flags: managers have monitoring access with their role (the API derives it, users/flags.ts). */
const MANAGER = { is_manager: true, can_access_to_monitoring: true } as const;

/** The kinds of users the shell tells apart, by name. */
export const USERS = {
  "a new customer": buildUser({ state: "new", company_id: null }),
  "a customer awaiting confirmation": buildUser({ state: "pending" }),
  "a declined customer": buildUser({ state: "declined" }),
  "a confirmed customer": buildUser(),
  "an unconfirmed manager": buildUser({ state: "pending", ...MANAGER }),
  "a confirmed manager": buildUser(MANAGER),
  "a confirmed staff manager": buildUser({ ...MANAGER, is_staff: true }),
  "an unconfirmed staff manager": buildUser({ state: "new", ...MANAGER, is_staff: true }),
  "a reference book editor": buildUser({ can_edit_refbook: true }),
  "a customer with monitoring access": buildUser({ can_access_to_monitoring: true }),
} satisfies Record<string, CurrentUser>;
