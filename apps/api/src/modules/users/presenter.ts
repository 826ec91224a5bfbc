import { deriveFlags, type RowOf, type UserFlags, userFields } from "@portal/domain";
import type { UserView } from "./repo.ts";

/**
 * The user as the API shows it: no password hash, flags derived on the server; of the grants only those a manager
 * gives in the user's form (`USER_GRANTS`: the monitoring, the webhooks).
 */
export function presentUser(view: UserView) {
  const { user } = view;
  // The defined fields as stored, but the times, answered as ISO text
  const stored = Object.fromEntries(
    Object.keys(userFields).map((name) => [name, user[name as keyof typeof user]]),
  ) as Omit<RowOf<typeof userFields>, "date_joined" | "last_login">;
  return {
    ...stored,
    company: view.company,
    roles: view.roles,
    grant_monitoring: user.grant_monitoring,
    grant_webhooks: user.grant_webhooks,
    ...flagsOf(view),
    date_joined: user.date_joined.toISOString(),
    last_login: user.last_login?.toISOString() ?? null,
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
