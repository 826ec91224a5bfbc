/**
 * What the user did on the sign-in page before its form kit arrived (sign-in-page.tsx): the values typed, the
 * field that had the focus, whether the password was shown and whether the form was sent. The kit's form starts
 * from it, so that the hand-over is not seen.
 */
export interface SignInDraft {
  values: { username: string; password: string };
  focused: "username" | "password" | null;
  passwordVisible: boolean;
  sent: boolean;
}

export function newSignInDraft(): SignInDraft {
  return { values: { username: "", password: "" }, focused: "username", passwordVisible: false, sent: false };
}
