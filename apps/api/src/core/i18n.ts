import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  type Language,
  type MessageKey,
  messageCatalogs,
  type NotificationMessageKey,
  notificationMessages,
} from "@portal/domain";
import { type LabelledResource, labelOf } from "@portal/domain/labels";
import i18next, { type TFunction } from "i18next";

const i18n = i18next.createInstance();
await i18n.init({
  resources: Object.fromEntries(
    LANGUAGES.map((lng) => [lng, { translation: { ...messageCatalogs[lng], ...notificationMessages[lng] } }]),
  ),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: "en",
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A field named inside a sentence: by its label in the catalog of field labels, in the reader's language. */
export interface FieldName {
  label: { resource: LabelledResource; field: string };
}

/** A message not yet translated: a catalog key and its parameters (`count` selects the plural form). */
export interface Message {
  key: MessageKey | NotificationMessageKey;
  /** Values to interpolate; a Message value is translated first, a FieldName is the field's label. */
  params?: Record<string, string | number | Message | FieldName>;
}

export type Translate = (message: Message) => string;

/** Picks the response language from `Accept-Language` (first supported tag by quality), Russian by default. */
export function resolveLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { lang: tag.split("-")[0], q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const match = tags.find((entry) => (LANGUAGES as readonly string[]).includes(entry.lang ?? ""));
  return (match?.lang as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** A translator bound to one language. */
export function translator(lang: Language): Translate {
  const t: TFunction = i18n.getFixedT(lang);
  const translate: Translate = ({ key, params = {} }) =>
    t(
      key,
      Object.fromEntries(
        Object.entries(params).map(([name, value]) => [
          name,
          typeof value !== "object"
            ? value
            : "label" in value
              ? labelOf(value.label.resource, value.label.field, lang)
              : translate(value),
        ]),
      ),
    ) as string;
  return translate;
}

/**
 * A text kept in no language: a message stored as JSON (`JSON.stringify(message)`), in the reader's language; any
 * other text as it is (an export's failure, a notification's reason).
 */
export function storedText(stored: string, t: Translate): string {
  if (!stored.startsWith("{")) return stored;
  try {
    const message = JSON.parse(stored) as Message;
    return typeof message.key === "string" ? t(message) : stored;
  } catch {
    return stored;
  }
}
