import { users as enUsers } from "@portal/domain/labels/en/users";
import { users as ruUsers } from "@portal/domain/labels/ru/users";
import { useTranslation } from "react-i18next";

/**
 * The username's label on the sign-in and sign-up forms: the user's field label from the domain catalog, taken
 * from its small users part (both languages, under a kilobyte) instead of the whole catalog, which the sign-in
 * page's first screen has no room for (scripts/check-bundle-size.ts).
 */
export function useUsernameLabel(): string {
  const { i18n } = useTranslation("auth");
  return (i18n.language === "en" ? enUsers : ruUsers).user.fields.username;
}
