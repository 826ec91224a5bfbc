import { meUpdateBody, USER_FIELD_LIMITS, withSamePasswords } from "@portal/domain";
import type { z } from "zod";
import type { CurrentUser } from "../../app/current-user";

/** Field limits of `PUT /profile/api/users/me/`, shared with the API. */
export const PROFILE_LIMITS = USER_FIELD_LIMITS;

/** The profile form's check: the API's own body (spec 02 §5), with the password asked twice. */
export const profileFormSchema = withSamePasswords(meUpdateBody);

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
