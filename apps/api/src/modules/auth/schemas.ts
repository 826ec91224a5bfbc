// The bodies and answers of sign-in and sign-up are shared with the web's forms (packages/domain).
export type { SignInBody, SignUpBody } from "@portal/domain";
export {
  passkeyOptionsAnswer,
  passkeyOptionsBody,
  passkeyRegisterBody,
  passkeyRegisteredAnswer,
  passkeySignInBody,
  passwordConfirmBody,
  recoveryCodesAnswer,
  refreshBody,
  secondStepBody,
  securityAnswer,
  sessionsAnswer,
  signInAnswer,
  signInBody,
  signUpBody,
  tokenPair,
  totpConfirmBody,
  totpEnrolmentAnswer,
} from "@portal/domain";
