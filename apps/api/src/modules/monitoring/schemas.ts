import { MONITORING_OWN_FIELDS, monitoringFields, rowSchema } from "@portal/domain";

const monitoringRow = rowSchema(monitoringFields);

/** A monitoring row as answered: its fields and the spec's `monitoring` sub-object (spec 02 §3) of its own columns. */
export const monitoringAnswer = monitoringRow.extend({
  monitoring: monitoringRow.pick(Object.fromEntries(MONITORING_OWN_FIELDS.map((field) => [field, true]))),
});
