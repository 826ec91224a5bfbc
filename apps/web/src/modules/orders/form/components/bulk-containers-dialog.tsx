import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ContainerBulkAnswer, splitContainerNumbers } from "@portal/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../../../app/api-client";
import { enqueueSnackbar } from "../../../../app/toasts";

/**
 * Containers in bulk (docs/decisions.md "Containers in bulk"): a pasted column of numbers (new lines, tabs, commas or
 * spaces) is checked by the API (bulk/check/), the user sees which will be added and why the others will not, then
 * adds the good ones in one call (bulk/), which adds all of them or none.
 */
export function BulkContainersDialog(props: { orderId: number; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation("orderForm");
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<ContainerBulkAnswer["results"] | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const numbers = splitContainerNumbers(text);
  const good = (checked ?? []).filter((row) => Object.keys(row.errors).length === 0);

  const check = async () => {
    setIsBusy(true);
    try {
      const answer = await apiFetch("POST /tracking/api/freight_orders/:id/containers/bulk/check/", {
        params: { id: props.orderId },
        json: { containers: numbers.map((container) => ({ container })) },
      });
      setChecked(answer.results);
    } finally {
      setIsBusy(false);
    }
  };
  const addGood = async () => {
    setIsBusy(true);
    try {
      await apiFetch("POST /tracking/api/freight_orders/:id/containers/bulk/", {
        params: { id: props.orderId },
        json: { containers: good.map((row) => ({ container: row.container })) },
      });
      enqueueSnackbar(t("bulkContainers.added", { count: good.length }), { variant: "success" });
      props.onAdded();
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t("bulkContainers.title")}</DialogTitle>
      <DialogContent>
        {checked === null ? (
          <TextField
            autoFocus
            multiline
            minRows={8}
            maxRows={16}
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            label={t("bulkContainers.paste")}
            helperText={t("bulkContainers.count", { count: numbers.length })}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
            sx={{ mt: 1 }}
          />
        ) : (
          <>
            <Alert severity={good.length === checked.length ? "success" : "warning"} sx={{ mb: 1 }}>
              {t("bulkContainers.summary", { good: good.length, total: checked.length })}
            </Alert>
            {checked
              .filter((row) => Object.keys(row.errors).length > 0)
              .map((row) => (
                <Typography key={row.index} variant="body2" data-testid="bulk-refused" sx={{ mb: 0.5 }}>
                  <b>{row.index + 1}.</b> {row.container || "—"}:{" "}
                  {Object.values(row.errors).flat().join("; ")}
                </Typography>
              ))}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t("cancel")}</Button>
        {checked === null ? (
          <Button variant="contained" disabled={isBusy || numbers.length === 0} onClick={() => void check()}>
            {t("bulkContainers.check")}
          </Button>
        ) : (
          <>
            <Button onClick={() => setChecked(null)}>{t("bulkContainers.back")}</Button>
            <Button variant="contained" disabled={isBusy || good.length === 0} onClick={() => void addGood()}>
              {t("bulkContainers.add", { count: good.length })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
