import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { readItem, writeItem } from "../app/storage";

/** Languages of the interface; Russian is the default (spec 01 §1). */
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";
export const LOCALE_STORAGE_KEY = "locale";

/** Namespaces every screen uses (product title, buttons, error toasts); the others load with their routes. */
const SHARED_NAMESPACES = ["common", "errors"];

/**
 * The texts of every signed-in page but of no guest page (the header and its menus, the lookups, uploads and
 * save conflicts of the forms): they load with the signed-in layout, so the sign-in page does not load them.
 */
export const SIGNED_IN_NAMESPACES = ["signedIn"] as const;

// Every `locales/<lang>/<namespace>.json` is a namespace and its own small chunk: a page loads only the
// catalogs of its namespaces in the current language, and the other language loads when the user picks it.
const catalogs = import.meta.glob<ResourceKey>("./locales/*/*.json", { import: "default" });

/** The namespace of the resources' field labels: one catalog per language, shared with the API's print. */
export const FIELDS_NAMESPACE = "fields";
const fieldLabels: Record<string, () => Promise<ResourceKey>> = {
  ru: () => import("@portal/domain/labels/ru").then((module) => module.ru as unknown as ResourceKey),
  en: () => import("@portal/domain/labels/en").then((module) => module.en as unknown as ResourceKey),
};

const lazyCatalogs: BackendModule = {
  type: "backend",
  callbackApi: false,
  init() {},
  read(language: string, namespace: string) {
    const load =
      namespace === FIELDS_NAMESPACE
        ? fieldLabels[language]
        : catalogs[`./locales/${language}/${namespace}.json`];
    if (!load) return Promise.reject(new Error(`No catalog ${language}/${namespace}`));
    return load();
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

const stored = readItem(LOCALE_STORAGE_KEY);

/**
 * Resolves when the shared catalogs of the current language are loaded; main.tsx renders after it. No
 * fallback language: it would make every page load both languages' catalogs, and catalogs.test.ts checks
 * that both languages have every key.
 */
export const i18nReady = i18next
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: isLanguage(stored) ? stored : DEFAULT_LANGUAGE,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: SHARED_NAMESPACES,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  .then(() => {
    applyLanguage(i18next.language);
    i18next.on("languageChanged", (language) => {
      writeItem(LOCALE_STORAGE_KEY, language);
      applyLanguage(language);
    });
  });

function applyLanguage(language: string): void {
  if (typeof document !== "undefined") {
    document.documentElement.lang = language;
    document.title = i18next.t("common:productTitle");
  }
}

/**
 * Loads a page's namespaces in the current language; routes await it with their code, so that a page never
 * renders (or suspends) before its texts are there. A later language change loads them in the new language.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

/** The current interface language. */
export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the interface language (once its catalogs are loaded) and remembers it in localStorage `locale`. */
export function changeLanguage(language: Language): void {
  void i18next.changeLanguage(language);
}

export default i18next;
