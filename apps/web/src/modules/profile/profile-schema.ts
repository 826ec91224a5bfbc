import { text, USER_FIELD_LIMITS } from "@portal/domain";
import { z } from "zod";
import type { CurrentUser } from "../../app/current-user";

/**
 * Messages are keys of the `errors` catalog, prefixed `$t:` so the form can tell them from the server's own
 * (already translated) messages. Rules of spec 02 §5.
 */
export const REQUIRED = "$t:errors:validation.required";
export const EMAIL_INVALID = "$t:errors:validation.emailInvalid";
export const PASSWORD_MISMATCH = "$t:errors:validation.passwordMismatch";

export const TOO_LONG = "$t:errors:validation.tooLong";

/** Field limits of `PUT /profile/api/users/me/`, shared with the API. */
export const PROFILE_LIMITS = USER_FIELD_LIMITS;

const trimmedText = (max: number) => text().max(max, TOO_LONG);
const required = (max: number) => trimmedText(max).min(1, REQUIRED);

export const profileFormSchema = z
  .object({
    first_name: required(PROFILE_LIMITS.first_name),
    last_name: required(PROFILE_LIMITS.last_name),
    phone: required(PROFILE_LIMITS.phone),
    email: required(PROFILE_LIMITS.email).pipe(z.email(EMAIL_INVALID)),
    password: trimmedText(PROFILE_LIMITS.password),
    password_confirm: trimmedText(PROFILE_LIMITS.password_confirm),
    request_inn: trimmedText(PROFILE_LIMITS.request_inn),
    request_name: trimmedText(PROFILE_LIMITS.request_name),
    request_contract_nums: trimmedText(PROFILE_LIMITS.request_contract_nums),
  })
  .refine((values) => values.password === values.password_confirm, {
    path: ["password_confirm"],
    message: PASSWORD_MISMATCH,
  });

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

export const PROFILE_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "email",
  "password",
  "password_confirm",
  "request_inn",
  "request_name",
  "request_contract_nums",
] as const satisfies readonly (keyof ProfileFormValues)[];

/** The form's values for a loaded user (no password). */
export function profileFormValues(user: CurrentUser): ProfileFormInput {
  return {
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    phone: user.phone ?? "",
    email: user.email ?? "",
    password: "",
    password_confirm: "",
    request_inn: user.request_inn ?? "",
    request_name: user.request_name ?? "",
    request_contract_nums: user.request_contract_nums ?? "",
  };
}

/** Users still applying (new, or declined and trying again) also send their company's details. */
export function canRequestConfirmation(user: Pick<CurrentUser, "state">): boolean {
  return user.state === "new" || user.state === "declined";
}

/** The body of `PUT /profile/api/users/me/`. */
export function profileUpdateBody(
  values: ProfileFormValues,
  user: CurrentUser,
  sendToConfirmation: boolean,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    first_name: values.first_name,
    last_name: values.last_name,
    phone: values.phone,
    email: values.email,
    version: user.version,
  };
  if (values.password) {
    body.password = values.password;
    body.password_confirm = values.password_confirm;
  }
  if (canRequestConfirmation(user)) {
    body.request_inn = values.request_inn;
    body.request_name = values.request_name;
    body.request_contract_nums = values.request_contract_nums;
  }
  if (sendToConfirmation) body.status = "pending";
  return body;
}
