import { fieldLabel, type LabelledResource, labelKey, labelledResources } from "@portal/domain";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** A resource's labels as the catalog holds them (packages/domain/src/labels). */
interface Labels {
  fields: Record<string, string>;
  sections: Record<string, string>;
  choices: Record<string, Record<string, string>>;
}

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
 * The field labels of a resource in the interface language, from the `fields` namespace (one catalog per
 * language, shared with the API's print): a page that uses it lists "fields" among its namespaces.
 */
export function useFieldLabels(resource: LabelledResource): FieldLabels {
  const { i18n } = useTranslation("fields");
  const bundle = i18n.getResourceBundle(i18n.language, "fields") as Record<string, Labels> | undefined;
  const labels = bundle?.[resource];
  return useMemo(() => fieldLabelsOf(resource, labels), [resource, labels]);
}

/** The labels of a resource from its catalog entry; without one (not loaded yet) fields read as their names. */
function fieldLabelsOf(resource: LabelledResource, labels: Labels | undefined): FieldLabels {
  const fields = labelledResources[resource];
  const known: Labels = labels ?? { fields: {}, sections: {}, choices: {} };
  return {
    label: (name) => fieldLabel(known, fields, name),
    inSection: (name) => known.fields[labelKey(fields, name)] ?? name,
    section: (key) => known.sections[key] ?? key,
    choice: (field, value) => known.choices[field]?.[value] ?? value,
  };
}
