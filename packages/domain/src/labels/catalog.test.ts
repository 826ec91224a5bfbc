import { describe, expect, it } from "vitest";
import type { Fields } from "../fields/define.ts";
import { LANGUAGES } from "../messages/languages.ts";
import { fieldLabel, type LabelledResource, labelEntry, labelKey, labelledResources } from "./catalog.ts";
import { en } from "./en.ts";
import { labelOf } from "./index.ts";
import { otherCatalogs, restatedLabels } from "./other-catalogs.ts";
import { ru } from "./ru.ts";

const catalogs = { ru, en };
const resources = Object.entries(labelledResources) as [LabelledResource, Fields][];

describe.each(Object.entries(catalogs))("the %s field labels", (_language, catalog) => {
  const data = catalog as unknown as Record<
    string,
    { fields: Record<string, string>; sections: Record<string, string> }
  >;

  describe.each(resources)("of %s", (resource, fields) => {
    it("name every field and every section a field is laid out in", () => {
      for (const [name, field] of Object.entries(fields)) {
        const entry = labelEntry(resource, name);
        expect(data[entry.resource]?.fields[entry.key]?.trim(), `${resource}.${name}`).toBeTruthy();
        if (field.section) expect(data[entry.resource]?.sections[field.section]?.trim(), name).toBeTruthy();
      }
    });
  });

  describe.each(Object.keys(catalog))("entries of %s", (resource) => {
    const labels = data[resource] ?? { fields: {}, sections: {} };

    it("hold each text once, so that one field never reads two ways", () => {
      const texts = Object.values(labels.fields);
      expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
    });

    it("hold no entry that no field uses", () => {
      const used = new Set(
        resources.flatMap(([other, fields]) =>
          Object.keys(fields)
            .map((name) => labelEntry(other, name))
            .filter((entry) => entry.resource === resource)
            .map((entry) => entry.key),
        ),
      );
      expect(Object.keys(labels.fields).filter((key) => !used.has(key))).toEqual([]);
    });
  });
});

describe("the field sets", () => {
  it("all have their labels in the catalog: the 31 of the domain", () => {
    expect(resources).toHaveLength(31);
  });

  it("borrow only entries that exist, of other resources", () => {
    for (const [resource, fields] of resources) {
      for (const name of Object.keys(fields)) {
        const key = labelKey(fields, name);
        if (!key.includes(".")) continue;
        const entry = labelEntry(resource, name);
        expect(entry.resource, `${resource}.${name}`).not.toBe(resource);
        expect(Object.keys(ru), `${resource}.${name}`).toContain(entry.resource);
      }
    }
  });
});

describe("a field's label", () => {
  it("is its own, a shared one named with its section where no section heads it, or the field it names", () => {
    expect(fieldLabel(ru, "freight_order", "destination")).toBe("Пункт назначения");
    expect(fieldLabel(ru, "freight_order", "consignee_city")).toBe("Грузополучатель: Город");
    expect(fieldLabel(en, "freight_order", "order_contacts_phone")).toBe("Contacts: Phone");
    expect(fieldLabel(ru, "freight_order", "company_name")).toBe("Компания");
    expect(fieldLabel(ru, "freight_order", "unknown_field")).toBe("unknown_field");
  });

  it("is another resource's where the field shows that resource's value", () => {
    expect(labelOf("related_user", "username", "ru")).toBe(labelOf("user", "username", "ru"));
    expect(labelOf("company_manager", "last_name", "en")).toBe("Last name");
    expect(labelOf("directory_company", "streethouse", "ru")).toBe(
      labelOf("freight_order", "streethouse", "ru"),
    );
    expect(labelOf("order_container", "pkg_state", "en")).toBe(labelOf("container", "pkg_state", "en"));
    expect(labelOf("company_service", "railway_route_description", "ru")).toBe("Маршрут");
  });

  it("reads under its section's heading without the section's title", () => {
    expect(labelOf("freight_order", "consignee_city", "ru", { inSection: true })).toBe("Город");
    expect(labelOf("freight_order", "consignee_city", "en")).toBe("Consignee: City");
  });
});

describe("the other catalogs (the web's, the API's messages, print, PDF and mails)", () => {
  it("are all read: each holds texts in both languages", () => {
    const others = otherCatalogs();
    expect(others.length).toBeGreaterThanOrEqual(25);
    for (const language of LANGUAGES)
      expect(others.filter((one) => one.language === language).length).toBeGreaterThan(10);
  });

  it.each(LANGUAGES)(
    "hold no text of a field in %s: not under its name, not its catalog text",
    (language) => {
      expect(restatedLabels(otherCatalogs(), language)).toEqual([]);
    },
  );

  it("would be caught restating a field's label, under its name or in other words", () => {
    const companies = {
      name: "web companies",
      language: "ru" as const,
      texts: { people: { username: "Логин" } },
    };
    const mail = { name: "mail", language: "ru" as const, texts: { login_label: "Имя пользователя:" } };
    expect(restatedLabels([companies, mail], "ru")).toEqual([
      "web companies people.username: «Логин» names the field username",
      "mail login_label: «Имя пользователя:» is the label of user.username",
    ]);
  });
});
