// The sign-up form's shared schema (packages/domain), in a module the page loads when the form is first sent:
// zod stays off its first screen. Importing the domain's index lazily instead would keep all of it in one chunk.
export { signUpForm } from "@portal/domain";
