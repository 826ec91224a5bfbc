import type { FieldLabelCatalog } from "../catalog.ts";

/** Labels of the integrations' fields (API keys, webhook deliveries), in Russian. */
export const integrations: Pick<FieldLabelCatalog, "api_key" | "webhook_delivery"> = {
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
  webhook_delivery: {
    fields: {
      id: "№",
      endpoint_id: "№ адреса",
      event_id: "№ события",
      message_id: "Сообщение",
      kind: "Событие",
      attempt: "Попытка",
      status: "Ответ",
      succeeded: "Доставлено",
      duration_ms: "Время, мс",
      response: "Текст ответа",
      error: "Ошибка",
      created_at: "Отправлено",
    },
    sections: {},
    choices: {},
  },
};
