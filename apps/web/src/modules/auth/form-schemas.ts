// The auth forms' shared schemas (packages/domain), in a module the pages load when a form is first sent: zod
// stays off their first screen. Importing the domain's index lazily instead would keep all of it in one chunk.
export { signInBody, signUpForm, totpConfirmBody } from "@portal/domain";
