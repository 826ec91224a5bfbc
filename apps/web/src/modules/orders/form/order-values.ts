import {
  DRAFT_STATUS,
  type directoryCompanyFields,
  emptyValue,
  type Fields,
  freightOrderFields,
  isWritable,
  type OrderDirection,
  type RowOf,
  type WritableKeys,
} from "@portal/domain";
import type { CurrentUser } from "../../../app/current-user";
import type { OrderRow } from "../api";

// The shipping order form's values and the rules the form applies to them (spec 01 §2, §4, §5): pure functions,
// tested alone.

export type { OrderRow };
/** An entry of the consignor/consignee directory. */
export type DirectoryEntryRow = RowOf<typeof directoryCompanyFields>;

/**
 * What the form edits: every writable field of the order, the workflow's status, comment and signed document, and
 * the `version` the change is based on. A new order may have no company yet (the user's own is taken).
 */
export type OrderFormValues = Pick<OrderRow, Exclude<WritableKeys<typeof freightOrderFields>, "company">> & {
  company: number | null;
  version: number;
};
export type OrderFieldName = keyof OrderFormValues & string;

/** The form's fields, in the definitions' order: a new writable field of the order is a field of the form. */
export const ORDER_FORM_FIELDS = [
  ...Object.entries(freightOrderFields).flatMap(([name, def]) => (isWritable(def) ? [name] : [])),
  "version",
] as OrderFieldName[];

/** The sub-fields of a party, after its prefix (`consignor_name`). */
export const PARTY_SUBFIELDS = [
  "name",
  "okpo",
  "rail_code",
  "countrycode",
  "country_name",
  "postalcode",
  "city",
  "streethouse",
  "contact_person",
  "phone",
  "email",
  "inn",
] as const;
export type PartySubfield = (typeof PARTY_SUBFIELDS)[number];
export type Party = "consignor" | "consignee";
export type PartyField = `${Party}_${PartySubfield}`;

export const partyField = (party: Party, subfield: PartySubfield) => `${party}_${subfield}` as PartyField;

/** The value the API answers for a field of the order with nothing in it. */
const emptyOf = (name: OrderFieldName) => emptyValue((freightOrderFields as Fields)[name]);

/** The form's values of a loaded order. */
export function orderFormValues(order: OrderRow): OrderFormValues {
  return Object.fromEntries(
    ORDER_FORM_FIELDS.map((name) => [name, order[name] ?? emptyOf(name)]),
  ) as OrderFormValues;
}

/** Fields a copy does not take from its source: the workflow's, the costs, the contract, the version. */
const NOT_COPIED: readonly OrderFieldName[] = [
  "status",
  "status_comment",
  "sign_file_id",
  "approved_cost",
  "vat_percent",
  "freight_forwarding_contract",
  "freight_forwarding_contract_date",
  "version",
];

/**
 * A new order (spec 01 §4): empty, or a copy of `source` without its id, its workflow, costs and contract; the
 * currency RUB and one container by default; the contacts from the user creating it (a copy's creator is whom the
 * forwarder calls); the company asked for in the address, else the source's, else none (the user's own is taken).
 */
export function newOrderValues(
  user: Pick<CurrentUser, "first_name" | "last_name" | "phone" | "email">,
  source: OrderRow | null,
  company: number | null,
): OrderFormValues {
  const values = Object.fromEntries(
    ORDER_FORM_FIELDS.map((name) => [
      name,
      source && !NOT_COPIED.includes(name) ? (source[name] ?? emptyOf(name)) : emptyOf(name),
    ]),
  ) as OrderFormValues;
  values.freight_cost_currency = source?.freight_cost_currency ?? "RUB";
  values.container_count = source?.container_count ?? 1;
  values.company = company ?? source?.company ?? null;
  values.status = DRAFT_STATUS;
  values.version = 0;
  values.order_contacts = [user.last_name, user.first_name].filter(Boolean).join(" ");
  values.order_contacts_phone = user.phone ?? "";
  values.order_contacts_email = user.email ?? "";
  return values;
}

/** A directory entry's details as a party's fields (the country's name comes with the country). */
export function partyFromEntry(
  party: Party,
  entry: Pick<
    DirectoryEntryRow,
    | "short_name"
    | "inn"
    | "okpo"
    | "rail_code"
    | "countrycode"
    | "postalcode"
    | "city"
    | "streethouse"
    | "contact_person"
    | "phone"
    | "email"
  > | null,
  countryName = "",
): Record<PartyField, string> {
  const value = (subfield: PartySubfield): string => {
    if (!entry) return "";
    if (subfield === "name") return entry.short_name;
    if (subfield === "country_name") return entry.countrycode ? countryName : "";
    return entry[subfield] ?? "";
  };
  return Object.fromEntries(PARTY_SUBFIELDS.map((sub) => [partyField(party, sub), value(sub)])) as Record<
    PartyField,
    string
  >;
}

/**
 * A new order's parties by its direction (spec 01 §4): an import has the port company as its consignor and no
 * consignee yet; an export or a transshipment has it as its consignee and no consignor yet.
 */
export function partiesForDirection(
  direction: OrderDirection,
  port: Parameters<typeof partyFromEntry>[1],
  countryName = "",
): Record<PartyField, string> {
  const portParty: Party = direction === "import" ? "consignor" : "consignee";
  const other: Party = portParty === "consignor" ? "consignee" : "consignor";
  return { ...partyFromEntry(portParty, port, countryName), ...partyFromEntry(other, null) };
}

/** The reference books whose chosen code the freight description names on its first lines. */
export type CodeBook = "ETSNG" | "GNG";

/**
 * The freight description with the line `ETSNG: code description` (or `GNG: …`) at its top, replacing the line of
 * that book wherever it was; no code removes the line. The other book's line stays above the rest of the text.
 */
export function withCodeLine(
  description: string,
  book: CodeBook,
  entry: { code: string; description: string } | null,
): string {
  const prefix = `${book}:`;
  const lines = description === "" ? [] : description.split("\n").filter((line) => !line.startsWith(prefix));
  if (entry) lines.unshift(`${prefix} ${entry.code} ${entry.description}`.trim());
  return lines.join("\n");
}

const isCodeLine = (line: string) => /^(ETSNG|GNG):/.test(line);

/**
 * The freight description after an earlier one is picked: its text, under the current description's code lines
 * (the order's codes are this order's, not the earlier order's).
 */
export function withSuggestion(description: string, picked: string): string {
  const codeLines = description === "" ? [] : description.split("\n").filter(isCodeLine);
  return [...codeLines, ...picked.split("\n").filter((line) => !isCodeLine(line))].join("\n");
}

/** The description a code's line gives it in the freight description, to label the chosen code before any search. */
export function codeLineDescription(description: string, book: CodeBook, code: string): string {
  const line = description.split("\n").find((item) => item.startsWith(`${book}: ${code}`));
  return line ? line.slice(`${book}: ${code}`.length).trim() : "";
}

/**
 * The ordered services still offered for the chosen transport kinds and shipment kind (`offered`: the ids the
 * services' list answers for them), and those that no longer are.
 */
export function matchServices(
  ordered: readonly number[],
  offered: readonly number[],
): { kept: number[]; dropped: number[] } {
  const offeredIds = new Set(offered);
  return {
    kept: ordered.filter((id) => offeredIds.has(id)),
    dropped: ordered.filter((id) => !offeredIds.has(id)),
  };
}
