import { useSyncExternalStore } from "react";
import type { CurrentUser } from "./current-user";
import { getSession, type SessionSnapshot, subscribeSession } from "./session";

/** The session (user and why it ended), re-rendering on sign-in, sign-out and profile updates. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user; only for components under the authentication guard. */
export function useCurrentUser(): CurrentUser {
  const { user } = useSession();
  if (!user) throw new Error("useCurrentUser() outside the authentication guard");
  return user;
}
