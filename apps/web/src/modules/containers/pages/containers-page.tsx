import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { containerPolicy, PKG_STATES } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { useFieldLabels } from "../../../app/field-labels";
import { useCurrentUser } from "../../../app/use-session";
import { DataGrid, type GridColumn } from "../../../components/data-grid";
import { type StatusRow, statusesQuery, statusName } from "../../orders/api";
import type { ContainerRow } from "../api";
import { ContainerNumber } from "../components/container-number";
import { containersGrid } from "../containers-grid";

const NO_STATUSES: StatusRow[] = [];

/**
 * /containers (spec 02 §2): the containers of the user's companies' orders (managers: all), paged, sorted, filtered,
 * searched and grouped on the server; a number failing ISO 6346 is marked. A double-click (or Enter) opens the
 * container, as does the row's button (edit where the user may change it, else view); on a phone the number, the
 * order's status and the package state.
 */
export function ContainersPage() {
  const { t, i18n } = useTranslation("containers");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const labels = useFieldLabels("container");
  const statuses = useQuery(statusesQuery).data ?? NO_STATUSES;
  const statusById = useMemo(() => new Map(statuses.map((status) => [status.id, status])), [statuses]);
  const grid = containersGrid(i18n.language);

  const columns = useMemo(
    () =>
      grid.columns.map((column): GridColumn<ContainerRow> => {
        const named = { ...column, header: labels.label(column.field) };
        switch (column.field) {
          case "container":
            return { ...named, render: (row) => <ContainerNumber row={row} /> };
          case "freight_order_status":
            return {
              ...named,
              options: statuses.map((status) => ({
                value: status.id,
                label: statusName(status, i18n.language),
              })),
              // The row names its order's status itself: shown before (or without) the statuses' list
              value: (row) =>
                statusName(
                  { name: row.freight_order_status_name, name_en: row.freight_order_status_name_en },
                  i18n.language,
                ),
            };
          case "pkg_state":
            return {
              ...named,
              options: PKG_STATES.map((state) => ({
                value: state,
                label: labels.choice("pkg_state", state),
              })),
            };
          default:
            return named;
        }
      }),
    [grid, labels, statuses, i18n.language],
  );

  /** Whether the user may change the container now: by its order's status (the container policy). */
  const canEdit = (row: ContainerRow) => {
    const status = statusById.get(row.freight_order_status);
    return status !== undefined && containerPolicy.canEdit(user, status);
  };

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("title")}
      </Typography>
      <DataGrid<ContainerRow>
        gridId={grid.gridId}
        resource={grid.resource}
        columns={columns}
        rowFields={grid.rowFields}
        defaultSorting={grid.defaultSorting}
        pageSize={grid.pageSize}
        pageSizeOptions={grid.pageSizeOptions}
        rowLabel={(row) => row.container}
        onRowDoubleClick={(row) => navigate(`/containers/${row.id}`)}
        rowActionsWidth={84}
        rowActions={(row) => {
          const isEditable = canEdit(row);
          return [
            {
              id: "open",
              label: isEditable ? t("list.edit") : t("list.view"),
              icon: isEditable ? <EditIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />,
              to: `/containers/${row.id}`,
            },
          ];
        }}
        exportFileName={t("list.exportFileName")}
        toolbarActions={
          <Button component={RouterLink} to="/add-container" startIcon={<AddIcon />}>
            {t("list.new")}
          </Button>
        }
      />
    </Box>
  );
}
