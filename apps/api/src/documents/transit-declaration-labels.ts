import type { Language, TrackDateField } from "@portal/domain";

// The transit declaration PDF's own words (GET freight_orders/{id}/containers/td-pdf/{id}/), in both languages of
// the portal; the order's fields and sections are labelled by the catalog (packages/domain/src/labels), as in the
// order's print. `{{name}}` marks a value put in.

const ru = {
  title: "Транзитная декларация № {{number}}",
  subtitle: "Контейнер {{container}}, заявка № {{order}}",
  issued: "Сформировано {{date}} ({{zone}})",
  page: "Стр. {{page}} из {{pages}}",
  none: "—",
  forwarder: "Экспедитор",
  section_declaration: "Декларация",
  section_container: "Контейнер",
  section_track_dates: "Даты отслеживания",
  td_number: "Номер транзитной декларации",
  td_date: "Дата декларации",
  td_allowed_date: "Транзит разрешён",
  td_end_date: "Срок завершения транзита",
  td_control: "Таможенный контроль",
  transit_decl_status: "Статус декларации",
  container: "Номер контейнера",
  iso6346: "Проверка ISO 6346",
  iso6346_valid: "номер верен",
  iso6346_invalid: "номер не проходит проверку контрольной цифры",
  size_type: "Типоразмер (ISO 6346)",
  size_type_decoded: "Расшифровка кода",
  railway_transport_number: "Номер поезда",
  railwaybill_number: "Номер ж/д накладной",
  order_date: "Дата заявки",
  etsng: "Груз по ЕТСНГ",
  gng: "Груз по ГНГ",
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
  section_track_dates: "Track dates",
  td_number: "Transit declaration number",
  td_date: "Declaration date",
  td_allowed_date: "Transit allowed",
  td_end_date: "Transit to end by",
  td_control: "Customs control",
  transit_decl_status: "Declaration status",
  container: "Container number",
  iso6346: "ISO 6346 check",
  iso6346_valid: "number valid",
  iso6346_invalid: "the number fails its check digit",
  size_type: "Size and type (ISO 6346)",
  size_type_decoded: "The code says",
  railway_transport_number: "Train number",
  railwaybill_number: "Railway bill number",
  order_date: "Order date",
  etsng: "Freight by ETSNG",
  gng: "Freight by GNG",
  station_code: "code {{code}}",
  address: "Address",
};

/** The milestones of the track dates, named as the container form's track dates. */
const trackDatesRu: Record<TrackDateField, string> = {
  prepare_to_ship_date: "Готов к отправке",
  commercial_documents_upload_date: "Коммерческие документы загружены",
  railway_bill_filing_date: "Ж/д накладная подана",
  arrival_at_border_date: "Прибыл на границу",
  railway_accept_date: "Принят железной дорогой",
  railway_loading_date: "Погружен на вагон",
  railway_trip_start_date: "Отправлен",
  railway_trip_finish_date: "Прибыл",
  td_end_date: "Транзит завершён",
  final_release_date: "Выпущен",
};

const trackDatesEn: Record<TrackDateField, string> = {
  prepare_to_ship_date: "Prepared to ship",
  commercial_documents_upload_date: "Commercial documents uploaded",
  railway_bill_filing_date: "Railway bill filed",
  arrival_at_border_date: "Arrived at the border",
  railway_accept_date: "Accepted by the railway",
  railway_loading_date: "Loaded on a wagon",
  railway_trip_start_date: "Departed",
  railway_trip_finish_date: "Arrived",
  td_end_date: "Transit completed",
  final_release_date: "Released",
};

type DeclarationLabel = keyof typeof ru;

/** The declaration's words in a language, with `{{name}}` put in, and its track dates' names. */
export function declarationLabels(lang: Language) {
  const catalog: Record<DeclarationLabel, string> = lang === "en" ? en : ru;
  const t = (label: DeclarationLabel, values: Record<string, string | number> = {}) =>
    catalog[label].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  return { t, trackDate: (field: TrackDateField) => (lang === "en" ? trackDatesEn : trackDatesRu)[field] };
}
