import { LANGUAGES, type Language, messageCatalogs } from "../messages/index.ts";
import { notificationMessages } from "../notifications/messages.ts";
import { labelKey, labelledResources } from "./catalog.ts";
import { en } from "./en.ts";
import { ru } from "./ru.ts";

// For the catalog's test only (catalog.test.ts, run by Vitest, whose bundler reads the files below; never loaded by
// the apps): every other catalog of the repository, and the search for field labels restated in them.

declare global {
  interface ImportMeta {
    /** Vite's import of the modules a pattern matches, here at once (`eager`). */
    glob<T>(patterns: string | string[], options: { eager: true; import?: string }): Record<string, T>;
  }
}

/** A catalog other than the field labels': its texts as a tree, in one language. */
export interface OtherCatalog {
  name: string;
  language: Language;
  texts: unknown;
}

/** The web app's namespaces, by their file (`…/locales/ru/orderForm.json`). */
const WEB_CATALOGS = import.meta.glob<unknown>("../../../../apps/web/src/i18n/locales/*/*.json", {
  eager: true,
  import: "default",
});

/** The API's own words of its print and PDF, each module exporting them by language. */
const API_WORDS = import.meta.glob<Record<string, Record<Language, unknown>>>(
  [
    "../../../../apps/api/src/documents/order-print-labels.ts",
    "../../../../apps/api/src/documents/transit-declaration-labels.ts",
  ],
  { eager: true },
);

/**
 * Every catalog of texts but the field labels': the web app's namespaces, the API's messages, the notifications'
 * texts (the bell and the mails), the order print's and the transit declaration PDF's words.
 */
export function otherCatalogs(): OtherCatalog[] {
  const catalogs: OtherCatalog[] = [];
  for (const [file, texts] of Object.entries(WEB_CATALOGS)) {
    const [, language = "", namespace = ""] = /\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (LANGUAGES.includes(language as Language)) {
      catalogs.push({ name: `web ${namespace}`, language: language as Language, texts });
    }
  }
  for (const [file, module] of Object.entries(API_WORDS)) {
    const name = file.slice(file.lastIndexOf("/") + 1).replace(/-labels\.ts$/, "");
    // The words by language, not the functions that put values in them
    for (const words of Object.values(module).filter((value) => typeof value === "object")) {
      for (const language of LANGUAGES) catalogs.push({ name, language, texts: words[language] });
    }
  }
  for (const language of LANGUAGES) {
    catalogs.push({ name: "API messages", language, texts: messageCatalogs[language] });
    catalogs.push({ name: "notifications", language, texts: notificationMessages[language] });
  }
  return catalogs;
}

/** Each text of a tree with its dotted path. */
function leaves(node: unknown, prefix = ""): [string, string][] {
  if (typeof node === "string") return [[prefix, node]];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/** A text as compared: its words, without a value put in (`{{name}}`), case or a closing colon. */
function normalized(text: string): string {
  return text
    .replace(/\{\{\w+\}\}/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/:$/, "")
    .trim()
    .toLocaleLowerCase();
}

/** The names of every field set's fields and own label keys. */
const FIELD_NAMES = new Set(
  Object.values(labelledResources).flatMap((fields) =>
    Object.keys(fields)
      .flatMap((name) => [name, labelKey(fields, name)])
      .filter((key) => !key.includes(".")),
  ),
);

/**
 * Field names that are also the ordinary keys of headings, dialogs and steps in the other catalogs (`title`, `id`,
 * `state`…): under these keys a text is taken for a field's label only when its words are a label's.
 */
const STRUCTURE_KEYS = new Set([
  "title",
  "id",
  "name",
  "version",
  "state",
  "company",
  "field",
  "done",
  "progress",
]);

/**
 * Texts of other catalogs whose key is a field's name or whose words are a label's, though they are no field's
 * label, each with why.
 */
const NOT_LABELS: Record<string, string> = {
  "web common version": "the portal's version in the header, no row's",
  "web orderForm sections.documents": "the heading of the order's documents grid",
  "web orderForm suggestions.freight_description": "the title of the suggestion picker of that field",
  "web orderForm suggestions.notes": "the title of the suggestion picker of that field",
  "web orderForm directory.title.consignor": "the title of the directory dialog for that party",
  "web orderForm directory.title.consignee": "the title of the directory dialog for that party",
  "web dictionaries transport.title": "the heading of the transport kinds' grid",
  "web dictionaries shipment.title": "the heading of the shipment kinds' grid",
  "web dashboard debtor": "the message a debtor company's users read",
  "web dashboard tiles.transport.title": "the tile of the transport kinds' page",
  "web signedIn menu.transport": "the menu entry of the transport kinds' page",
  "web track order": "the public tracking page's heading: its small entry carries no field catalog",
  "web track status": "the public tracking page's own word: its small entry carries no field catalog",
  "web track via": "the public tracking page's own word: its small entry carries no field catalog",
  "web track language": "the public tracking page's language switch, no field's",
  "web profile security.lastUsed": "a passkey's and a session's last use: they have no field set",
  "web orderForm trackingLinks.expiresAt": "a tracking link's expiry: links have no field set",
};

/** Whether a text reads as a label: a few words, not a sentence. */
function isLabelLike(text: string): boolean {
  return text.split(/\s+/).length <= 6 && !/[.!?]$/.test(text.trim());
}

/**
 * The texts of other catalogs that label a field, unless NOT_LABELS names them: kept under a field's name
 * (`people.username: "Логин"`), or in a field's label's words, in that language: a label of two words or more
 * ("Имя пользователя:"), or any label before a value put in ("ИНН: {{inn}}"). A label of one word is also the
 * ordinary word of headings and menus ("Компания", "Контейнеры"), so its words alone are not taken for it. Empty
 * when every field is labelled by the catalog alone.
 */
export function restatedLabels(catalogs: OtherCatalog[], language: Language): string[] {
  const labels = new Map<string, string>();
  for (const [resource, entries] of Object.entries(language === "en" ? en : ru)) {
    for (const [key, text] of Object.entries(entries.fields as Record<string, string>)) {
      labels.set(normalized(text), `${resource}.${key}`);
    }
  }
  const labelOfText = (text: string): string | undefined => {
    const before = /^([^{}:]+):\s*\{\{\w+\}\}/.exec(text.trim())?.[1];
    if (before !== undefined) return labels.get(normalized(before));
    const words = normalized(text);
    return words.includes(" ") ? labels.get(words) : undefined;
  };
  const found: string[] = [];
  for (const catalog of catalogs.filter((one) => one.language === language)) {
    for (const [where, text] of leaves(catalog.texts)) {
      if (Object.hasOwn(NOT_LABELS, `${catalog.name} ${where}`)) continue;
      const key = where.slice(where.lastIndexOf(".") + 1);
      if (FIELD_NAMES.has(key) && !STRUCTURE_KEYS.has(key) && isLabelLike(text)) {
        found.push(`${catalog.name} ${where}: «${text}» names the field ${key}`);
      }
      const label = labelOfText(text);
      if (label) found.push(`${catalog.name} ${where}: «${text}» is the label of ${label}`);
    }
  }
  return found;
}
