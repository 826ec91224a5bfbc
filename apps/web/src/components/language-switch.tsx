import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { useTranslation } from "react-i18next";
import { changeLanguage, isLanguage, LANGUAGES } from "../i18n";

/** EN/RU buttons; the choice is kept in localStorage `locale` and sent with every call. */
export function LanguageSwitch({ inverted = false }: { inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={i18n.language}
      aria-label={t("language.label")}
      onChange={(_, value: unknown) => {
        if (isLanguage(value)) changeLanguage(value);
      }}
      sx={
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
          : { "& .MuiToggleButton-root": { py: 0.25, px: 1 } }
      }
    >
      {[...LANGUAGES].reverse().map((language) => (
        // Named by the visible "EN"/"RU" (speech input users say what they see); the full name is the tooltip
        <ToggleButton key={language} value={language} lang={language} title={t(`language.${language}`)}>
          {language.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
