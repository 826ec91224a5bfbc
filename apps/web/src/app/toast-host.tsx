import CloseIcon from "@mui/icons-material/Close";
import IconButton from "@mui/material/IconButton";
import {
  closeSnackbar,
  enqueueSnackbar,
  type OptionsObject,
  type SnackbarMessage,
  SnackbarProvider,
} from "notistack";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** notistack's host, in its own chunk (see toasts.tsx); tells `onReady` how to show toasts once mounted. */
export default function LoadedToastHost({
  onReady,
}: {
  onReady: (enqueue: (message: SnackbarMessage, options?: OptionsObject) => void) => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    // notistack's enqueueSnackbar is bound to the mounted provider: look it up at each call.
    onReady((message, options) => enqueueSnackbar(message, options));
  }, [onReady]);
  return (
    <SnackbarProvider
      maxSnack={4}
      anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
      action={(key) => (
        <IconButton aria-label={t("close")} color="inherit" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
