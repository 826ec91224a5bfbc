import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import HowToRegIcon from "@mui/icons-material/HowToReg";
import LockResetIcon from "@mui/icons-material/LockReset";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { userFields, userPolicy } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import {
  DataGrid,
  type GridColumn,
  type GridOption,
  GridValidationError,
  type RowRemoval,
  urlParamNames,
} from "../../../components/data-grid";
import { companyOptionsQuery, patchUser, resetSecondFactors } from "../api";
import { isMoveIntoForwarder } from "../company-move";
import { orderRoles } from "../roles";
import { USER_STATES, type UserPatch, type UserRow } from "../types";
import { USERS_GRID } from "../users-grid";

const GRID_ID = USERS_GRID.gridId;

/**
 * /profiles (managers): every user of the portal. Managers edit a user in the row (names, contacts, state,
 * activity, company); a pending user's request is reviewed in the approval dialog, which shows what they sent
 * and asks for their company. The columns and what decides the list calls are in users-grid.ts.
 */
export function ProfilesPage() {
  const { t } = useTranslation("profiles");
  const labels = useFieldLabels("user");
  const me = useCurrentUser();
  // Staff of the forwarder (and moving users into it) is for heads and administrators (the API refuses others)
  const canEditStaff = userPolicy.canEditStaff(me);
  const companies = useQuery(companyOptionsQuery);
  const companyOptions = companies.data ?? EMPTY;
  // Applicants are customers: the forwarder's own company is not offered when approving them
  const customerCompanies = useMemo(
    () => companyOptions.filter((company) => !company.is_expedition_company),
    [companyOptions],
  );
  const [reviewed, setReviewed] = useState<UserRow | null>(null);

  const columns = useMemo<GridColumn<UserRow>[]>(() => {
    const states: GridOption[] = USER_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }));
    const additions: Partial<Record<string, Partial<GridColumn<UserRow>>>> = {
      company__name: {
        header: labels.inSection("company_id"),
        value: (row) => row.company?.name ?? "",
        edit: {
          field: "company_id",
          value: (row) => row.company_id,
          errorFields: ["change_company_warning"],
          render: (props) => <CompanyEditor {...props} canChooseForwarder={canEditStaff} />,
        },
      },
      state: { options: states },
      roles: {
        // Role names as the interface shows them (spec 01 §1), falling back to the stored name.
        value: (row) =>
          orderRoles(row.roles.map((role) => role.name))
            .map((name) => t(`roles.${name}`, { defaultValue: name }))
            .join(", "),
      },
    };
    return USERS_GRID.columns.map((column) => ({
      ...column,
      // The user's fields by the catalog, the others (roles, company, role flags) by the page's own words
      header: Object.hasOwn(userFields, column.field)
        ? labels.label(column.field)
        : t(`fields.${column.field}`),
      ...additions[column.field],
    }));
  }, [t, labels, canEditStaff]);

  const save = async (row: UserRow, changes: Record<string, unknown>) => {
    const body = changes as UserPatch;
    if (body.company_id !== undefined) {
      const target = companyOptions.find((company) => company.id === body.company_id) ?? null;
      if (isMoveIntoForwarder(row, target) && body.change_company_warning !== true) {
        throw new GridValidationError({ change_company_warning: [t("company.warningRequired")] });
      }
    }
    await patchUser(row.id, { ...body, version: row.version });
  };

  // The grid's confirmed row action: a manager resets a user's second factors (a lost phone), nothing is removed
  const resetFactors: RowRemoval = {
    action: t("resetFactors.action"),
    icon: <LockResetIcon fontSize="small" />,
    question: (name) => t("resetFactors.question", { name }),
    confirm: t("resetFactors.confirm"),
    done: t("resetFactors.done"),
  };

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("title")}
      </Typography>
      <DataGrid<UserRow>
        gridId={GRID_ID}
        resource={USERS_GRID.resource}
        columns={columns}
        defaultSorting={USERS_GRID.defaultSorting}
        pageSize={USERS_GRID.pageSize}
        pageSizeOptions={USERS_GRID.pageSizeOptions}
        editMode="row"
        onSave={save}
        canEdit={(row) => userPolicy.canChangeRow(me, row)}
        exportFileName={t("exportFileName")}
        toolbarActions={<PendingOnlyButton />}
        onDelete={resetSecondFactors}
        canDelete={(row) => userPolicy.canChangeRow(me, row)}
        removal={resetFactors}
        rowLabel={(row) => [row.first_name, row.last_name].filter(Boolean).join(" ") || row.username}
        rowActionsWidth={108}
        renderRowActions={(row) =>
          row.state === "pending" && (
            <IconButton
              aria-label={t("approval.open")}
              title={t("approval.open")}
              color="primary"
              onClick={() => setReviewed(row)}
            >
              <HowToRegIcon fontSize="small" />
            </IconButton>
          )
        }
      />
      {reviewed && (
        <Suspense fallback={null}>
          <ApprovalDialog
            user={reviewed}
            companies={customerCompanies}
            gridId={GRID_ID}
            onClose={() => setReviewed(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}

const EMPTY: never[] = [];

// The company editor and the approval dialog (MUI's fields) load when a row is edited or a request opened
const CompanyEditor = lazy(() =>
  import("../components/company-editor").then((module) => ({ default: module.CompanyEditor })),
);
const ApprovalDialog = lazy(() =>
  import("../components/approval-dialog").then((module) => ({ default: module.ApprovalDialog })),
);

/** Toggles the view of users waiting for approval (a state filter in the URL, so it can be shared). */
function PendingOnlyButton() {
  const { t } = useTranslation("profiles");
  const [params, setParams] = useSearchParams();
  const names = urlParamNames(GRID_ID);
  const stateParam = names.filter("state");
  const isActive = params.get(stateParam) === "pending";
  const toggle = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (isActive) next.delete(stateParam);
        else next.set(stateParam, "pending");
        next.delete(names.page);
        return next;
      },
      { replace: true },
    );
  return (
    <Button
      variant={isActive ? "contained" : "outlined"}
      startIcon={<HourglassTopIcon />}
      onClick={toggle}
      aria-pressed={isActive}
    >
      {t("pendingOnly")}
    </Button>
  );
}
