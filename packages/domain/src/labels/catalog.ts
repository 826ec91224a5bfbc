import { type COMPANY_SECTIONS, companyFields } from "../companies/fields.ts";
import { type ContainerSection, containerFields } from "../containers/fields.ts";
import type { Fields } from "../fields/define.ts";
import { mailOutboxFields } from "../notifications/mail-fields.ts";
import { exportTaskFields, monitoringFields, terminalReportFields } from "../operations/fields.ts";
import { freightOrderFields, type OrderSection } from "../orders/fields.ts";
import { type USER_SECTIONS, userFields } from "../users/fields.ts";

// The labels of the resources' fields: one catalog per language (ru.ts, en.ts), one entry per label, shared by
// the form, the grid, the history and the print. A field's entry is its `label` key, else its name.

/** The label keys of a resource's fields. */
export type LabelKey<F extends Fields> = {
  [K in keyof F]: F[K] extends { label: infer L extends string } ? L : K & string;
}[keyof F];

/** The labels of one resource: a text per label key, its form sections' titles, its choices' names. */
export interface ResourceLabels<F extends Fields, S extends string = never, C extends string = never> {
  fields: Record<LabelKey<F>, string>;
  sections: Record<S, string>;
  choices: Record<C, Record<string, string>>;
}

/** The resources whose fields are labelled here, by the catalog's key. */
export const labelledResources = {
  company: companyFields,
  container: containerFields,
  export_task: exportTaskFields,
  freight_order: freightOrderFields,
  monitoring: monitoringFields,
  terminal_report: terminalReportFields,
  user: userFields,
  mail_outbox: mailOutboxFields,
} as const satisfies Record<string, Fields>;
export type LabelledResource = keyof typeof labelledResources;

/** A language's catalog: every labelled resource's labels. */
export interface FieldLabelCatalog {
  company: ResourceLabels<typeof companyFields, (typeof COMPANY_SECTIONS)[number]>;
  container: ResourceLabels<typeof containerFields, ContainerSection, "pkg_state">;
  export_task: ResourceLabels<typeof exportTaskFields, never, "celery_task_status">;
  freight_order: ResourceLabels<typeof freightOrderFields, OrderSection, "direction">;
  monitoring: ResourceLabels<typeof monitoringFields>;
  terminal_report: ResourceLabels<typeof terminalReportFields>;
  user: ResourceLabels<typeof userFields, (typeof USER_SECTIONS)[number]>;
  mail_outbox: ResourceLabels<typeof mailOutboxFields, never, "state" | "language">;
}

/** A field's label key in its resource's catalog. */
export function labelKey(fields: Fields, name: string): string {
  return (Object.hasOwn(fields, name) ? fields[name]?.label : undefined) ?? name;
}

/**
 * Where a field's label stands without its section around it (a list's column, a history entry): the section
 * whose title names it too when its label is shared with fields of other sections (`Consignee: City`).
 */
function qualifyingSection(fields: Fields, name: string): string | undefined {
  const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!field?.label || !field.section) return undefined;
  const shared = Object.entries(fields).some(
    ([other, def]) => other !== name && def.label === field.label && def.section !== field.section,
  );
  return shared ? field.section : undefined;
}

/** A field's label from a language's labels of its resource, with its section's title where it needs one. */
export function fieldLabel<F extends Fields>(
  labels: { fields: Record<string, string>; sections: Record<string, string> },
  fields: F,
  name: string,
): string {
  const text = labels.fields[labelKey(fields, name)] ?? name;
  const section = qualifyingSection(fields, name);
  return section ? `${labels.sections[section]}: ${text}` : text;
}
