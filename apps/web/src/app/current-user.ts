import type { User } from "@portal/domain";

/** The signed-in user as `GET /profile/api/users/me/` answers it: the API's own schema (packages/domain). */
export type CurrentUser = User;
export type { UserCompany, UserState } from "@portal/domain";

/** The name to show for a user: "First Last", else the username. */
export function displayName(user: Pick<CurrentUser, "first_name" | "last_name" | "username">): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return name || user.username;
}
