import {
  type COMPANY_SECTIONS,
  companyFields,
  companyManagerFields,
  relatedUserFields,
} from "../companies/fields.ts";
import { type ContainerSection, containerFields, orderContainerFields } from "../containers/fields.ts";
import type { Fields } from "../fields/define.ts";
import { apiKeyFields } from "../integrations/api-key-fields.ts";
import { webhookDeliveryFields } from "../integrations/webhook-fields.ts";
import { mailOutboxFields } from "../notifications/mail-fields.ts";
import { exportTaskFields, monitoringFields, terminalReportFields } from "../operations/fields.ts";
import {
  directoryCompanyFields,
  freightOrderFields,
  freightOrderHistoryFields,
  freightOrderStatusFields,
  type OrderSection,
} from "../orders/fields.ts";
import { freightOrderFileFields } from "../orders/files.ts";
import {
  companyServiceFields,
  companyTransportationCostFields,
  plannerContainerTypeFields,
  railwayRouteFields,
  railwayRouteServiceFields,
  railwayTransportationCostFields,
} from "../planner/fields.ts";
import {
  containerTypeFields,
  countryFields,
  documentTypeFields,
  etsngFields,
  gngFields,
  kindFields,
  locationFields,
  serviceFields,
} from "../reference/fields.ts";
import { type USER_SECTIONS, userFields } from "../users/fields.ts";

// The labels of the resources' fields: one catalog per language (ru.ts, en.ts, each gathered from ru/ and en/), one
// entry per label, the only text of a field wherever it shows: form, grid, filter, history, print, PDF, mail. A
// field's entry is its `label` key, else its name; a key `resource.key` names another resource's entry, for a field
// that shows that resource's value (a price row's route, a company manager's name).

/** A label key that names another resource's entry. */
type Borrowed = `${string}.${string}`;

/** The label keys of a resource's own entries. */
export type LabelKey<F extends Fields> = {
  [K in keyof F]: F[K] extends { label: infer L extends string }
    ? L extends Borrowed
      ? never
      : L
    : K & string;
}[keyof F];

/** The labels of one resource: a text per label key, its form sections' titles, its choices' names. */
export interface ResourceLabels<F extends Fields, S extends string = never, C extends string = never> {
  fields: Record<LabelKey<F>, string>;
  sections: Record<S, string>;
  choices: Record<C, Record<string, string>>;
}

/** Every field set of the domain, by its resource's name in the catalog. */
export const labelledResources = {
  company: companyFields,
  company_manager: companyManagerFields,
  related_user: relatedUserFields,
  container: containerFields,
  order_container: orderContainerFields,
  user: userFields,
  freight_order: freightOrderFields,
  freight_order_status: freightOrderStatusFields,
  freight_order_history: freightOrderHistoryFields,
  freight_order_file: freightOrderFileFields,
  directory_company: directoryCompanyFields,
  railway_route: railwayRouteFields,
  planner_container_type: plannerContainerTypeFields,
  railway_route_service: railwayRouteServiceFields,
  railway_transportation_cost: railwayTransportationCostFields,
  company_service: companyServiceFields,
  company_transportation_cost: companyTransportationCostFields,
  etsng: etsngFields,
  gng: gngFields,
  country: countryFields,
  location: locationFields,
  document_type: documentTypeFields,
  container_type: containerTypeFields,
  kind: kindFields,
  service: serviceFields,
  monitoring: monitoringFields,
  terminal_report: terminalReportFields,
  export_task: exportTaskFields,
  mail_outbox: mailOutboxFields,
  api_key: apiKeyFields,
  webhook_delivery: webhookDeliveryFields,
} as const satisfies Record<string, Fields>;
export type LabelledResource = keyof typeof labelledResources;

/** Field sets that are a view of another resource's fields, labelled by that resource's entries. */
const LABELLED_AS = { order_container: "container" } as const satisfies Partial<
  Record<LabelledResource, LabelledResource>
>;

/** The resources that have entries of their own in a catalog. */
export type CatalogResource = Exclude<LabelledResource, keyof typeof LABELLED_AS>;

type Labels<R extends CatalogResource, S extends string = never, C extends string = never> = ResourceLabels<
  (typeof labelledResources)[R],
  S,
  C
>;

/** A language's catalog: every labelled resource's labels. */
export type FieldLabelCatalog = {
  company: Labels<"company", (typeof COMPANY_SECTIONS)[number]>;
  company_manager: Labels<"company_manager">;
  related_user: Labels<"related_user">;
  container: Labels<"container", ContainerSection, "pkg_state">;
  user: Labels<"user", (typeof USER_SECTIONS)[number]>;
  freight_order: Labels<"freight_order", OrderSection, "direction">;
  freight_order_status: Labels<"freight_order_status">;
  freight_order_history: Labels<"freight_order_history", never, "kind">;
  freight_order_file: Labels<"freight_order_file">;
  directory_company: Labels<"directory_company">;
  railway_route: Labels<"railway_route">;
  planner_container_type: Labels<"planner_container_type">;
  railway_route_service: Labels<"railway_route_service">;
  railway_transportation_cost: Labels<"railway_transportation_cost">;
  company_service: Labels<"company_service">;
  company_transportation_cost: Labels<"company_transportation_cost">;
  etsng: Labels<"etsng">;
  gng: Labels<"gng">;
  country: Labels<"country">;
  location: Labels<"location", never, "kind">;
  document_type: Labels<"document_type">;
  container_type: Labels<"container_type">;
  kind: Labels<"kind">;
  service: Labels<"service">;
  monitoring: Labels<"monitoring">;
  terminal_report: Labels<"terminal_report">;
  export_task: Labels<"export_task", never, "celery_task_status">;
  mail_outbox: Labels<"mail_outbox", never, "state" | "language">;
  api_key: Labels<"api_key">;
  webhook_delivery: Labels<"webhook_delivery">;
};

/** A catalog as data: what a loaded `fields` namespace or a script reads, without the resources' types. */
export type LabelCatalogData = Record<
  string,
  {
    fields: Record<string, string>;
    sections: Record<string, string>;
    choices: Record<string, Record<string, string>>;
  }
>;

/** A field's label key in its resource's catalog: its `label`, else its name (`resource.key` for a borrowed one). */
export function labelKey(fields: Fields, name: string): string {
  return (Object.hasOwn(fields, name) ? fields[name]?.label : undefined) ?? name;
}

/** The resource whose entries label a field set's own fields, sections and choices. */
export function catalogResourceOf(resource: LabelledResource): CatalogResource {
  return (
    (LABELLED_AS as Partial<Record<LabelledResource, CatalogResource>>)[resource] ??
    (resource as CatalogResource)
  );
}

/** Where a field's label is: the resource whose entries hold it and its key there. */
export function labelEntry(resource: LabelledResource, name: string): { resource: string; key: string } {
  const key = labelKey(labelledResources[resource], name);
  const dot = key.indexOf(".");
  if (dot >= 0) return { resource: key.slice(0, dot), key: key.slice(dot + 1) };
  return { resource: catalogResourceOf(resource), key };
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

/** A field's label under its section's heading (a form, a print's section), or the field's name without one. */
export function fieldLabelInSection(
  catalog: LabelCatalogData,
  resource: LabelledResource,
  name: string,
): string {
  const entry = labelEntry(resource, name);
  return catalog[entry.resource]?.fields[entry.key] ?? name;
}

/**
 * A field's label where no section heads it (a list's column, a filter chip, a history entry, an import template's
 * column): with its section's title where its label is shared with fields of other sections (`Consignee: City`).
 */
export function fieldLabel(catalog: LabelCatalogData, resource: LabelledResource, name: string): string {
  const text = fieldLabelInSection(catalog, resource, name);
  const section = qualifyingSection(labelledResources[resource], name);
  const own = catalog[catalogResourceOf(resource)];
  return section && own ? `${own.sections[section]}: ${text}` : text;
}
