import { companyFields, emptyValue, type Fields, sectionKeys, type WritableKeys } from "@portal/domain";
import type { CompanyRow } from "./companies-grid";

/** What the company form edits: the company's writable fields (spec 02, Company form). */
export type CompanyFormValues = Pick<CompanyRow, WritableKeys<typeof companyFields>>;

/** The form's fields: those of its section in the definitions, in their order. */
export const COMPANY_FORM_FIELDS = sectionKeys(companyFields, "main") as (keyof CompanyFormValues)[];

/**
 * Fields that mean nothing for the forwarder's own company (no contract with itself, no notice or debt to
 * itself): the form hides them there (docs/decisions.md, Companies).
 */
export const CUSTOMER_ONLY_FIELDS: ReadonlySet<string> = new Set([
  "freight_forwarding_contract_date",
  "contract_nums",
  "notification_msg",
  "debtor",
]);

/** The form's values for a company; a new company starts empty. */
export function companyFormValues(company: CompanyRow | null): CompanyFormValues {
  return Object.fromEntries(
    COMPANY_FORM_FIELDS.map((name) => [name, company?.[name] ?? emptyValue((companyFields as Fields)[name])]),
  ) as CompanyFormValues;
}
