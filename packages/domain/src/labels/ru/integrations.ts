import type { FieldLabelCatalog } from "../catalog.ts";

/** Labels of the integrations' fields (API keys), in Russian. */
export const integrations: Pick<FieldLabelCatalog, "api_key"> = {
  api_key: {
    fields: {
      id: "№",
      name: "Название",
      prefix: "Ключ",
      read_only: "Только чтение",
      user_id: "№ пользователя",
      username: "Пользователь",
      created_at: "Создан",
      expires_at: "Действует до",
      revoked_at: "Отозван",
      last_used_at: "Последнее использование",
      last_used_address: "Последний адрес",
    },
    sections: {},
    choices: {},
  },
};
