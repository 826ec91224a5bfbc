import AddIcon from "@mui/icons-material/Add";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import EditIcon from "@mui/icons-material/Edit";
import FolderZipOutlinedIcon from "@mui/icons-material/FolderZipOutlined";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { orderPolicy } from "@portal/domain";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { useFieldLabels } from "../../app/field-labels";
import { useCurrentUser } from "../../app/use-session";
import { DataGrid, type GridColumn } from "../../components/data-grid";
import { type OrderRow, orders, type StatusRow, statusesQuery, statusName } from "./api";
import { ordersGrid } from "./orders-grid";

const NO_STATUSES: StatusRow[] = [];

/**
 * /freight-orders: the orders of the user's companies (managers: all), every column of spec 01 §2, paged,
 * sorted, filtered, searched and grouped on the server. A double-click (or Enter) opens an order; the row's
 * buttons delete it (asked first), open it for editing (or for reading, where the user may not change it), or
 * start a new order copied from it; on a phone they are one menu beside the number, status, destination and date. The status comment
 * is edited in its cell, under the rule of the order's status. What a user may do to a row is the order policy's
 * (packages/domain), by the row's status and its flags.
 */
export function OrdersListPage() {
  const { t, i18n } = useTranslation("orders");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const statuses = useQuery(statusesQuery).data ?? NO_STATUSES;
  const statusById = useMemo(() => new Map(statuses.map((status) => [status.id, status])), [statuses]);
  const grid = ordersGrid(i18n.language);
  const labels = useFieldLabels("freight_order");

  const columns = useMemo(
    () =>
      grid.columns.map((column): GridColumn<OrderRow> => {
        const named = { ...column, header: labels.label(column.field) };
        if (column.field === "status") {
          return {
            ...named,
            options: statuses.map((status) => ({
              value: status.id,
              label: statusName(status, i18n.language),
            })),
            // The row names its status itself: shown before (or without) the statuses' list
            value: (row) => statusName({ name: row.status_name, name_en: row.status_name_en }, i18n.language),
          };
        }
        if (column.field === "status_comment") {
          // The form's rule: a status that needs a comment keeps one (the API refuses the same)
          return {
            ...named,
            validate: (value, row) => {
              const status = statusById.get(row.status);
              return status && orderPolicy.isCommentMissing(status, value as string | null)
                ? t("errors:validation.required")
                : column.validate?.(value, row);
            },
          };
        }
        return named;
      }),
    [grid, labels, statuses, statusById, t, i18n.language],
  );

  return (
    <Box>
      <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
        {t("title")}
      </Typography>
      <DataGrid<OrderRow>
        gridId={grid.gridId}
        resource={grid.resource}
        columns={columns}
        rowFields={grid.rowFields}
        defaultSorting={grid.defaultSorting}
        pageSize={grid.pageSize}
        pageSizeOptions={grid.pageSizeOptions}
        selection="multi"
        editMode="cell"
        onSave={(row, changes) => orders.update(row, changes)}
        canEdit={(row) => {
          const status = statusById.get(row.status);
          return status !== undefined && orderPolicy.canEdit(user, status);
        }}
        onDelete={orders.remove}
        canDelete={(row) => {
          const status = statusById.get(row.status);
          return status !== undefined && orderPolicy.canDeleteRow(user, status);
        }}
        rowLabel={(row) => t("list.orderName", { id: row.id })}
        onRowDoubleClick={(row) => navigate(`/freight-orders/${row.id}`)}
        rowActionsWidth={116}
        rowActions={(row) => {
          // Edit where the user may change the order, else view it (the form shows its workflow to them)
          const status = statusById.get(row.status);
          const isEditable = status !== undefined && orderPolicy.canEdit(user, status);
          return [
            {
              id: "open",
              label: isEditable ? t("list.edit") : t("list.view"),
              icon: isEditable ? <EditIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />,
              to: `/freight-orders/${row.id}`,
            },
            {
              id: "copy",
              label: t("list.copy"),
              icon: <ContentCopyIcon fontSize="small" />,
              to: `/add-freight-order?copiedId=${row.id}`,
            },
          ];
        }}
        exportFileName={t("list.exportFileName")}
        toolbarActions={
          <>
            <Button component={RouterLink} to="/add-freight-order" startIcon={<AddIcon />}>
              {t("list.new")}
            </Button>
            <Button component={RouterLink} to="/import-orders" startIcon={<UploadFileIcon />}>
              {t("list.import")}
            </Button>
            {user.is_manager && (
              // The archive of a period's documents is a desktop task (spec 01 §2: not on mobile)
              <Button
                component={RouterLink}
                to="/export-tasks"
                startIcon={<FolderZipOutlinedIcon />}
                sx={{ display: { xs: "none", md: "inline-flex" } }}
              >
                {t("list.exportDocuments")}
              </Button>
            )}
          </>
        }
      />
    </Box>
  );
}
