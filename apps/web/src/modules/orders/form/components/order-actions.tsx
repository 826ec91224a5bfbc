import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import HistoryIcon from "@mui/icons-material/History";
import PaidOutlinedIcon from "@mui/icons-material/PaidOutlined";
import PrintOutlinedIcon from "@mui/icons-material/PrintOutlined";
import VerifiedOutlinedIcon from "@mui/icons-material/VerifiedOutlined";
import Button from "@mui/material/Button";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useFieldLabels } from "../../../../app/field-labels";
import { enqueueSnackbar } from "../../../../app/toasts";
import { FormActionBar } from "../../../../components/form/form-action-bar";
import { orders } from "../../api";
import { downloadPrint, downloadSigned, setIsPaid } from "../api";
import type { OrderRow } from "../order-values";
import type { OrderFormApi } from "./form-section";

const HistoryDialog = lazy(() => import("./history-dialog").then((m) => ({ default: m.HistoryDialog })));

/**
 * The form's buttons, kept in view at the bottom: Create or Save (Ctrl+S), back to the stored order, the print
 * version, the signed order, the history, copying the order, and marking it paid.
 */
export function OrderActions(props: {
  form: OrderFormApi;
  order: OrderRow | null;
  canPrint: boolean;
  /** The paid button is offered: the user may set the flag, and the order may be marked paid or is paid. */
  canSetPaid: boolean;
  isBusy: boolean;
  /** Save (or Create) is offered: something to save, no conflict waiting, nothing being saved. */
  canSave: boolean;
  onReset(): void;
}) {
  const { t } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order");
  const queryClient = useQueryClient();
  const { order } = props;
  const [isHistoryOpen, setIsHistoryOpen] = useState(false);
  const [isPaying, setIsPaying] = useState(false);
  const isDirty = props.form.formState.isDirty;

  const togglePaid = async () => {
    if (!order) return;
    setIsPaying(true);
    try {
      const saved = await setIsPaid(order, !order.is_paid);
      queryClient.setQueryData(orders.oneQuery(order.id).queryKey, saved);
      // The order's version moved on: the user's edits, if any, are now based on it
      props.form.resetField("version", { defaultValue: saved.version });
      enqueueSnackbar(t(saved.is_paid ? "paid.marked" : "paid.unmarked"), { variant: "success" });
    } catch {
      // 409: someone changed the order; reading it again shows its paid state now
      void queryClient.invalidateQueries({ queryKey: orders.oneQuery(order.id).queryKey });
      enqueueSnackbar(t("paid.failed"), { variant: "error" });
    } finally {
      setIsPaying(false);
    }
  };

  return (
    <FormActionBar
      saveLabel={order ? t("save") : t("create")}
      shortcut={t("saveShortcut")}
      canSave={props.canSave}
      resetLabel={t("reset")}
      canReset={!props.isBusy && isDirty}
      onReset={props.onReset}
    >
      {order && (
        <>
          {props.canPrint && (
            <Button startIcon={<PrintOutlinedIcon />} onClick={() => void downloadPrint(order.id)}>
              {t("print")}
            </Button>
          )}
          {order.sign_file_id !== null && (
            <Button
              startIcon={<VerifiedOutlinedIcon />}
              onClick={() => void downloadSigned(order.id, order.sign_file_id as number)}
            >
              {labels.inSection("sign_file_id")}
            </Button>
          )}
          <Button startIcon={<HistoryIcon />} onClick={() => setIsHistoryOpen(true)}>
            {t("history.open")}
          </Button>
          <Button
            startIcon={<ContentCopyIcon />}
            component={RouterLink}
            to={`/add-freight-order?copiedId=${order.id}`}
          >
            {t("copy")}
          </Button>
          {props.canSetPaid && (
            <Button
              startIcon={<PaidOutlinedIcon />}
              color={order.is_paid ? "warning" : "success"}
              variant="outlined"
              disabled={isPaying}
              onClick={() => void togglePaid()}
            >
              {t(order.is_paid ? "paid.unmark" : "paid.mark")}
            </Button>
          )}
          {isHistoryOpen && (
            <Suspense fallback={null}>
              <HistoryDialog orderId={order.id} onClose={() => setIsHistoryOpen(false)} />
            </Suspense>
          )}
        </>
      )}
    </FormActionBar>
  );
}
