import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useEffect } from "react";
import { Link as RouterLink } from "react-router";
import { ApiError } from "../app/api-client";
import { reportApiFailure } from "../app/errors";

/**
 * A page whose record could not be opened: what failed, and the way back to its list. The global toast has said
 * why (404 for another company's record, 403 where the user may not open it); or, given the failed call's `error`
 * of a silent query and a `notFound` text, the page says "not found" itself for a 404 (a record of another company
 * does not exist for the user) and the global toasts report anything else.
 */
export function LoadFailed({
  message,
  back,
  error,
  notFound,
}: {
  message: string;
  back: { to: string; label: string };
  error?: unknown;
  notFound?: string;
}) {
  const isNotFound = notFound !== undefined && error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (notFound !== undefined && error && !isNotFound) reportApiFailure(error);
  }, [error, isNotFound, notFound]);
  return (
    <Alert
      severity="error"
      action={
        <Button component={RouterLink} to={back.to} color="inherit" size="small">
          {back.label}
        </Button>
      }
    >
      {isNotFound ? notFound : message}
    </Alert>
  );
}
