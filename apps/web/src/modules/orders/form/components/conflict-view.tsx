import { useTranslation } from "react-i18next";
import { useFieldLabels } from "../../../../app/field-labels";
import type { FormConflict } from "../../../../components/form/conflict";
import { ConflictPanel } from "../../../../components/form/conflict-panel";
import { formatMoney } from "../../../../components/form/input-rules";
import { type StatusRow, statusName } from "../../api";
import { ORDER_FORM_FIELDS, type OrderFormValues } from "../order-values";

const MONEY: ReadonlySet<string> = new Set(["freight_cost", "approved_cost"]);

/**
 * The order saved by someone else while the user edited it: the form kit's side-by-side view, with the order's
 * labels and values as the form shows them (a chosen status by its name, amounts as money).
 */
export function ConflictView(props: {
  conflict: FormConflict<OrderFormValues>;
  statuses: readonly StatusRow[];
  onResolve(choice: "mine" | "theirs"): void;
}) {
  const { t, i18n } = useTranslation("orderForm");
  const labels = useFieldLabels("freight_order");
  const format = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === "") return "";
    if (field === "status") {
      const status = props.statuses.find((item) => item.id === value);
      return status ? statusName(status, i18n.language) : String(value);
    }
    if (field === "direction") return labels.choice(field, String(value));
    if (MONEY.has(field) && typeof value === "number") return formatMoney(value, i18n.language);
    if (typeof value === "boolean") return t(value ? "yes" : "no");
    if (Array.isArray(value)) return value.join(", ");
    return String(value);
  };
  return (
    <ConflictPanel
      conflict={props.conflict}
      fields={ORDER_FORM_FIELDS}
      label={labels.label}
      format={format}
      onResolve={props.onResolve}
    />
  );
}
