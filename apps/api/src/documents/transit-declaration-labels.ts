import type { Language } from "@portal/domain";

// The transit declaration PDF's own words (GET freight_orders/{id}/containers/td-pdf/{id}/), in both languages of
// the portal: its title, headings and footer. The fields it prints, the container's and the order's, are labelled by
// the domain catalog (packages/domain/src/labels), as on the container form and in the order's print. `{{name}}`
// marks a value put in.

const ru = {
  title: "Транзитная декларация № {{number}}",
  subtitle: "Контейнер {{container}}, заявка № {{order}}",
  issued: "Сформировано {{date}} ({{zone}})",
  page: "Стр. {{page}} из {{pages}}",
  none: "—",
  forwarder: "Экспедитор",
  section_declaration: "Декларация",
  section_container: "Контейнер",
  iso6346_valid: "да, номер верен",
  iso6346_invalid: "нет, номер не проходит проверку контрольной цифры",
  size_type_decoded: "Расшифровка кода",
  station_code: "код {{code}}",
  address: "Адрес",
} as const;

const en: Record<keyof typeof ru, string> = {
  title: "Transit declaration No. {{number}}",
  subtitle: "Container {{container}}, shipping order No. {{order}}",
  issued: "Issued {{date}} ({{zone}})",
  page: "Page {{page}} of {{pages}}",
  none: "—",
  forwarder: "Forwarder",
  section_declaration: "Declaration",
  section_container: "Container",
  iso6346_valid: "yes, the number is valid",
  iso6346_invalid: "no, the number fails its check digit",
  size_type_decoded: "The code says",
  station_code: "code {{code}}",
  address: "Address",
};

type DeclarationLabel = keyof typeof ru;

/** The declaration's own words by language, for the catalogs' test (packages/domain/src/labels). */
export const declarationWords: Record<Language, Record<DeclarationLabel, string>> = { ru, en };

/** The declaration's words in a language, with `{{name}}` put in. */
export function declarationLabels(lang: Language) {
  const catalog = declarationWords[lang];
  return (label: DeclarationLabel, values: Record<string, string | number> = {}) =>
    catalog[label].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
