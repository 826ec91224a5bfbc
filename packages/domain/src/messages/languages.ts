/** The interface's languages: Russian by default, English the fallback. Apart from the catalogs, for the field lists. */
export const LANGUAGES = ["ru", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "ru";
