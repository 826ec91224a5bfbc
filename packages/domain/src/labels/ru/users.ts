import type { FieldLabelCatalog } from "../catalog.ts";

/** The users field sets' labels in Russian (the default language) (catalog.ts). */
export const users: Pick<FieldLabelCatalog, "user"> = {
  user: {
    fields: {
      id: "ID",
      username: "Имя пользователя",
      first_name: "Имя",
      last_name: "Фамилия",
      email: "E-mail",
      phone: "Телефон",
      state: "Статус",
      is_active: "Активен",
      company_id: "Компания",
      request_inn: "ИНН компании",
      request_name: "Название компании",
      request_contract_nums: "Номера договоров",
      date_joined: "Дата регистрации",
      last_login: "Последний вход",
      version: "Версия",
    },
    sections: { person: "Пользователь", request: "Заявка на подключение к компании" },
    choices: {},
  },
};
