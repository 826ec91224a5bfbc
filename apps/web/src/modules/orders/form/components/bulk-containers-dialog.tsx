import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type ContainerFileAnswer, splitContainerNumbers } from "@portal/domain";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFetch, apiFile, apiUpload, errorDetail, fieldErrors } from "../../../../app/api-client";
import { saveFile } from "../../../../app/save-file";
import { enqueueSnackbar } from "../../../../app/toasts";

/** A row's outcome: a pasted number's (its place in the list) or a file's row (its row as the file counts it). */
type Checked = Omit<ContainerFileAnswer["results"][number], "row"> & { row?: number };

/**
 * Containers in bulk (docs/decisions.md "Containers in bulk"): a pasted column of numbers (new lines, tabs, commas or
 * spaces) is checked by the API (bulk/check/), the user sees which will be added and why the others will not, then
 * adds the good ones in one call (bulk/), which adds all of them or none. Or a spreadsheet (its template from the
 * containers' fields) is checked by bulk/file/check/ and added by bulk/file/, all its rows or none: a file with
 * refused rows is corrected and chosen again.
 */
export function BulkContainersDialog(props: { orderId: number; onClose(): void; onAdded(): void }) {
  const { t } = useTranslation("orderForm");
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<Checked[] | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
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
  const sendFile = (chosen: File, route: "check" | "add") => {
    const form = new FormData();
    form.append("file", chosen);
    return route === "check"
      ? apiUpload("POST /tracking/api/freight_orders/:id/containers/bulk/file/check/", form, {
          params: { id: props.orderId },
        })
      : apiUpload("POST /tracking/api/freight_orders/:id/containers/bulk/file/", form, {
          params: { id: props.orderId },
        });
  };
  const checkFile = async (chosen: File) => {
    setIsBusy(true);
    setRefusal(null);
    try {
      setChecked((await sendFile(chosen, "check")).results);
      setFile(chosen);
    } catch (error) {
      setRefusal(
        Object.values(fieldErrors(error)).join(" ") || errorDetail(error) || t("bulkContainers.failed"),
      );
    } finally {
      setIsBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  const addGood = async () => {
    setIsBusy(true);
    try {
      if (file) await sendFile(file, "add");
      else
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
          <>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1, mb: 2 }}>
              <Button variant="outlined" disabled={isBusy} onClick={() => input.current?.click()}>
                {t("bulkContainers.chooseFile")}
              </Button>
              <Button
                onClick={() =>
                  void apiFile("GET /tracking/api/freight_orders/:id/containers/bulk/template/", {
                    params: { id: props.orderId },
                  }).then((template) => saveFile(template, "containers.xlsx"))
                }
              >
                {t("bulkContainers.template")}
              </Button>
              <input
                ref={input}
                type="file"
                hidden
                aria-label={t("bulkContainers.chooseFile")}
                accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                data-testid="bulk-containers-file"
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) void checkFile(chosen);
                }}
              />
            </Stack>
            {refusal && (
              <Alert severity="error" sx={{ mb: 1 }} onClose={() => setRefusal(null)}>
                {refusal}
              </Alert>
            )}
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
          </>
        ) : (
          <>
            <Alert severity={good.length === checked.length ? "success" : "warning"} sx={{ mb: 1 }}>
              {t("bulkContainers.summary", { good: good.length, total: checked.length })}
            </Alert>
            {file && good.length < checked.length && (
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                {t("bulkContainers.fixFile")}
              </Typography>
            )}
            {checked
              .filter((row) => Object.keys(row.errors).length > 0)
              .map((row) => (
                <Typography key={row.index} variant="body2" data-testid="bulk-refused" sx={{ mb: 0.5 }}>
                  <b>
                    {row.row === undefined ? `${row.index + 1}.` : t("bulkContainers.row", { row: row.row })}
                  </b>{" "}
                  {row.container || "—"}: {Object.values(row.errors).flat().join("; ")}
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
            <Button
              onClick={() => {
                setChecked(null);
                setFile(null);
              }}
            >
              {t("bulkContainers.back")}
            </Button>
            <Button
              variant="contained"
              disabled={isBusy || good.length === 0 || (file !== null && good.length < checked.length)}
              onClick={() => void addGood()}
            >
              {t("bulkContainers.add", { count: good.length })}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
