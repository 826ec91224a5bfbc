import i18next, { type Resource, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { readItem, writeItem } from "../app/storage";

/** Languages of the interface; Russian is the default, English the fallback (spec 01 §1). */
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";
export const LOCALE_STORAGE_KEY = "locale";

// Every `locales/<lang>/<namespace>.json` is a namespace: a module adds its catalog file and needs no code here.
const catalogs = import.meta.glob<ResourceKey>("./locales/*/*.json", { eager: true, import: "default" });

const resources: Resource = {};
const namespaces = new Set<string>();
for (const [file, catalog] of Object.entries(catalogs)) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match?.[1] || !match[2]) continue;
  const [, language, namespace] = match;
  resources[language] ??= {};
  resources[language][namespace] = catalog;
  namespaces.add(namespace);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const stored = readItem(LOCALE_STORAGE_KEY);

void i18next.use(initReactI18next).init({
  resources,
  lng: isLanguage(stored) ? stored : DEFAULT_LANGUAGE,
  fallbackLng: "en",
  supportedLngs: [...LANGUAGES],
  ns: [...namespaces],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

function applyLanguage(language: string): void {
  if (typeof document !== "undefined") {
    document.documentElement.lang = language;
    document.title = i18next.t("common:productTitle");
  }
}

applyLanguage(i18next.language);
i18next.on("languageChanged", (language) => {
  writeItem(LOCALE_STORAGE_KEY, language);
  applyLanguage(language);
});

/** The current interface language. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it in localStorage `locale`. */
export function changeLanguage(language: Language): void {
  void i18next.changeLanguage(language);
}

export default i18next;
