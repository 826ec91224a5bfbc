import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { usePageLoading } from "../lazy-page";
import { useMeQuery } from "../me-query";
import { queryClient } from "../query-client";
import { AppHeader } from "./app-header";

/** Frame of every signed-in page, with the query cache every page below uses. */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInFrame />
    </QueryClientProvider>
  );
}

/** Header, a progress line while the next page loads, the page. */
function SignedInFrame() {
  useMeQuery();
  const isPageLoading = usePageLoading();
  return (
    <Box sx={{ minHeight: "100dvh", display: "flex", flexDirection: "column" }}>
      <AppHeader />
      <Box sx={{ height: 2 }}>{isPageLoading && <LinearProgress sx={{ height: 2 }} />}</Box>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
