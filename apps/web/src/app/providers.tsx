import CssBaseline from "@mui/material/CssBaseline";
import { THEME_ID } from "@mui/material/styles";
import ThemeProvider from "@mui/system/ThemeProvider";
import i18next from "i18next";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage } from "../i18n";
import { createAppTheme } from "./theme";
import { ToastHost } from "./toasts";

/**
 * Theme (with MUI's texts from our catalogs, in the current language) and the toast host. The query cache is
 * provided by the signed-in layout, so the sign-in page does not load TanStack Query.
 *
 * @mui/system's ThemeProvider under MUI's theme id, not @mui/material's: that one also carries the
 * CSS-variables provider (color schemes, their storage and script, ≈ 3 kB gzipped on every page), which a
 * theme without CSS variables never uses.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "ru";
  const theme = useMemo(() => {
    const t = i18next.getFixedT(language, "common");
    return createAppTheme((key) => t(key));
  }, [language]);
  return (
    <ThemeProvider themeId={THEME_ID} theme={theme}>
      <CssBaseline />
      {children}
      <ToastHost />
    </ThemeProvider>
  );
}
