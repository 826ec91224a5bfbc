import { defineFields, maxLengths } from "../fields/define.ts";
import { USER_STATES } from "./limits.ts";

/** The sections of the user forms: the person (the profile and the employee form), the request to join a company. */
export const USER_SECTIONS = ["person", "request"] as const;

/**
 * A user's fields as the users grid lists them (spec 02 §3), in the order of the forms; the profile and sign-up
 * bodies add their rules.
 */
export const userFields = defineFields({
  id: { kind: "id" },
  username: { kind: "text", max: 150, required: true, searchable: true, section: "person" },
  first_name: { kind: "text", max: 150, required: true, searchable: true, section: "person" },
  last_name: { kind: "text", max: 150, required: true, searchable: true, section: "person" },
  email: { kind: "text", max: 254, required: true, format: "email", searchable: true, section: "person" },
  phone: { kind: "text", max: 100, required: true, format: "phone", searchable: true, section: "person" },
  state: { kind: "choice", choices: USER_STATES },
  is_active: { kind: "boolean" },
  company_id: { kind: "relation", to: "company", nullable: true },
  request_inn: { kind: "text", max: 12, section: "request" },
  request_name: { kind: "text", max: 255, section: "request" },
  request_contract_nums: { kind: "text", max: 1000, section: "request" },
  date_joined: { kind: "timestamp", readOnly: true },
  last_login: { kind: "timestamp", nullable: true, readOnly: true },
  version: { kind: "integer", readOnly: true },
});

/** Field limits of a user's bodies (profile, sign-up, employee form): the definitions' and the password's. */
export const USER_FIELD_LIMITS = { ...maxLengths(userFields), password: 128, password_confirm: 128 } as const;
