import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { Link as RouterLink } from "react-router";

/**
 * A page whose record could not be opened: what failed, and the way back to its list. The global toast has said
 * why (404 for another company's record, 403 where the user may not open it).
 */
export function LoadFailed({ message, back }: { message: string; back: { to: string; label: string } }) {
  return (
    <Alert
      severity="error"
      action={
        <Button component={RouterLink} to={back.to} color="inherit" size="small">
          {back.label}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
