import {
  meUpdateBody,
  OWN_PROFILE_FIELDS,
  REQUEST_FIELDS,
  withCurrentPassword,
  withRequestToSend,
  withSamePasswords,
} from "@portal/domain";
import type { z } from "zod";
import type { CurrentUser } from "../../app/current-user";
import { textsOf } from "../../components/form/form-values";

/**
 * The profile form's check: the API's own body (spec 02 §5), with the new password asked twice and the current one
 * asked with it, and the company's INN and name when it is sent to confirmation (`status: "pending"`, set by that
 * button). Every rule is checked at each try, so that all the messages show at once.
 */
export const profileFormSchema = withRequestToSend(withCurrentPassword(withSamePasswords(meUpdateBody)));

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** The form's fields: the person's (the username aside), the current and the new password, the request's. */
export const PROFILE_FIELDS = [
  ...OWN_PROFILE_FIELDS,
  "current_password",
  "password",
  "password_confirm",
  ...REQUEST_FIELDS,
] as const satisfies readonly (keyof ProfileFormValues)[];

/** The form's values for a loaded user (no password). */
export function profileFormValues(user: CurrentUser): ProfileFormInput {
  return {
    ...textsOf(user, OWN_PROFILE_FIELDS),
    current_password: "",
    password: "",
    password_confirm: "",
    ...textsOf(user, REQUEST_FIELDS),
    status: undefined,
  } as ProfileFormInput;
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
  const body: Record<string, unknown> = { ...textsOf(values, OWN_PROFILE_FIELDS), version: user.version };
  if (values.password) {
    body.current_password = values.current_password;
    body.password = values.password;
    body.password_confirm = values.password_confirm;
  }
  if (canRequestConfirmation(user)) Object.assign(body, textsOf(values, REQUEST_FIELDS));
  if (sendToConfirmation) body.status = "pending";
  return body;
}
