import type { FieldLabelCatalog } from "../catalog.ts";

/** The users field sets' labels in English (catalog.ts). */
export const users: Pick<FieldLabelCatalog, "user"> = {
  user: {
    fields: {
      id: "ID",
      username: "Username",
      first_name: "First name",
      last_name: "Last name",
      email: "E-mail",
      phone: "Phone",
      state: "State",
      is_active: "Active",
      company_id: "Company",
      request_inn: "Company INN",
      request_name: "Company name",
      request_contract_nums: "Contract numbers",
      date_joined: "Registered",
      last_login: "Last sign-in",
      version: "Version",
    },
    sections: { person: "User", request: "Request to join a company" },
    choices: {},
  },
};
