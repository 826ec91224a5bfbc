import { typedRowSchema } from "../fields/schemas.ts";
import { type MONITORING_OWN_FIELDS, monitoringFields } from "./fields.ts";

const monitoringRow = typedRowSchema(monitoringFields);

/**
 * A monitoring row as the API answers it: its fields, and the spec's `monitoring` sub-object (spec 02 §3) of the
 * forwarder's own columns (`tk_order_number` … `additional_expenses`), the same values again.
 */
export const monitoringAnswer = monitoringRow.extend({
  monitoring: monitoringRow.pick({
    tk_order_number: true,
    foreign_forwarder: true,
    foreign_shipping_invoice_no: true,
    foreign_shipping_cost: true,
    foreign_shipping_currency: true,
    internal_shipping_invoice_no: true,
    internal_shipping_cost: true,
    internal_shipping_currency: true,
    additional_expenses: true,
  } satisfies Record<(typeof MONITORING_OWN_FIELDS)[number], true>),
});
