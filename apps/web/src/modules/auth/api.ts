import type { RefreshBody, SecondStepAnswer, SignInBody, SignUpBody, TokenPair } from "@portal/domain";
import { apiFetch } from "../../app/api-client";
import type { CurrentUser } from "../../app/current-user";
import { clearSession, getRefreshToken, setTokens, setUser } from "../../app/session";

/** The second step a sign-in asks for (a user with a second factor): its ticket and ways. */
export type SecondStep = SecondStepAnswer["second_step"];

/**
 * Signs in: stores both tokens, then the current user; or answers the second step a user with a second factor
 * takes next (`secondStepSignIn`, `passkeySignIn`). Errors are the caller's to show (`silent`).
 */
export async function signIn(credentials: SignInBody): Promise<CurrentUser | { secondStep: SecondStep }> {
  const answer = await apiFetch("POST /api/token/", { json: credentials, silent: true });
  if ("second_step" in answer) return { secondStep: answer.second_step };
  return begin(answer);
}

/** The second step with a one-time code or a recovery code. */
export async function secondStepSignIn(ticket: string, code: string): Promise<CurrentUser> {
  return begin(await apiFetch("POST /api/token/second-step/", { json: { ticket, code }, silent: true }));
}

/**
 * Signs in with a passkey: alone (the browser offers the passkeys of this site), or as the second step of a ticket.
 * The WebAuthn library loads here, when a passkey is used.
 */
export async function passkeySignIn(ticket?: string): Promise<CurrentUser> {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const body = ticket ? { ticket } : {};
  const { options } = await apiFetch("POST /api/token/passkey/options/", { json: body, silent: true });
  const credential = await startAuthentication({ optionsJSON: options as never });
  return begin(await apiFetch("POST /api/token/passkey/", { json: { ...body, credential }, silent: true }));
}

/**
 * Stores the tokens, then the current user; when the user cannot be loaded after the tokens were issued, nothing
 * stays stored.
 */
async function begin(tokens: TokenPair): Promise<CurrentUser> {
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
  // A new account has no second factor: its sign-in answers tokens
  return (await signIn({ username: body.username, password: body.password })) as CurrentUser;
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
