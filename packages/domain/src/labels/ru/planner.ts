import type { FieldLabelCatalog } from "../catalog.ts";

/** The planner field sets' labels in Russian (the default language) (catalog.ts). */
export const planner: Pick<
  FieldLabelCatalog,
  | "railway_route"
  | "planner_container_type"
  | "railway_route_service"
  | "railway_transportation_cost"
  | "company_service"
  | "company_transportation_cost"
> = {
  railway_route: {
    fields: {
      id: "ID",
      description: "Маршрут",
      description_en: "Маршрут на английском",
      departure: "Станция отправления",
      destination: "Станция назначения",
      border_crossing_point: "Пограничный переход",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
  planner_container_type: {
    fields: {
      id: "ID",
      code: "Тип контейнера",
      description: "Описание типа",
      description_en: "Описание типа на английском",
    },
    sections: {},
    choices: {},
  },
  railway_route_service: {
    fields: {
      id: "ID",
      railway_route: "ID маршрута",
      description: "Описание",
      description_en: "Описание на английском",
      base_cost: "Базовая стоимость",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
  railway_transportation_cost: {
    fields: {
      id: "ID",
      railway_route: "ID маршрута",
      container_type: "ID типа контейнера",
      base_cost: "Базовая стоимость",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
  company_service: {
    fields: {
      id: "ID",
      company: "Компания",
      railway_route: "ID маршрута",
      railway_route_service: "№ баз. услуги",
      description: "Описание",
      description_en: "Описание на английском",
      base_cost: "Базовая стоимость",
      cost: "Стоимость",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
  company_transportation_cost: {
    fields: {
      id: "ID",
      company: "Компания",
      railway_route: "ID маршрута",
      container_type: "ID типа контейнера",
      railway_transportation_cost: "№ баз. тарифа",
      base_cost: "Базовая стоимость",
      cost: "Стоимость",
      version: "Версия",
    },
    sections: {},
    choices: {},
  },
};
