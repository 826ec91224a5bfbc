import { defineFields } from "../fields/define.ts";

/** The company form's one section. */
export const COMPANY_SECTIONS = ["main"] as const;

/** A company's fields (spec 02 §3), in the order of its form and its grid. */
export const companyFields = defineFields({
  id: { kind: "id", grid: "hidden" },
  name: { kind: "text", max: 255, required: true, searchable: true, section: "main", grid: "shown" },
  inn: { kind: "text", max: 12, format: "inn", searchable: true, section: "main", grid: "shown" },
  freight_forwarding_contract: { kind: "text", max: 45, searchable: true, section: "main", grid: "shown" },
  freight_forwarding_contract_date: { kind: "date", nullable: true, section: "main", grid: "shown" },
  contract_nums: {
    kind: "text",
    max: 1000,
    multiline: true,
    searchable: true,
    section: "main",
    grid: "shown",
  },
  notification_msg: { kind: "text", max: 2000, multiline: true, section: "main", grid: "shown" },
  debtor: { kind: "boolean", section: "main", grid: "shown" },
  /** Its users must have a second factor (docs/security.md); set by its managers. */
  require_second_factor: { kind: "boolean", section: "main", grid: "hidden" },
  is_expedition_company: { kind: "boolean", readOnly: true, grid: "hidden" },
  version: { kind: "integer", readOnly: true },
});

/** The person of a company link, as the company form's grids and the Contacts popup show them (read from the user). */
const linkedPerson = {
  first_name: { kind: "text", max: 150, readOnly: true, searchable: true, label: "user.first_name" },
  last_name: { kind: "text", max: 150, readOnly: true, searchable: true, label: "user.last_name" },
  email: { kind: "text", max: 254, readOnly: true, searchable: true, label: "user.email" },
  phone: { kind: "text", max: 100, readOnly: true, searchable: true, label: "user.phone" },
} as const;

/**
 * A company's manager (spec 02 §3: manager_id, manager with first and last name): a member of the forwarder's
 * staff whom the company's users see as their contact, with the phone and e-mail the Contacts popup shows.
 */
export const companyManagerFields = defineFields({
  id: { kind: "id" },
  manager_id: { kind: "relation", to: "user", required: true },
  manager: { kind: "person", label: "manager_id" },
  ...linkedPerson,
});

/**
 * A related user of a company (spec 02 §3: user_id, user with first and last name): a user of another company
 * who works with this one's data.
 */
export const relatedUserFields = defineFields({
  id: { kind: "id" },
  user_id: { kind: "relation", to: "user", required: true },
  user: { kind: "person", username: true, label: "user_id" },
  username: { kind: "text", max: 150, readOnly: true, searchable: true, label: "user.username" },
  ...linkedPerson,
  company_name: { kind: "text", max: 255, readOnly: true, searchable: true, label: "user.company_id" },
});
