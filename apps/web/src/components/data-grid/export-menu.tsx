import FileDownloadIcon from "@mui/icons-material/FileDownload";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import LinearProgress from "@mui/material/LinearProgress";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { enqueueSnackbar } from "../../app/toasts";
import {
  downloadCsv,
  downloadXlsx,
  EXPORT_ROW_CAP,
  type ExportProgress,
  fetchAllRows,
  rowsToCsv,
} from "./export";
import { type ListParams, listUrl } from "./list-query";
import { formatCount } from "./pager";
import type { GridColumn } from "./types";
import { fetchPage } from "./use-grid-rows";

export interface ExportMenuProps<T> {
  resource: string;
  /** The grid's current query; paging is replaced by the export's own. */
  params: ListParams;
  /** The columns to write, in the order shown. */
  getColumns: () => GridColumn<T>[];
  fileName: string;
}

/** Export button: every filtered row (all pages) to CSV or XLSX, with progress and cancel. */
export function ExportMenu<T>({ resource, params, getColumns, fileName }: ExportMenuProps<T>) {
  const { t, i18n } = useTranslation("grid");
  const number = (value: number) => formatCount(value, i18n.language);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async (format: "csv" | "xlsx") => {
    setAnchor(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ loaded: 0, total: 0 });
    try {
      const { rows, total } = await fetchAllRows<T>(
        (skip, take) => fetchPage<T>(listUrl(resource, { ...params, skip, take }), controller.signal),
        { onProgress: setProgress },
      );
      const columns = getColumns();
      const labels = { yes: t("yes"), no: t("no") };
      const name = `${fileName}-${today()}`;
      if (format === "csv") downloadCsv(name, rowsToCsv(columns, rows, labels));
      else await downloadXlsx(name, columns, rows, labels);
      if (total > rows.length) {
        enqueueSnackbar(
          t("export.capped", { count: rows.length, shown: number(rows.length), total: number(total) }),
          {
            variant: "warning",
            autoHideDuration: 15_000,
          },
        );
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        const message = error instanceof Error ? error.message : String(error);
        enqueueSnackbar(t("export.failed", { message }), { variant: "error", autoHideDuration: 20_000 });
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  return (
    <>
      {/* A short label above the button: below it, it covered the column headers and their filters */}
      <Tooltip title={t("export.title")} placement="top">
        <span>
          <IconButton
            aria-label={t("export.button")}
            aria-haspopup="menu"
            disabled={progress !== null}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <FileDownloadIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Typography
          component="li"
          role="presentation"
          variant="caption"
          color="text.secondary"
          sx={{ display: "block", px: 2, pb: 0.5 }}
        >
          {t("export.scope", { cap: number(EXPORT_ROW_CAP) })}
        </Typography>
        <MenuItem onClick={() => void run("xlsx")}>{t("export.xlsx")}</MenuItem>
        <MenuItem onClick={() => void run("csv")}>{t("export.csv")}</MenuItem>
      </Menu>
      <Dialog open={progress !== null} maxWidth="xs" fullWidth aria-labelledby="grid-export-title">
        <DialogTitle id="grid-export-title">{t("export.running")}</DialogTitle>
        <DialogContent>
          <LinearProgress
            variant={progress && progress.total > 0 ? "determinate" : "indeterminate"}
            value={percent}
            aria-label={t("export.running")}
          />
          <Typography variant="body2" sx={{ mt: 1 }} color="text.secondary">
            {progress && progress.total > 0
              ? t("export.progress", {
                  loaded: number(progress.loaded),
                  total: number(progress.total),
                })
              : t("export.starting")}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => abort.current?.abort()}>{t("cancel")}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
