import type { FieldLabelCatalog } from "../catalog.ts";

/** The reference field sets' labels in Russian (the default language) (catalog.ts). */
export const reference: Pick<
  FieldLabelCatalog,
  "etsng" | "gng" | "country" | "location" | "document_type" | "container_type" | "kind" | "service"
> = {
  etsng: {
    fields: {
      code: "Код ЕТСНГ",
      description: "Наименование",
      gng_code: "Код ГНГ",
      tariff_class: "Тарифный класс",
    },
    sections: {},
    choices: {},
  },
  gng: {
    fields: {
      code: "Код ГНГ",
      description: "Наименование",
    },
    sections: {},
    choices: {},
  },
  country: {
    fields: {
      abc2: "Код страны",
      short_name: "Название",
      name_eng: "Название на английском",
    },
    sections: {},
    choices: {},
  },
  location: {
    fields: {
      id: "ID",
      code: "Код",
      location: "Пункт",
      railway: "Железная дорога",
      country: "Страна",
      kind: "Вид пункта",
    },
    sections: {},
    choices: {
      kind: { station: "Станция", border: "Пограничный переход", port: "Порт" },
    },
  },
  document_type: {
    fields: {
      id: "ID",
      title: "Тип документа",
      title_en: "Тип документа на английском",
    },
    sections: {},
    choices: {},
  },
  container_type: {
    fields: {
      id: "ID",
      code: "Код",
      description: "Тип контейнера",
      description_en: "Тип контейнера на английском",
    },
    sections: {},
    choices: {},
  },
  kind: {
    fields: {
      id: "ID",
      description: "Описание",
      description_en: "Описание на английском",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
  service: {
    fields: {
      id: "ID",
      description: "Описание",
      description_en: "Описание на английском",
      contact_email: "Контактный e-mail",
      transport_kind: "Виды транспорта",
      shipment_kind: "Виды отправок",
      is_shipping: "Перевозка",
      is_port_freight_forwarding: "Портовое экспедирование",
      is_transit_decl: "Транзитная декларация",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
};
