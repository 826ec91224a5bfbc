import type { FieldLabelCatalog } from "../catalog.ts";

/** The companies field sets' labels in English (catalog.ts). */
export const companies: Pick<FieldLabelCatalog, "company" | "company_manager" | "related_user"> = {
  company: {
    fields: {
      id: "ID",
      name: "Organization name",
      inn: "INN",
      freight_forwarding_contract: "Freight forwarding contract",
      freight_forwarding_contract_date: "Contract date",
      contract_nums: "Contract numbers",
      notification_msg: "Notification to client",
      debtor: "Debtor",
      require_second_factor: "Users must have a second factor",
      is_expedition_company: "Forwarder",
      version: "Version",
    },
    sections: { main: "Company" },
    choices: {},
  },
  company_manager: {
    fields: {
      id: "ID",
      manager_id: "Manager",
    },
    sections: {},
    choices: {},
  },
  related_user: {
    fields: {
      id: "ID",
      user_id: "User",
    },
    sections: {},
    choices: {},
  },
};
