import { z } from "zod";
import { USER_FIELD_LIMITS } from "../users/fields.ts";
import { lineText, text } from "../values/schemas.ts";

const L = USER_FIELD_LIMITS;
/**
 * Trimmed, not empty ("The field is required"), at most `max` characters. Not aborting on the empty value (it
 * cannot be too long as well), so that the sign-up form's repeat check still runs beside it.
 */
const requiredText = (max: number) => text().min(1).max(max);
/** A username: a required text on one line (it is shown in the managers' mails about a sign-up). */
const username = () => lineText().min(1).max(L.username);

/** POST api/token/: the credentials, trimmed as every form sends them. */
export const signInBody = z.object({
  username: username(),
  password: requiredText(L.password),
});
export type SignInBody = z.infer<typeof signInBody>;

/** A pair of tokens, as signing in and refreshing answer it. */
export const tokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

/** POST api/token/refresh/ and api/token/logout/. */
export const refreshBody = z.object({ refresh: z.string().min(1).max(200) });
export type RefreshBody = z.infer<typeof refreshBody>;

/**
 * POST accounts/signup/. The rules that need the database or the username (alphabet, taken, look-alike, password
 * strength) and the repeat are the API's, answered together under their fields; an empty repeat is a mismatch.
 */
export const signUpBody = z.object({
  username: username(),
  password: requiredText(L.password),
  repeatPassword: text().max(L.password),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** Whether the repeated password is the password: the API checks it, the sign-up form checks it first. */
export function repeatMatches(body: Pick<SignUpBody, "password" | "repeatPassword">): boolean {
  return body.password === body.repeatPassword;
}

/** The sign-up form: the body, the repeat required, and matching before anything is sent. */
export const signUpForm = signUpBody
  .extend({ repeatPassword: requiredText(L.password) })
  .refine(repeatMatches, {
    path: ["repeatPassword"],
    message: "signup_password_mismatch",
    // Said together with the other fields' messages, unless a password is itself missing or too long.
    when: ({ issues }) =>
      !issues.some((issue) => ["password", "repeatPassword"].includes(String(issue.path?.[0]))),
  });
