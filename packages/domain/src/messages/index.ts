import { en } from "./en.ts";
import { ru } from "./ru.ts";

export type { MessageKey } from "./en.ts";
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";

/** The server's message catalogs, one per language; Russian is the default, English the fallback. */
export const messageCatalogs: Record<Language, Record<string, string>> = { ru, en };
