import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const LOCALES = path.join(import.meta.dirname, "locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The keys of a catalog as `a.b.c`, plural forms counted as their base key (Russian has more of them). */
function keysOf(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return [prefix.replace(PLURAL_SUFFIX, "")];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function catalog(language: string, namespace: string): Set<string> {
  return new Set(keysOf(JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), "utf8"))));
}

// i18next runs without a fallback language (src/i18n/index.ts): a key missing in one language would show as
// the bare key, so both languages must have every key.
describe("message catalogs", () => {
  const namespaces = readdirSync(path.join(LOCALES, "ru")).map((file) => file.replace(/\.json$/, ""));

  it("have the same namespaces in both languages", () => {
    expect(readdirSync(path.join(LOCALES, "en")).sort()).toEqual(
      readdirSync(path.join(LOCALES, "ru")).sort(),
    );
  });

  it.each(namespaces)("%s: every English key is in Russian and the other way round", (namespace) => {
    const ru = catalog("ru", namespace);
    const en = catalog("en", namespace);
    const russianOnly = [...ru].filter((key) => !en.has(key));
    expect({
      missingInRussian: [...en].filter((key) => !ru.has(key)),
      missingInEnglish: russianOnly,
    }).toEqual({
      missingInRussian: [],
      missingInEnglish: [],
    });
  });
});
