import { createTheme, type Theme } from "@mui/material/styles";

/** What MUI's components say themselves (an Autocomplete's buttons and states, an Alert's close): `common` keys. */
export type KitWord = "clear" | "close" | "loading" | "noOptions" | "open";

/**
 * Dense theme: small inputs and buttons everywhere, a visible keyboard focus, MUI texts in the UI language. The texts
 * come from our catalogs, not MUI's locales: loading `ruRU` formats a number with `Intl`, which loads the locale's
 * data, 22 ms of every cold page in Russian (bench/README.md); the portal uses two of the components it translates.
 */
export function createAppTheme(word: (key: KitWord) => string): Theme {
  return createTheme({
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
      MuiAutocomplete: {
        defaultProps: {
          clearText: word("clear"),
          closeText: word("close"),
          loadingText: word("loading"),
          noOptionsText: word("noOptions"),
          openText: word("open"),
        },
      },
      MuiAlert: { defaultProps: { closeText: word("close") } },
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
  });
}
