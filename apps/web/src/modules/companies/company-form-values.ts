import { companyFields, maxLengths } from "@portal/domain";
import type { CompanyRow } from "./companies-grid";

/** Text limits of the company form: the field definitions'. */
export const COMPANY_LIMITS = maxLengths(companyFields);

/** What the company form edits: the company's writable fields (spec 02, Company form). */
export type CompanyFormValues = Pick<
  CompanyRow,
  | "inn"
  | "name"
  | "freight_forwarding_contract"
  | "freight_forwarding_contract_date"
  | "contract_nums"
  | "notification_msg"
  | "debtor"
>;

export const COMPANY_FORM_FIELDS = [
  "inn",
  "name",
  "freight_forwarding_contract",
  "freight_forwarding_contract_date",
  "contract_nums",
  "notification_msg",
  "debtor",
] as const satisfies readonly (keyof CompanyFormValues)[];

/**
 * Fields that mean nothing for the forwarder's own company (no contract with itself, no notice or debt to
 * itself): the form hides them there (docs/decisions.md, Companies).
 */
export const CUSTOMER_ONLY_FIELDS: ReadonlySet<keyof CompanyFormValues> = new Set([
  "freight_forwarding_contract_date",
  "contract_nums",
  "notification_msg",
  "debtor",
]);

/** The form's values for a company; a new company starts empty. */
export function companyFormValues(company: CompanyRow | null): CompanyFormValues {
  return {
    inn: company?.inn ?? "",
    name: company?.name ?? "",
    freight_forwarding_contract: company?.freight_forwarding_contract ?? "",
    freight_forwarding_contract_date: company?.freight_forwarding_contract_date ?? null,
    contract_nums: company?.contract_nums ?? "",
    notification_msg: company?.notification_msg ?? "",
    debtor: company?.debtor ?? false,
  };
}
