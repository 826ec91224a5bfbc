import type { RefreshBody, SignInBody, SignUpBody } from "@portal/domain";
import { apiFetch } from "../../app/api-client";
import type { CurrentUser } from "../../app/current-user";
import { clearSession, getRefreshToken, setTokens, setUser } from "../../app/session";

/**
 * Signs in: stores both tokens, then the current user. Errors are the caller's to show (`silent`); when the
 * user cannot be loaded after the tokens were issued, nothing stays stored.
 */
export async function signIn(credentials: SignInBody): Promise<CurrentUser> {
  const tokens = await apiFetch("POST /api/token/", { json: credentials, silent: true });
  setTokens(tokens);
  try {
    const user = await apiFetch("GET /profile/api/users/me/", { silent: true });
    setUser(user);
    return user;
  } catch (error) {
    clearSession("user");
    throw error;
  }
}

/** Creates an account (state `new`, no company), then signs in with the same credentials. */
export async function signUp(body: SignUpBody): Promise<CurrentUser> {
  await apiFetch("POST /accounts/signup/", { json: body, silent: true });
  return signIn({ username: body.username, password: body.password });
}

/** Revokes the refresh token on the server (its failure does not matter) and forgets the session. */
export function logout(): void {
  const refresh = getRefreshToken();
  if (refresh) {
    const body: RefreshBody = { refresh };
    apiFetch("POST /api/token/logout/", { json: body, silent: true }).catch(() => {
      // Already revoked, expired or offline: the session ends here anyway.
    });
  }
  clearSession("user");
}
