import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** Shown when a page fails to render or its code cannot be loaded (e.g. after a new version was deployed). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation("errors");
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "";
  return (
    <Box sx={{ p: 2, maxWidth: 640, mx: "auto" }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => window.location.reload()}>
            {t("page.reload")}
          </Button>
        }
      >
        <Box sx={{ fontWeight: 500 }}>{t("page.title")}</Box>
        {detail && <Box sx={{ mt: 0.5, wordBreak: "break-word" }}>{detail}</Box>}
      </Alert>
    </Box>
  );
}
