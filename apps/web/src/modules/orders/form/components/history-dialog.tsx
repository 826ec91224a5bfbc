import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import {
  type Fields,
  freightOrderFields,
  freightOrderHistoryFields,
  type OrderHistoryEntry,
} from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../../app/field-labels";
import { DataGrid } from "../../../../components/data-grid";
import { fieldColumns } from "../../../../components/data-grid/field-columns";
import { orderPath } from "../api";

const NEWEST_FIRST = [{ id: "modify_date", desc: true }] as const;
/** The order's fields by any name a history entry may hold. */
const ORDER_FIELDS: Fields = freightOrderFields;

/**
 * The order's history (spec 01 §2: a popup 500 px high, 20 entries a page): status changes with their comment, and
 * changes of single fields with the old and the new value, newest first.
 */
export function HistoryDialog({ orderId, onClose }: { orderId: number; onClose(): void }) {
  const { t, i18n } = useTranslation("orderForm");
  const isEnglish = i18n.language === "en";
  const labels = useFieldLabels("freight_order");
  const historyLabels = useFieldLabels("freight_order_history");
  const columns = useMemo(() => {
    // Amounts as the language writes them, without a currency: the freight's cost has its own
    const amounts = new Intl.NumberFormat(isEnglish ? "en-US" : "ru-RU", {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Values are the API's text: yes and no in the interface language, the rows an id names by their names
    const valueText = (
      row: OrderHistoryEntry,
      value: string | null,
      names: OrderHistoryEntry["old_names"],
    ) => {
      if (names) return isEnglish ? names.name_en : names.name;
      if (value === "true" || value === "false") return t(value === "true" ? "yes" : "no");
      const def = row.field && Object.hasOwn(ORDER_FIELDS, row.field) ? ORDER_FIELDS[row.field] : undefined;
      if (row.field && def?.kind === "choice" && value !== null) return labels.choice(row.field, value);
      if (def?.kind === "money" && value !== null && Number.isFinite(Number(value))) {
        return amounts.format(Number(value));
      }
      return value ?? "";
    };
    return fieldColumns<typeof freightOrderHistoryFields, OrderHistoryEntry>(
      freightOrderHistoryFields,
      [
        { field: "modify_date", size: 190 },
        { field: "user", size: 140 },
        {
          field: "kind",
          size: 125,
          options: [
            { value: "status", label: historyLabels.choice("kind", "status") },
            { value: "field", label: historyLabels.choice("kind", "field") },
          ],
        },
        {
          field: "status",
          size: 135,
          sortable: false,
          filter: false,
          value: (row) =>
            row.status ? (isEnglish ? row.status.name_en || row.status.name : row.status.name) : "",
        },
        { field: "status_comment", size: 180 },
        {
          field: "field",
          size: 170,
          value: (row) => (row.field ? labels.label(row.field) : ""),
        },
        { field: "old_value", size: 150, value: (row) => valueText(row, row.old_value, row.old_names) },
        { field: "new_value", size: 150, value: (row) => valueText(row, row.new_value, row.new_names) },
      ],
      historyLabels.label,
    );
  }, [t, isEnglish, labels, historyLabels]);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xl"
      fullWidth
      aria-labelledby="order-history-title"
      // Spec 01 §9: the popup is 500 px high, its title and button included (a lower window: as high as it
      // fits); the grid takes what the two leave
      slotProps={{ paper: { sx: { height: 500 } } }}
    >
      <DialogTitle id="order-history-title" sx={{ py: 1 }}>
        {t("history.title", { id: orderId })}
      </DialogTitle>
      <DialogContent sx={{ p: 1, display: "flex", flexDirection: "column", minHeight: 0 }}>
        <DataGrid<OrderHistoryEntry>
          gridId="order-history"
          resource={`${orderPath(orderId)}history/`}
          stateIn="memory"
          columns={columns}
          defaultSorting={NEWEST_FIRST}
          pageSize={20}
          enableExport={false}
          maxHeight="100%"
        />
      </DialogContent>
      <DialogActions sx={{ py: 0.5 }}>
        <Button onClick={onClose}>{t("close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
