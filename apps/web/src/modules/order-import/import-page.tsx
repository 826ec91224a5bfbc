import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import DownloadIcon from "@mui/icons-material/Download";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlined";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import type { companyFields, OrderImport, RowOf } from "@portal/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { errorDetail, fieldErrors } from "../../app/api-client";
import { useFieldLabels } from "../../app/field-labels";
import { useCurrentUser } from "../../app/use-session";
import { LookupFieldControl, listSource } from "../../components/form/lookup-field";
import { downloadReport, downloadTemplate, fetchImport, importKey, startImport, uploadImport } from "./api";

type CompanyChoice = Pick<RowOf<typeof companyFields>, "id" | "name" | "inn">;
const companyChoices = listSource<CompanyChoice>("/profile/api/companies/", "name");

/**
 * The preview's dense table: the header stays in view as the rows scroll within the page; the parties and the
 * destination give way on a phone, where the row's number, its state and its errors are what matter.
 */
const tableSx = {
  maxHeight: "60vh",
  overflow: "auto",
  border: 1,
  borderColor: "divider",
  borderRadius: 1,
  "& table": { borderCollapse: "collapse", width: "100%", fontSize: "0.8125rem" },
  "& th, & td": {
    textAlign: "left",
    verticalAlign: "top",
    padding: "4px 8px",
    borderBottom: 1,
    borderColor: "divider",
  },
  "& th": { position: "sticky", top: 0, backgroundColor: "background.paper", fontWeight: 500, zIndex: 1 },
  "& .order-import-number": { textAlign: "right", fontVariantNumeric: "tabular-nums" },
  "& .order-import-invalid": { backgroundColor: "rgba(211, 47, 47, 0.06)" },
  // A value is one line, cut with "…" (its whole text in its title): a long one never pushes the errors away. The
  // customer's number stays on a phone, to tell the rows apart; the parties and the destination give way
  "& .order-import-value": {
    maxWidth: 200,
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
  },
  "& .order-import-wide": { display: { xs: "none", md: "table-cell" } },
  "& .order-import-errors": { minWidth: 220, overflowWrap: "anywhere" },
  "&:focus-visible": { outline: 2, outlineColor: "primary.main" },
} as const;

/** The row values the preview shows beside each row's number and errors. */
const SHOWN = ["customer_order_number", "consignor_name", "consignee_name", "destination"] as const;
const shownClass = (name: string) =>
  name === "customer_order_number" ? "order-import-value" : "order-import-value order-import-wide";

/**
 * /import-orders: the template to download, the company (for users who choose it) and the file; then the import's
 * progress as its job checks the rows and then creates the valid ones (live: rows done of all), the preview (each row valid or its errors per column, as the file
 * numbers it), the import of the valid rows (all or none), its result, and the error report.
 */
export function OrderImportPage() {
  const { t } = useTranslation("orderImport");
  const user = useCurrentUser();
  const labels = useFieldLabels("freight_order");
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("id")) || null;
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const { control } = useForm<{ company: number | null }>({ defaultValues: { company: null } });
  const company = useWatch({ control, name: "company" });

  const found = useQuery({
    queryKey: id ? importKey(id) : ["resource", "none"],
    queryFn: () => fetchImport(id as number),
    enabled: id !== null,
  });
  const current = id ? found.data : undefined;

  const upload = async (file: File) => {
    setRefusal(null);
    setIsUploading(true);
    try {
      const created = await uploadImport(file, user.can_select_company ? company : null);
      queryClient.setQueryData(importKey(created.id), created);
      setParams({ id: String(created.id) });
    } catch (error) {
      setRefusal(Object.values(fieldErrors(error)).join(" ") || errorDetail(error) || t("failed"));
    } finally {
      setIsUploading(false);
      if (input.current) input.current.value = "";
    }
  };

  const start = async () => {
    if (!current) return;
    setRefusal(null);
    try {
      queryClient.setQueryData(importKey(current.id), await startImport(current.id));
    } catch (error) {
      setRefusal(errorDetail(error) ?? t("failed"));
    }
  };

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("title")}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
          {t("intro")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadTemplate()}>
            {t("template")}
          </Button>
          {user.can_select_company && (
            <Box sx={{ minWidth: { sm: 320 } }}>
              <LookupFieldControl<{ company: number | null }, CompanyChoice>
                control={control}
                name="company"
                label={t("company")}
                fetchPage={companyChoices}
                getValue={(item) => item.id}
                getLabel={(item) => item.name}
                getDescription={(item) => item.inn}
              />
            </Box>
          )}
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={isUploading || (user.is_manager && company === null)}
            onClick={() => input.current?.click()}
          >
            {t("choose")}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t("choose")}
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            data-testid="import-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </Stack>
        {isUploading && <LinearProgress sx={{ mt: 1.5 }} aria-label={t("uploading")} />}
        {refusal && (
          <Alert severity="error" sx={{ mt: 1.5 }} onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
      </Paper>
      {current && (
        <ImportResult
          current={current}
          onlyErrors={onlyErrors}
          setOnlyErrors={setOnlyErrors}
          onStart={() => void start()}
          label={labels.label}
        />
      )}
    </Box>
  );
}

function ImportResult({
  current,
  onlyErrors,
  setOnlyErrors,
  onStart,
  label,
}: {
  current: OrderImport;
  onlyErrors: boolean;
  setOnlyErrors(value: boolean): void;
  onStart(): void;
  label(name: string): string;
}) {
  const { t } = useTranslation("orderImport");
  const invalid = current.checked - current.valid;
  const rows = onlyErrors ? current.rows.filter((row) => !row.valid) : current.rows;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {current.file_name}
      </Typography>
      {current.state === "checking" && (
        <Box>
          <Typography variant="body2">
            {t("checking", { checked: current.checked, total: current.total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={current.total ? (100 * current.checked) / current.total : 0}
            aria-label={t("checking", { checked: current.checked, total: current.total })}
            sx={{ mt: 1 }}
          />
        </Box>
      )}
      {current.state === "importing" && (
        <Box>
          <Typography variant="body2" data-testid="import-progress">
            {t("importing", { created: current.created, total: current.valid })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={current.valid ? (100 * current.created) / current.valid : 0}
            aria-label={t("importing", { created: current.created, total: current.valid })}
            sx={{ mt: 1 }}
          />
        </Box>
      )}
      {current.state === "done" && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/freight-orders">
              {t("toOrders")}
            </Button>
          }
        >
          {t("done", { count: current.created })}
        </Alert>
      )}
      {current.state === "failed" && <Alert severity="error">{current.failure ?? t("failed")}</Alert>}
      {current.state !== "checking" && (
        <>
          <Stack
            direction={{ xs: "column", md: "row" }}
            spacing={1.5}
            sx={{ my: 1.5, alignItems: { md: "center" } }}
          >
            <Typography variant="body2" sx={{ flexGrow: 1 }} data-testid="import-summary">
              {t("summary", { total: current.total, valid: current.valid, invalid })}
            </Typography>
            {invalid > 0 && (
              <FormControlLabel
                control={<Switch size="small" checked={onlyErrors} onChange={(_, on) => setOnlyErrors(on)} />}
                label={t("onlyErrors")}
                slotProps={{ typography: { variant: "body2" } }}
              />
            )}
            {invalid > 0 && (
              <Button startIcon={<DownloadIcon />} onClick={() => void downloadReport(current.id)}>
                {t("report")}
              </Button>
            )}
            {current.state === "checked" && (
              <Button variant="contained" disabled={current.valid === 0} onClick={onStart}>
                {t("start", { count: current.valid })}
              </Button>
            )}
          </Stack>
          <Box role="region" aria-label={t("preview")} tabIndex={0} sx={tableSx}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t("row")}</th>
                  <th scope="col">{t("state")}</th>
                  {SHOWN.map((name) => (
                    <th key={name} scope="col" className={shownClass(name)}>
                      {label(name)}
                    </th>
                  ))}
                  <th scope="col">{t("errors")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.row} className={row.valid ? undefined : "order-import-invalid"}>
                    <td className="order-import-number">{row.row}</td>
                    <td>
                      {row.valid ? (
                        <CheckCircleOutlineIcon fontSize="small" color="success" titleAccess={t("valid")} />
                      ) : (
                        <ErrorOutlineIcon fontSize="small" color="error" titleAccess={t("invalid")} />
                      )}
                    </td>
                    {SHOWN.map((name) => (
                      <td key={name} className={shownClass(name)} title={row.values[name]}>
                        {row.values[name]}
                      </td>
                    ))}
                    <td className="order-import-errors">
                      {row.errors.map((error) => (
                        <div key={error.field}>
                          {error.label && <strong>{error.label}: </strong>}
                          {error.messages.join("; ")}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      )}
    </Paper>
  );
}
