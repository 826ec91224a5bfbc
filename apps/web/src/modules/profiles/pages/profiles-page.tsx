import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import HowToRegIcon from "@mui/icons-material/HowToReg";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../../app/use-session";
import {
  DataGrid,
  type GridColumn,
  type GridOption,
  GridValidationError,
  urlParamNames,
} from "../../../components/data-grid";
import { fetchCompanyOptions, patchUser, USERS_PATH } from "../api";
import { ApprovalDialog } from "../components/approval-dialog";
import { CompanyEditor, isMoveIntoForwarder } from "../components/company-editor";
import { orderRoles } from "../roles";
import { USER_STATES, type UserPatch, type UserRow } from "../types";

const GRID_ID = "profiles";
const DEFAULT_SORTING = [{ id: "date_joined", desc: true }];
const NOT_SORTABLE = { sortable: false, filter: false } as const;

/**
 * /profiles (managers): every user of the portal. Managers edit a user in the row (names, contacts, state,
 * activity, company); a pending user's request is reviewed in the approval dialog, which shows what they sent
 * and asks for their company.
 *
 * The default columns fit a 1366 px laptop; registration and last sign-in are in the column chooser (the spec
 * shows no columns beyond the user's fields).
 */
export function ProfilesPage() {
  const { t } = useTranslation("profiles");
  const me = useCurrentUser();
  // Staff of the forwarder (and moving users into it) is for heads and administrators (the API refuses others)
  const canEditStaff = me.is_head || me.is_administrator;
  const companies = useQuery({
    queryKey: ["profiles", "company-options"],
    queryFn: ({ signal }) => fetchCompanyOptions(signal),
    staleTime: 5 * 60_000,
  });
  const companyOptions = companies.data ?? EMPTY;
  // Applicants are customers: the forwarder's own company is not offered when approving them
  const customerCompanies = useMemo(
    () => companyOptions.filter((company) => !company.is_expedition_company),
    [companyOptions],
  );
  const [reviewed, setReviewed] = useState<UserRow | null>(null);

  const columns = useMemo<GridColumn<UserRow>[]>(() => {
    const states: GridOption[] = USER_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }));
    const header = (field: string) => t(`fields.${field}`);
    return [
      { field: "id", header: header("id"), type: "number", filter: "number", hidden: true, size: 90 },
      { field: "username", header: header("username"), size: 150 },
      { field: "last_name", header: header("last_name"), size: 120, edit: {} },
      { field: "first_name", header: header("first_name"), size: 110, edit: {} },
      { field: "email", header: header("email"), size: 170, edit: {} },
      { field: "phone", header: header("phone"), size: 130, edit: {} },
      {
        field: "company__name",
        header: header("company"),
        value: (row) => row.company?.name ?? "",
        size: 160,
        edit: {
          field: "company_id",
          value: (row) => row.company_id,
          errorFields: ["change_company_warning"],
          render: (props) => (
            <CompanyEditor {...props} companies={companyOptions} canChooseForwarder={canEditStaff} />
          ),
        },
      },
      { field: "state", header: header("state"), type: "select", options: states, size: 140, edit: {} },
      {
        field: "roles",
        header: header("roles"),
        // Role names as the interface shows them (spec 01 §1), falling back to the stored name.
        value: (row) =>
          orderRoles(row.roles.map((role) => role.name))
            .map((name) => t(`roles.${name}`, { defaultValue: name }))
            .join(", "),
        size: 130,
        ...NOT_SORTABLE,
      },
      { field: "is_active", header: header("is_active"), type: "boolean", size: 100, edit: {} },
      { field: "is_manager", header: header("is_manager"), type: "boolean", hidden: true, ...NOT_SORTABLE },
      { field: "is_head", header: header("is_head"), type: "boolean", hidden: true, ...NOT_SORTABLE },
      {
        field: "is_administrator",
        header: header("is_administrator"),
        type: "boolean",
        hidden: true,
        ...NOT_SORTABLE,
      },
      { field: "request_inn", header: header("request_inn"), hidden: true, size: 150, ...NOT_SORTABLE },
      { field: "request_name", header: header("request_name"), hidden: true, size: 200, ...NOT_SORTABLE },
      {
        field: "request_contract_nums",
        header: header("request_contract_nums"),
        hidden: true,
        size: 200,
        ...NOT_SORTABLE,
      },
      { field: "date_joined", header: header("date_joined"), type: "datetime", hidden: true },
      { field: "last_login", header: header("last_login"), type: "datetime", hidden: true },
    ];
  }, [t, companyOptions, canEditStaff]);

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

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("title")}
      </Typography>
      <DataGrid<UserRow>
        gridId={GRID_ID}
        resource={USERS_PATH}
        columns={columns}
        defaultSorting={DEFAULT_SORTING}
        editMode="row"
        onSave={save}
        canEdit={(row) => canEditStaff || !row.company?.is_expedition_company}
        exportFileName={t("exportFileName")}
        toolbarActions={<PendingOnlyButton />}
        rowActionsWidth={76}
        renderRowActions={(row) =>
          row.state === "pending" && (
            <Tooltip title={t("approval.open")}>
              <IconButton aria-label={t("approval.open")} color="primary" onClick={() => setReviewed(row)}>
                <HowToRegIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )
        }
      />
      <ApprovalDialog
        user={reviewed}
        companies={customerCompanies}
        gridId={GRID_ID}
        onClose={() => setReviewed(null)}
      />
    </Box>
  );
}

const EMPTY: never[] = [];

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
