import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { GridEditorProps } from "../../../components/data-grid";
import { companyOptionsQuery } from "../api";
import { isMoveIntoForwarder } from "../company-move";
import type { CompanyOption, UserRow } from "../types";

const NO_COMPANIES: CompanyOption[] = [];

export interface CompanyEditorProps extends GridEditorProps<UserRow> {
  /** Heads and administrators may move users into the forwarder company; other managers may not. */
  canChooseForwarder: boolean;
}

/**
 * The company cell in edit mode: a searchable list of companies and, when the user is being moved into a
 * forwarder company, the confirmation that they will get manager powers (sent as `change_company_warning`).
 */
export function CompanyEditor({
  row,
  value,
  setValue,
  setExtra,
  error,
  canChooseForwarder,
}: CompanyEditorProps) {
  const { t } = useTranslation("profiles");
  // From the cache the page fills, not a prop: the grid's columns would change when the choices arrive and
  // render every cell again.
  const companies = useQuery(companyOptionsQuery).data ?? NO_COMPANIES;
  const [confirmed, setConfirmed] = useState(false);
  const selected = companies.find((company) => company.id === value) ?? null;
  const needsWarning = isMoveIntoForwarder(row, selected);

  const choose = (company: CompanyOption | null) => {
    setValue(company?.id ?? null);
    setConfirmed(false);
    setExtra("change_company_warning", isMoveIntoForwarder(row, company) ? false : undefined);
  };

  return (
    <Box sx={{ minWidth: 200, whiteSpace: "normal" }}>
      <Autocomplete
        size="small"
        options={companies}
        value={selected}
        onChange={(_event, company) => choose(company)}
        getOptionLabel={(company) => company.name}
        getOptionDisabled={(company) => !canChooseForwarder && isMoveIntoForwarder(row, company)}
        renderOption={({ key, ...props }, company) => (
          <li key={key} {...props}>
            <Box>
              {company.name}
              {company.is_expedition_company && (
                <Box component="span" sx={{ display: "block", fontSize: 12, color: "text.secondary" }}>
                  {canChooseForwarder ? t("company.forwarder") : t("company.forwarderHeadsOnly")}
                </Box>
              )}
            </Box>
          </li>
        )}
        isOptionEqualToValue={(option, current) => option.id === current.id}
        noOptionsText={t("company.none")}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            placeholder={t("company.placeholder")}
            error={Boolean(error) && !needsWarning}
            helperText={needsWarning ? undefined : error}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "aria-label": t("fields.company") },
            }}
          />
        )}
        onClick={(event) => event.stopPropagation()}
      />
      {needsWarning && (
        <Alert
          severity="warning"
          variant="outlined"
          icon={false}
          sx={{ mt: 0.5, py: 0, px: 1, borderColor: error ? "error.main" : undefined }}
        >
          <FormControlLabel
            sx={{ m: 0, alignItems: "flex-start" }}
            control={
              <Checkbox
                size="small"
                checked={confirmed}
                sx={{ p: 0.25, mr: 0.5 }}
                onChange={(event) => {
                  setConfirmed(event.target.checked);
                  setExtra("change_company_warning", event.target.checked);
                }}
              />
            }
            label={<Box sx={{ fontSize: 12, lineHeight: 1.3, pt: 0.5 }}>{t("company.warning")}</Box>}
          />
          {error && <Box sx={{ color: "error.main", fontSize: 12, pb: 0.5 }}>{error}</Box>}
        </Alert>
      )}
    </Box>
  );
}
