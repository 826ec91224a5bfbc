import {
  catalogResourceOf,
  fieldLabel,
  fieldLabelInSection,
  type LabelCatalogData,
  type LabelledResource,
} from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** What a screen names a resource's fields with, in the interface language. */
export interface FieldLabels {
  /** A field's label where no section heads it (a list's column, a history entry): `Consignee: City`. */
  label(name: string): string;
  /** A field's label under its section's heading (the form). */
  inSection(name: string): string;
  /** A form section's title. */
  section(key: string): string;
  /** The name of a choice's value (an order's direction), the value itself where it has none. */
  choice(field: string, value: string): string;
}

/**
 * The field labels of a resource in the interface language, from the `fields` namespace (the domain's one catalog
 * per language, shared with the API's print, PDF and mails): a page that uses it lists "fields" among its namespaces.
 */
export function useFieldLabels(resource: LabelledResource): FieldLabels {
  const { i18n } = useTranslation("fields");
  const catalog = i18n.getResourceBundle(i18n.language, "fields") as LabelCatalogData | undefined;
  return useMemo(() => fieldLabelsOf(resource, catalog ?? {}), [resource, catalog]);
}

/** The labels of a resource from a catalog; without one (not loaded yet) fields read as their names. */
function fieldLabelsOf(resource: LabelledResource, catalog: LabelCatalogData): FieldLabels {
  const own = catalog[catalogResourceOf(resource)];
  return {
    label: (name) => fieldLabel(catalog, resource, name),
    inSection: (name) => fieldLabelInSection(catalog, resource, name),
    section: (key) => own?.sections[key] ?? key,
    choice: (field, value) => own?.choices[field]?.[value] ?? value,
  };
}
