import CloseIcon from "@mui/icons-material/Close";
import CssBaseline from "@mui/material/CssBaseline";
import IconButton from "@mui/material/IconButton";
import { ThemeProvider } from "@mui/material/styles";
import { closeSnackbar, SnackbarProvider } from "notistack";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage } from "../i18n";
import { createAppTheme } from "./theme";

/**
 * Theme (with MUI texts in the current language) and the toast host. The query cache is provided by the
 * signed-in layout, so the sign-in page does not load TanStack Query.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n, t } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ru";
  const theme = useMemo(() => createAppTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        action={(key) => (
          <IconButton aria-label={t("close")} color="inherit" onClick={() => closeSnackbar(key)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      >
        {children}
      </SnackbarProvider>
    </ThemeProvider>
  );
}
