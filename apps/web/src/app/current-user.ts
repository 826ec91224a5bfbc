/**
 * The signed-in user as `GET /profile/api/users/me/` answers it (docs/api.md, "Identity").
 * Move to packages/domain once the API publishes its user schema there.
 */
export interface CurrentUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  state: UserState;
  is_active: boolean;
  company_id: number | null;
  company: UserCompany | null;
  roles: { id: number; name: string }[];
  request_inn: string;
  request_name: string;
  request_contract_nums: string;
  is_manager: boolean;
  is_administrator: boolean;
  is_head: boolean;
  is_staff: boolean;
  can_access_to_monitoring: boolean;
  can_edit_refbook: boolean;
  can_select_company: boolean;
  can_set_is_paid: boolean;
  date_joined?: string;
  last_login?: string | null;
  version: number;
}

export interface UserCompany {
  id: number;
  name: string;
  notification_msg: string;
  debtor: boolean;
  is_expedition_company: boolean;
}

export type UserState = "new" | "pending" | "approved" | "declined";

export const ME_PATH = "/profile/api/users/me/";

/** Until a manager approves them, users see only the dashboard and their own profile (DOMAIN.md). */
export function isConfirmed(user: Pick<CurrentUser, "state">): boolean {
  return user.state === "approved";
}

/** The name to show for a user: "First Last", else the username. */
export function displayName(user: Pick<CurrentUser, "first_name" | "last_name" | "username">): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return name || user.username;
}
