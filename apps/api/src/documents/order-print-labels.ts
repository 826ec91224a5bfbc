import type { Language } from "@portal/domain";

// The print version's own words (GET freight_orders/{id}/print), in both languages of the portal; the fields'
// labels and the sections' titles are the catalog's (packages/domain/src/labels). `{{name}}` marks a value put in.

const ru = {
  title: "Заявка на перевозку № {{id}} от {{date}}",
  forwarder: "Экспедитор",
  printed: "Напечатано {{date}} ({{zone}})",
  tracking: "Где груз сейчас — по ссылке или QR-коду, без входа в портал:",
  page: "Стр. {{page}} из {{pages}}",
  none: "—",
  yes: "да",
  no: "нет",
  section_signatures: "Подписи сторон",
  customer: "Заказчик",
  signature: "подпись / расшифровка подписи",
  seal: "М. П.",
  prepared_by: "Заявку составил(а): {{name}}",
  total_with_vat: "Итого с НДС",
} as const;

const en: Record<keyof typeof ru, string> = {
  title: "Shipping order No. {{id}} of {{date}}",
  forwarder: "Forwarder",
  printed: "Printed {{date}} ({{zone}})",
  tracking: "Where the shipment is now, by the link or the QR code, without signing in:",
  page: "Page {{page}} of {{pages}}",
  none: "—",
  yes: "yes",
  no: "no",
  section_signatures: "Signatures",
  customer: "Customer",
  signature: "signature / name",
  seal: "Seal",
  prepared_by: "Prepared by: {{name}}",
  total_with_vat: "Total with VAT",
};

type PrintLabel = keyof typeof ru;

/** The print's own words by language, for the catalogs' test (packages/domain/src/labels). */
export const printWords: Record<Language, Record<PrintLabel, string>> = { ru, en };

/** The print's words in a language, with `{{name}}` put in. */
export function printLabels(lang: Language) {
  const catalog = printWords[lang];
  return (label: PrintLabel, values: Record<string, string | number> = {}) =>
    catalog[label].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}
