// The bodies and answers of sign-in and sign-up are shared with the web's forms (packages/domain).
export type { SignInBody, SignUpBody } from "@portal/domain";
export { refreshBody, signInBody, signUpBody, tokenPair } from "@portal/domain";
