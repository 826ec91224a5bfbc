import { isConfirmed, type UserFlags } from "@portal/domain";
import type { CurrentUser } from "../current-user";

/** What a signed-in user needs besides: a permission flag (the API enforces the same), a confirmed profile. */
export interface Requirement {
  /** A flag, or several that must all hold (the forwarder's administrators: `is_manager` and `is_administrator`). */
  flag?: keyof UserFlags | readonly (keyof UserFlags)[];
  confirmed?: boolean;
}

/**
 * Who may open a route: only someone not signed in (sign-in, sign-up), anyone signed in, or a signed-in user
 * meeting a requirement. The route's guard, and every menu entry and tile leading to it, apply this one rule.
 */
export type Access = "guest" | "signed-in" | Requirement;

/** Whether a signed-in user meets a requirement. */
export function meets(user: CurrentUser, requirement: Requirement): boolean {
  const flags = requirement.flag === undefined ? [] : [requirement.flag].flat();
  return flags.every((flag) => user[flag]) && (!requirement.confirmed || isConfirmed(user));
}

/** Whether the user (`null`: nobody signed in) may open a route with this access. */
export function allows(access: Access, user: CurrentUser | null): boolean {
  if (access === "guest") return user === null;
  if (user === null) return false;
  return access === "signed-in" || meets(user, access);
}
