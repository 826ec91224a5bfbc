import { en } from "./en.ts";
import { ru } from "./ru.ts";

export type { MessageKey } from "./en.ts";

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** The server's message catalogs, one per language; Russian is the default, English the fallback. */
export const messageCatalogs: Record<Language, Record<string, string>> = { ru, en };
