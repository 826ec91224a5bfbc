import CloseIcon from "@mui/icons-material/Close";
import GlobalStyles from "@mui/material/GlobalStyles";
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

/** The class of the toasts' column, placed just under the header (GlobalStyles below). */
const UNDER_HEADER = "toasts-under-header";

/**
 * notistack's host, in its own chunk (see toasts.tsx); tells `onReady` how to show toasts once mounted. Toasts show
 * at the top, centred, under the header: at the bottom they covered the forms' action bar (Save, Print …), kept at
 * the bottom of the window; under the header's middle there is no button of the header's, and a page's own buttons
 * sit at its left and right.
 */
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
    <>
      <GlobalStyles
        styles={(theme) => ({
          // Two classes: above notistack's own one-class rule of the column's top
          [`.notistack-SnackbarContainer.${UNDER_HEADER}`]: {
            top: theme.spacing(8),
            [theme.breakpoints.down("sm")]: { top: theme.spacing(7) },
          },
        })}
      />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: "top", horizontal: "center" }}
        classes={{ containerAnchorOriginTopCenter: UNDER_HEADER }}
        action={(key) => (
          <IconButton aria-label={t("close")} color="inherit" onClick={() => closeSnackbar(key)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        )}
      />
    </>
  );
}
