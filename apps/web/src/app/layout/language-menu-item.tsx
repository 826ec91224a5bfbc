import TranslateIcon from "@mui/icons-material/Translate";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem, { type MenuItemProps } from "@mui/material/MenuItem";
import { useTranslation } from "react-i18next";
import { changeLanguage, LANGUAGES } from "../../i18n";

/**
 * The language switch as an entry of a menu (the header's section and profile menus on a phone, where the
 * header's EN/RU buttons do not fit): it names the other language in that language and switches to it. A menu
 * entry, unlike buttons placed inside a menu, is reached by the menu's arrow keys.
 */
export function LanguageMenuItem({ onClick, ...props }: MenuItemProps) {
  const { t, i18n } = useTranslation();
  const other = LANGUAGES.find((language) => language !== i18n.language) ?? LANGUAGES[0];
  return (
    <MenuItem
      {...props}
      onClick={(event) => {
        changeLanguage(other);
        onClick?.(event);
      }}
    >
      <ListItemIcon>
        <TranslateIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={t(`language.${other}`)}
        secondary={t("language.label")}
        slotProps={{ primary: { lang: other }, secondary: { variant: "caption" } }}
      />
    </MenuItem>
  );
}
