import type { CompanyRow } from "./repo.ts";

export function presentCompany(row: CompanyRow) {
  return {
    id: row.id,
    name: row.name,
    inn: row.inn,
    freight_forwarding_contract: row.freight_forwarding_contract,
    freight_forwarding_contract_date: row.freight_forwarding_contract_date,
    contract_nums: row.contract_nums,
    notification_msg: row.notification_msg,
    debtor: row.debtor,
    is_expedition_company: row.is_expedition_company,
    version: row.version,
  };
}

/** A manager of a company as the Contacts popup and the company form show them. */
export function presentCompanyManager(row: {
  id: number;
  manager_id: number;
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
}) {
  const { id, manager_id, ...person } = row;
  return { id, manager_id, manager: person, ...person };
}
