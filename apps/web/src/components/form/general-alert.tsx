import Alert from "@mui/material/Alert";
import type { GeneralMessage } from "./use-server-form";

/**
 * The form's general line (useServerForm's `general`): the server's message for no field of the form, or the
 * warning that someone else saved first; with `onClose` the user may dismiss it.
 */
export function GeneralAlert(props: { general: GeneralMessage | null; onClose?(): void }) {
  if (!props.general) return null;
  return (
    <Alert severity={props.general.severity} role="alert" sx={{ mb: 1.5 }} onClose={props.onClose}>
      {props.general.text}
    </Alert>
  );
}
