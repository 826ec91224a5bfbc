import { enUS, ruRU } from "@mui/material/locale";
import { createTheme, type Theme } from "@mui/material/styles";
import type { Language } from "../i18n";

/** Dense theme: small inputs and buttons everywhere, a visible keyboard focus, MUI texts in the UI language. */
export function createAppTheme(language: Language): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: "#1565c0" },
        secondary: { main: "#00796b" },
        background: { default: "#f4f6f8" },
      },
      typography: { fontFamily: "Roboto, system-ui, -apple-system, 'Segoe UI', Arial, sans-serif" },
      shape: { borderRadius: 6 },
      components: {
        MuiTextField: { defaultProps: { size: "small", fullWidth: true } },
        MuiFormControl: { defaultProps: { size: "small" } },
        MuiSelect: { defaultProps: { size: "small" } },
        MuiButton: { defaultProps: { size: "small", disableElevation: true } },
        MuiIconButton: { defaultProps: { size: "small" } },
        MuiToggleButton: { defaultProps: { size: "small" } },
        MuiToolbar: { defaultProps: { variant: "dense" } },
        MuiList: { defaultProps: { dense: true } },
        MuiMenuItem: { defaultProps: { dense: true } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiButtonBase: {
          styleOverrides: {
            root: ({ theme }) => ({
              "&.Mui-focusVisible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }),
          },
        },
        MuiLink: {
          styleOverrides: {
            root: ({ theme }) => ({
              "&:focus-visible": { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
            }),
          },
        },
      },
    },
    language === "ru" ? ruRU : enUS,
  );
}
