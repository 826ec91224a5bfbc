import type { FieldLabelCatalog } from "../catalog.ts";

/** The companies field sets' labels in Russian (the default language) (catalog.ts). */
export const companies: Pick<FieldLabelCatalog, "company" | "company_manager" | "related_user"> = {
  company: {
    fields: {
      id: "ID",
      name: "Наименование организации",
      inn: "ИНН",
      freight_forwarding_contract: "Договор транспортной экспедиции",
      freight_forwarding_contract_date: "Дата договора",
      contract_nums: "Номера договоров",
      notification_msg: "Уведомление клиенту",
      debtor: "Должник",
      require_second_factor: "Второй фактор обязателен для пользователей",
      is_expedition_company: "Экспедитор",
      version: "Версия",
    },
    sections: { main: "Компания" },
    choices: {},
  },
  company_manager: {
    fields: {
      id: "ID",
      manager_id: "Менеджер",
    },
    sections: {},
    choices: {},
  },
  related_user: {
    fields: {
      id: "ID",
      user_id: "Пользователь",
    },
    sections: {},
    choices: {},
  },
};
