import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new version was deployed). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation("errors");
  const detail = error instanceof Error ? error.message : "";
  return (
    <Box sx={{ p: 2, maxWidth: 640, mx: "auto" }}>
      {/* An alert's look without MUI's Alert: this loads with every page, sign-in included (vite.config.ts, ALERT) */}
      <Box
        role="alert"
        sx={{
          display: "flex",
          alignItems: "flex-start",
          gap: 1,
          px: 2,
          py: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: "error.main",
          color: "error.dark",
          typography: "body2",
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ fontWeight: 500 }}>{t("page.title")}</Box>
          {detail && <Box sx={{ mt: 0.5, wordBreak: "break-word" }}>{detail}</Box>}
        </Box>
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t("page.reload")}
        </Button>
      </Box>
    </Box>
  );
}

interface BoundaryState {
  error: unknown;
  /** The path where the error happened: going elsewhere clears it. */
  failedPath: string | null;
}

/** Catches a page's render or load error and shows `RouteError` until the user goes to another path. */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failedPath: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedPath === null) return { failedPath: props.pathname };
    return state.failedPath === props.pathname ? null : { error: null, failedPath: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
