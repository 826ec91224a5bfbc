import { deriveFlags, type UserFlags } from "@portal/domain";
import type { UserView } from "./repo.ts";

/** The user as the API shows it: no password hash, no grants, flags derived on the server. */
export function presentUser(view: UserView) {
  const { user } = view;
  return {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    state: user.state,
    is_active: user.is_active,
    company_id: user.company_id,
    company: view.company,
    roles: view.roles,
    request_inn: user.request_inn,
    request_name: user.request_name,
    request_contract_nums: user.request_contract_nums,
    ...flagsOf(view),
    date_joined: user.date_joined.toISOString(),
    last_login: user.last_login?.toISOString() ?? null,
    version: user.version,
  };
}

export type PresentedUser = ReturnType<typeof presentUser>;

export function flagsOf(view: UserView): UserFlags {
  return deriveFlags(
    view.roles.map((role) => role.name),
    view.user,
    view.related_company_ids.length > 0,
  );
}
