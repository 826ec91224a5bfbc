import type { Language } from "../messages/languages.ts";
import {
  type CatalogResource,
  type FieldLabelCatalog,
  fieldLabel,
  fieldLabelInSection,
  type LabelledResource,
} from "./catalog.ts";
import { en } from "./en.ts";
import { ru } from "./ru.ts";

// The field labels for the API and for scripts (an import template, webhook docs): both languages' catalogs at
// hand. The web app loads one language's catalog with the pages that name fields (the `fields` namespace), so it
// reads them through catalog.ts instead of this module.

export * from "./catalog.ts";

/** The field labels of a language. */
export function labelsOf(language: Language): FieldLabelCatalog {
  return language === "en" ? en : ru;
}

/**
 * The label of a resource's field in a language, as a list's column shows it (`Грузополучатель: Город` where the
 * section tells apart fields that share a label); `{inSection: true}` gives it as under its section's heading.
 * A name that is no field of the resource comes back as it is.
 */
export function labelOf(
  resource: LabelledResource,
  field: string,
  language: Language,
  { inSection = false }: { inSection?: boolean } = {},
): string {
  return (inSection ? fieldLabelInSection : fieldLabel)(labelsOf(language), resource, field);
}

/** The title of a resource's form section in a language (the key where it has none). */
export function sectionTitleOf(resource: CatalogResource, section: string, language: Language): string {
  const sections: Record<string, string> = labelsOf(language)[resource].sections;
  return sections[section] ?? section;
}
