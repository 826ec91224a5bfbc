import { type FieldDef, freightOrderFields } from "@portal/domain";
import { describe, expect, it } from "vitest";
import {
  codeLineDescription,
  matchServices,
  newOrderValues,
  ORDER_FORM_FIELDS,
  type OrderRow,
  orderFormValues,
  partiesForDirection,
  withCodeLine,
  withSuggestion,
} from "./order-values";

const USER = {
  first_name: "Пётр",
  last_name: "Иванов",
  phone: "+7 383 210-44-12",
  email: "client@example.ru",
};
const PORT = {
  short_name: "АО «Восточный порт»",
  inn: "",
  okpo: "",
  rail_code: "",
  countrycode: "RU",
  postalcode: "692941",
  city: "Находка",
  streethouse: "ул. Внутрипортовая, 16",
  contact_person: "Диспетчерская",
  phone: "+7 4236 60-00-00",
  email: "",
};

/** An order as the API answers it, every field empty but those given. */
function order(values: Partial<OrderRow>): OrderRow {
  return { ...newOrderValues(USER, null, null), id: 7, ...values } as unknown as OrderRow;
}

describe("the form's fields", () => {
  it("are every field of the order the API takes, the workflow's and the version", () => {
    const writable = Object.entries(freightOrderFields as Record<string, FieldDef>)
      .filter(([, def]) => !def.readOnly && def.kind !== "id" && def.kind !== "person")
      .map(([name]) => name);
    expect(ORDER_FORM_FIELDS).toEqual([...writable, "version"]);
    expect(ORDER_FORM_FIELDS).toContain("status_comment");
    expect(ORDER_FORM_FIELDS).not.toContain("is_paid");
  });

  it("take a loaded order's values, nothing as the API's empty value", () => {
    const values = orderFormValues(
      order({ consignor_name: "ООО «Лес»", transport_kinds: [1, 2], version: 4 }),
    );
    expect(values).toMatchObject({ consignor_name: "ООО «Лес»", transport_kinds: [1, 2], version: 4 });
    expect(values).not.toHaveProperty("id");
  });
});

describe("a new order", () => {
  it("starts with the user's contacts, rubles and one container", () => {
    expect(newOrderValues(USER, null, null)).toMatchObject({
      order_contacts: "Иванов Пётр",
      order_contacts_phone: "+7 383 210-44-12",
      order_contacts_email: "client@example.ru",
      freight_cost_currency: "RUB",
      container_count: 1,
      company: null,
      freight_description: "",
      border_crossing_point: null,
      ordered_services: [],
    });
  });

  it("copies an order without its workflow, costs and contract, for the company asked for", () => {
    const source = order({
      company: 2,
      status: 5,
      status_comment: "ok",
      sign_file_id: 31,
      approved_cost: 612_000,
      freight_forwarding_contract: "ТЭО-1",
      consignee_name: "Mongol Modon",
      freight_cost_currency: "USD",
      version: 9,
    });
    const copy = newOrderValues(USER, source, 3);
    expect(copy).toMatchObject({
      company: 3,
      status: 1,
      status_comment: "",
      sign_file_id: null,
      approved_cost: null,
      freight_forwarding_contract: "",
      consignee_name: "Mongol Modon",
      freight_cost_currency: "USD",
      version: 0,
    });
    expect(newOrderValues(USER, source, null).company).toBe(2);
  });
});

describe("the parties by direction", () => {
  it("makes the port the consignor of an import and clears the consignee", () => {
    const parties = partiesForDirection("import", PORT, "Россия");
    expect(parties).toMatchObject({
      consignor_name: "АО «Восточный порт»",
      consignor_countrycode: "RU",
      consignor_country_name: "Россия",
      consignor_city: "Находка",
      consignee_name: "",
      consignee_city: "",
    });
  });

  it.each(["export", "transshipment"] as const)(
    "makes the port the consignee of %s, the consignor cleared",
    (direction) => {
      const parties = partiesForDirection(direction, PORT);
      expect(parties).toMatchObject({
        consignee_name: "АО «Восточный порт»",
        consignor_name: "",
        consignor_inn: "",
      });
    },
  );
});

describe("the code lines of the freight description", () => {
  const etsng = { code: "091008", description: "Пиломатериалы" };

  it("writes the line at the top", () => {
    expect(withCodeLine("Доска обрезная", "ETSNG", etsng)).toBe(
      "ETSNG: 091008 Пиломатериалы\nДоска обрезная",
    );
    expect(withCodeLine("", "GNG", { code: "44071100", description: "Древесина" })).toBe(
      "GNG: 44071100 Древесина",
    );
  });

  it("replaces a line of its kind wherever it is and keeps the other kind's", () => {
    const text = "GNG: 44071100 Древесина\nETSNG: 081005 Лесоматериалы\nДоска";
    expect(withCodeLine(text, "ETSNG", etsng)).toBe(
      "ETSNG: 091008 Пиломатериалы\nGNG: 44071100 Древесина\nДоска",
    );
  });

  it("removes the line when the code is cleared", () => {
    expect(withCodeLine("ETSNG: 091008 Пиломатериалы\nДоска", "ETSNG", null)).toBe("Доска");
  });

  it("keeps the order's code lines above an earlier description picked, dropping the earlier order's", () => {
    const current = "ETSNG: 091008 Пиломатериалы\nGNG: 44071100 Древесина\nДоска";
    expect(withSuggestion(current, "ETSNG: 081005 Лесоматериалы\nБрус строганый")).toBe(
      "ETSNG: 091008 Пиломатериалы\nGNG: 44071100 Древесина\nБрус строганый",
    );
    expect(withSuggestion("", "ETSNG: 081005 Лесоматериалы\nБрус")).toBe("Брус");
  });

  it("reads a code's description back from its line", () => {
    expect(codeLineDescription("ETSNG: 091008 Пиломатериалы\nДоска", "ETSNG", "091008")).toBe(
      "Пиломатериалы",
    );
    expect(codeLineDescription("Доска", "ETSNG", "091008")).toBe("");
  });
});

describe("the ordered services", () => {
  it("keeps those offered for the kinds and names the dropped ones", () => {
    expect(matchServices([1, 6, 9], [1, 2, 9])).toEqual({ kept: [1, 9], dropped: [6] });
    expect(matchServices([], [1])).toEqual({ kept: [], dropped: [] });
  });
});
