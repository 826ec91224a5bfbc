import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { visibleWhenFocused } from "../../components/until-focused";
import { shell } from "../../modules";
import { usePageLoading } from "../lazy-page";
import { useLiveUpdates } from "../live/use-live-updates";
import { useMeQuery } from "../me-query";
import { queryClient } from "../query-client";
import { useLanguageSync } from "../use-language-sync";
import { AppHeader } from "./app-header";

/** Frame of every signed-in page, with the query cache every page below uses. */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInFrame />
    </QueryClientProvider>
  );
}

/** Header, a progress line while the next page loads, the page; the live stream refreshing what it shows. */
function SignedInFrame() {
  const { t } = useTranslation("signedIn");
  useMeQuery();
  useLiveUpdates();
  useLanguageSync();
  const isPageLoading = usePageLoading();
  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      {/* The first stop of the tab order: past the header's links and buttons to the page itself */}
      <Button href="#main" variant="contained" sx={visibleWhenFocused}>
        {t("skipToContent")}
      </Button>
      <AppHeader shell={shell} />
      <Box sx={{ height: 2 }}>{isPageLoading && <LinearProgress sx={{ height: 2 }} />}</Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ flexGrow: 1, p: { xs: 1, sm: 1.5 }, minWidth: 0, "&:focus": { outline: "none" } }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
