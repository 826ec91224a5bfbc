import type { TokenPair } from "@portal/domain";
import type { CurrentUser } from "./current-user";
import { readItem, writeItem } from "./storage";

/** localStorage keys of the session (spec 01 §9). */
export const ACCESS_TOKEN_KEY = "access-token";
export const REFRESH_TOKEN_KEY = "refresh-token";
export const USER_KEY = "user";

/** Why the session ended: the user asked for it, or the tokens could no longer be refreshed. */
export type LogoutReason = "user" | "expired";

export interface SessionSnapshot {
  user: CurrentUser | null;
  /** Set when the session ends, so the route guard knows whether to remember the page for after sign-in. */
  logoutReason: LogoutReason | null;
}

type Listener = () => void;

const listeners = new Set<Listener>();
const tokenListeners = new Set<Listener>();
let snapshot: SessionSnapshot = { user: readUser(), logoutReason: null };

function readUser(): CurrentUser | null {
  const raw = readItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CurrentUser;
  } catch {
    return null;
  }
}

function publish(next: SessionSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return readItem(ACCESS_TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return readItem(REFRESH_TOKEN_KEY);
}

export function setTokens(tokens: TokenPair): void {
  writeItem(ACCESS_TOKEN_KEY, tokens.access);
  writeItem(REFRESH_TOKEN_KEY, tokens.refresh);
  for (const listener of tokenListeners) listener();
}

/** Calls `listener` after each new token pair (a refresh, a password change): the live stream reopens with it. */
export function subscribeTokens(listener: Listener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** Stores the current user (after sign-in and on every refetch of `me`). */
export function setUser(user: CurrentUser): void {
  const text = JSON.stringify(user);
  // `me` is refetched on every signed-in page load and focus, mostly unchanged: re-rendering every page
  // (its grid included) for the same user would only cost time.
  if (snapshot.user !== null && JSON.stringify(snapshot.user) === text) return;
  writeItem(USER_KEY, text);
  publish({ user, logoutReason: null });
}

/** Forgets tokens and user. Navigation to /sign-in follows from the route guard reacting to the change. */
export function clearSession(reason: LogoutReason): void {
  writeItem(ACCESS_TOKEN_KEY, null);
  writeItem(REFRESH_TOKEN_KEY, null);
  writeItem(USER_KEY, null);
  publish({ user: null, logoutReason: reason });
}

export function getSession(): SessionSnapshot {
  return snapshot;
}

/** For `useSyncExternalStore`. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing out (or in as someone else) changes this tab's session too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key !== USER_KEY && event.key !== null) return;
    const user = readUser();
    if (user?.id === snapshot.user?.id && user?.version === snapshot.user?.version) return;
    publish({ user, logoutReason: user ? null : "expired" });
  });
}
