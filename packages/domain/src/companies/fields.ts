import { defineFields } from "../fields/define.ts";

/** A company's fields (spec 02 §3). */
export const companyFields = defineFields({
  id: { kind: "id" },
  name: { kind: "text", max: 255, required: true, searchable: true },
  inn: { kind: "text", max: 12, format: "inn", searchable: true },
  freight_forwarding_contract: { kind: "text", max: 45, searchable: true },
  freight_forwarding_contract_date: { kind: "date", nullable: true },
  contract_nums: { kind: "text", max: 1000, searchable: true },
  notification_msg: { kind: "text", max: 2000 },
  debtor: { kind: "boolean" },
  is_expedition_company: { kind: "boolean", readOnly: true },
  version: { kind: "integer", readOnly: true },
});
