import EditIcon from "@mui/icons-material/Edit";
import PersonOffOutlinedIcon from "@mui/icons-material/PersonOffOutlined";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { type User, userFields } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid, gridQueryKey, type RowRemoval } from "../../../components/data-grid";
import { fieldColumns } from "../../../components/data-grid/field-columns";
import { companyLists, users } from "../api";
import type { CompanyRow } from "../companies-grid";
import { CompanySection, SECTION_GRID_HEIGHT } from "./company-section";
import { EmployeeDialog } from "./employee-dialog";

const GRID_ID = "company-employees";
const NOT_SORTABLE = { sortable: false, filter: false } as const;

/**
 * The company's employees (spec 02, Company form): added and changed in the employee form, opened by a
 * double-click. Removing one deactivates them (they can no longer sign in, and what they created keeps its
 * author); they stay in the list, marked inactive, and the form makes them active again.
 */
export function EmployeesGrid({ company }: { company: CompanyRow }) {
  const { t } = useTranslation("companies");
  const labels = useFieldLabels("user");
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const removal = useMemo<RowRemoval>(
    () => ({
      action: t("employees.deactivate"),
      icon: <PersonOffOutlinedIcon fontSize="small" />,
      question: (name) => t("employees.deactivateQuestion", { name }),
      confirm: t("employees.deactivateConfirm"),
      done: t("employees.deactivated"),
    }),
    [t],
  );
  const employees = companyLists(company.id).employees;
  // null: closed; "new": adding one
  const [opened, setOpened] = useState<User | "new" | null>(null);

  const columns = useMemo(
    () =>
      fieldColumns<typeof userFields, User>(
        userFields,
        [
          { field: "id", filter: "number", hidden: true, size: 90 },
          { field: "username", size: 150 },
          { field: "last_name", size: 140 },
          { field: "first_name", size: 130 },
          { field: "email", size: 200 },
          { field: "phone", size: 140 },
          // Customers' employees are all clients: their roles say nothing
          ...(company.is_expedition_company
            ? [
                {
                  field: "roles" as const,
                  size: 180,
                  ...NOT_SORTABLE,
                  value: (row: User) =>
                    row.roles.map((role) => t(`roles.${role.name}`, { defaultValue: role.name })).join(", "),
                },
              ]
            : []),
          { field: "is_active", size: 110 },
          { field: "last_login", hidden: true },
        ],
        // The user's fields by the catalog; roles, no field of theirs, by the page's words
        (field) => (field === "roles" ? t("employees.roles") : labels.label(field)),
      ),
    [company.is_expedition_company, t, labels],
  );

  return (
    <CompanySection title={t("employees.title")}>
      <DataGrid<User>
        gridId={GRID_ID}
        resource={employees.path}
        stateIn="memory"
        columns={columns}
        defaultSorting={BY_NAME}
        pageSize={10}
        onAdd={() => setOpened("new")}
        addLabel={t("employees.add")}
        onRowDoubleClick={setOpened}
        onDelete={(row) => users.update(row, { is_active: false })}
        // Not the signed-in user themselves: the API refuses to lock anyone out of their own account
        canDelete={(row) => row.is_active && row.id !== user.id}
        removal={removal}
        rowLabel={(row) => [row.last_name, row.first_name].filter(Boolean).join(" ") || row.username}
        renderRowActions={(row) => (
          <Tooltip title={t("employees.edit")}>
            <IconButton aria-label={t("employees.edit")} onClick={() => setOpened(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        rowActionsWidth={96}
        exportFileName={t("employees.exportFileName")}
        maxHeight={SECTION_GRID_HEIGHT}
      />
      <EmployeeDialog
        company={company}
        employee={opened}
        onClose={() => setOpened(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: gridQueryKey(GRID_ID) })}
      />
    </CompanySection>
  );
}

const BY_NAME = [{ id: "last_name", desc: false }] as const;
