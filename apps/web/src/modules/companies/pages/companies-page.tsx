import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { companyPolicy } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { showToast, TOAST_MS } from "../../../app/errors";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid } from "../../../components/data-grid";
import { companies } from "../api";
import { COMPANIES_GRID, type CompanyRow } from "../companies-grid";

/**
 * /companies (managers): every company, changed in the row (no deleting: companies stay); a double-click opens
 * the company's form, the forwarder's own company only for heads and administrators (companyPolicy).
 */
export function CompaniesPage() {
  const { t } = useTranslation("companies");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const labels = useFieldLabels("company");
  const columns = useMemo(
    () => COMPANIES_GRID.columns.map((column) => ({ ...column, header: labels.label(column.field) })),
    [labels],
  );
  const canOpen = (row: CompanyRow) => companyPolicy.canOpen?.(user, row) ?? true;

  const open = (row: CompanyRow) => {
    if (canOpen(row)) navigate(`/company/edit/${row.id}`);
    else showToast({ message: t("errors:accessDenied"), duration: TOAST_MS.denied });
  };

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("title")}
      </Typography>
      <DataGrid<CompanyRow>
        gridId={COMPANIES_GRID.gridId}
        resource={COMPANIES_GRID.resource}
        columns={columns}
        defaultSorting={COMPANIES_GRID.defaultSorting}
        pageSize={COMPANIES_GRID.pageSize}
        pageSizeOptions={COMPANIES_GRID.pageSizeOptions}
        selection="multi"
        editMode="row"
        onSave={(row, changes) => companies.update(row, changes)}
        canEdit={canOpen}
        onRowDoubleClick={open}
        rowActionsWidth={72}
        exportFileName={t("exportFileName")}
        toolbarActions={
          // The form is not laid out for a phone (spec 02: hidden on mobile)
          <Button
            component={RouterLink}
            to="/company/add"
            startIcon={<AddIcon />}
            sx={{ display: { xs: "none", sm: "inline-flex" } }}
          >
            {t("new")}
          </Button>
        }
      />
    </Box>
  );
}
