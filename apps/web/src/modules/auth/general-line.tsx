import Alert from "@mui/material/Alert";
import type { GeneralMessage } from "../../components/form/use-server-form";

/** The sign-in and sign-up forms' refusal, under their fields. */
export function GeneralLine({ general }: { general: GeneralMessage | null }) {
  if (!general) return null;
  return (
    <Alert severity={general.severity} role="alert" sx={{ py: 0 }}>
      {general.text}
    </Alert>
  );
}
