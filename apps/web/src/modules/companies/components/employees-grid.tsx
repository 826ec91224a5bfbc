import EditIcon from "@mui/icons-material/Edit";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { type User, userFields } from "@portal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataGrid, gridQueryKey } from "../../../components/data-grid";
import { fieldColumns } from "../../../components/data-grid/field-columns";
import { companyLists } from "../api";
import type { CompanyRow } from "../companies-grid";
import { CompanySection, SECTION_GRID_HEIGHT } from "./company-section";
import { EmployeeDialog } from "./employee-dialog";

const GRID_ID = "company-employees";
const NOT_SORTABLE = { sortable: false, filter: false } as const;

/**
 * The company's employees (spec 02, Company form): added and changed in the employee form, opened by a
 * double-click. The API offers no removal from a company; an employee is deactivated in the form instead.
 */
export function EmployeesGrid({ company }: { company: CompanyRow }) {
  const { t } = useTranslation("companies");
  const queryClient = useQueryClient();
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
        (field) => t(`people.${field}`),
      ),
    [company.is_expedition_company, t],
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
        renderRowActions={(row) => (
          <Tooltip title={t("employees.edit")}>
            <IconButton aria-label={t("employees.edit")} onClick={() => setOpened(row)}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        rowActionsWidth={72}
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
