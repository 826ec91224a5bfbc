import { describe, expect, it } from "vitest";
import type { Fields } from "../fields/define.ts";
import { labelKey, labelledResources } from "./catalog.ts";
import { en } from "./en.ts";
import { ru } from "./ru.ts";

const catalogs = { ru, en };

describe.each(Object.entries(catalogs))("the %s field labels", (_language, catalog) => {
  describe.each(Object.entries(labelledResources as Record<string, Fields>))("of %s", (resource, fields) => {
    const labels = catalog[resource as keyof typeof catalog] as {
      fields: Record<string, string>;
      sections: Record<string, string>;
    };

    it("name every field and every section a field is laid out in", () => {
      for (const [name, field] of Object.entries(fields)) {
        expect(labels.fields[labelKey(fields, name)]?.trim(), name).toBeTruthy();
        if (field.section) expect(labels.sections[field.section]?.trim(), name).toBeTruthy();
      }
    });

    it("hold each text once, so that one field never reads two ways", () => {
      const texts = Object.values(labels.fields);
      expect(texts.filter((text, index) => texts.indexOf(text) !== index)).toEqual([]);
    });

    it("hold no entry that no field uses", () => {
      const used = new Set(Object.keys(fields).map((name) => labelKey(fields, name)));
      expect(Object.keys(labels.fields).filter((key) => !used.has(key))).toEqual([]);
    });
  });
});
