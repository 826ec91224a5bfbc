import { type SignInBody, signInBody } from "@portal/domain";
import i18next from "i18next";
import { translateMessage } from "../../app/field-messages";
import { fieldMessageText } from "../../components/form/field-message";
import { checkBySchema } from "../../components/form/schema-check";

/**
 * The sign-in form's check by the shared body (the API's own): the values to send, or each field's message in
 * the interface language. Loaded when the form is sent, with zod, so that the first screen does not carry it.
 */
export async function checkSignIn(
  values: Record<keyof SignInBody, string>,
): Promise<{ values: SignInBody } | { errors: Record<string, string> }> {
  const checked = await checkBySchema(signInBody, values);
  if ("values" in checked) return checked;
  const t = (key: string) => i18next.t(`errors:${key}`);
  return {
    errors: Object.fromEntries(
      Object.entries(checked.errors).map(([name, message]) => [
        name,
        fieldMessageText(message, t, translateMessage),
      ]),
    ),
  };
}
