import Box from "@mui/material/Box";
import ToggleButton from "@mui/material/ToggleButton";
import { useTranslation } from "react-i18next";
import { changeLanguage, LANGUAGES } from "../i18n";

/*
 * Two ToggleButtons joined as ToggleButtonGroup joins them (its styles, copied below), without the group
 * itself: for two buttons of which one is always selected it only added code to every page, sign-in included.
 */
const JOINED = {
  display: "inline-flex",
  borderRadius: 1,
  // As specific as the group's own rules were, so that the header's colours below still win over them
  "& > :not(:last-of-type)": { borderTopRightRadius: 0, borderBottomRightRadius: 0 },
  "& > :not(:first-of-type)": {
    marginLeft: "-1px",
    borderLeft: "1px solid transparent",
    borderTopLeftRadius: 0,
    borderBottomLeftRadius: 0,
  },
};

/** EN/RU buttons; the choice is kept in localStorage `locale` and sent with every call. */
export function LanguageSwitch({ inverted = false }: { inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={t("language.label")}
      sx={[
        JOINED,
        inverted
          ? {
              // White on the header's blue, darkened when selected: translucent white fails the contrast ratio
              "& .MuiToggleButton-root": {
                color: "#fff",
                borderColor: "rgba(255,255,255,0.4)",
                py: 0.25,
                px: 0.75,
              },
              "& .MuiToggleButton-root.Mui-selected": { color: "#fff", bgcolor: "rgba(0,0,0,0.25)" },
              "& .MuiToggleButton-root.Mui-focusVisible": { outlineColor: "#fff" },
            }
          : { "& .MuiToggleButton-root": { py: 0.25, px: 1 } },
      ]}
    >
      {[...LANGUAGES].reverse().map((language) => (
        // Named by the visible "EN"/"RU" (speech input users say what they see); the full name is the tooltip
        <ToggleButton
          key={language}
          value={language}
          size="small"
          selected={i18n.language === language}
          onChange={() => changeLanguage(language)}
          lang={language}
          title={t(`language.${language}`)}
        >
          {language.toUpperCase()}
        </ToggleButton>
      ))}
    </Box>
  );
}
