/** Shapes of `/profile/api/users/` as the all-users grid uses them (docs/api.md, "Identity"). */

export const USER_STATES = ["new", "pending", "approved", "declined"] as const;
export type UserState = (typeof USER_STATES)[number];

/** A row of `GET /profile/api/users/`: the fields the grid shows or edits. */
export interface UserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  state: UserState;
  is_active: boolean;
  company_id: number | null;
  company: { id: number; name: string; is_expedition_company: boolean } | null;
  roles: { id: number; name: string }[];
  request_inn: string;
  request_name: string;
  request_contract_nums: string;
  is_manager: boolean;
  is_head: boolean;
  is_administrator: boolean;
  date_joined: string;
  last_login: string | null;
  version: number;
}

/** Body of `PATCH /profile/api/users/{id}/`; `version` guards against overwriting someone else's change. */
export interface UserPatch {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  state?: UserState;
  is_active?: boolean;
  company_id?: number | null;
  /** Required when the new company is the forwarder's own: the user gets manager powers. */
  change_company_warning?: boolean;
  version?: number;
}

/** A choice of the company editor (`GET /profile/api/companies/`). */
export interface CompanyOption {
  id: number;
  name: string;
  is_expedition_company: boolean;
}
