// How the form kit's typed fields read and show values. Pure functions, tested alone.

/** A number as each language writes it, once spaces are taken out: its thousands' separator and decimal mark. */
const NUMBER_IN = {
  // 1234,50 (a point too, as a number pasted from elsewhere has it: 1234.50)
  ru: /^-?\d+([.,]\d*)?$/,
  // 1,234.50 or 1234.50: a comma only between groups of three digits
  en: /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d*)?$/,
};

/**
 * A number (an amount, a weight) as a user of the interface's language types it: spaces (also the no-break and
 * narrow spaces formatting puts between thousands) and the ruble sign ignored; in Russian a comma (or a point)
 * before the fraction, `1 234,50`; in English commas between thousands and a point before the fraction,
 * `612,000.50`, where `1,5` is not a number. Any number of decimals: the field's check says how many it takes. Null
 * when it is not a number in the language; undefined for an empty text.
 */
export function parseNumber(text: string, language: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0\u202f₽]/g, "");
  if (compact === "") return undefined;
  const isEnglish = language === "en";
  if (!(isEnglish ? NUMBER_IN.en : NUMBER_IN.ru).test(compact)) return null;
  return Number(isEnglish ? compact.replaceAll(",", "") : compact.replace(",", "."));
}

/**
 * An amount in the user's language, in rubles unless `currency` (an ISO 4217 code) says otherwise: `1 234 567,89 ₽`
 * in Russian, `RUB 1,234,567.89` in English; `1 250,50 $` for dollars in Russian. An unknown code is shown as rubles
 * would be, with the code after the amount.
 */
export function formatMoney(value: number, language: string, currency = "RUB"): string {
  const locale = language === "en" ? "en-GB" : "ru-RU";
  // One formatter a language and currency: a grid formats every amount of every row on each render
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2 });
    } catch {
      return `${formatMoney(value, language)
        .replace(/[^\d\s\u00a0\u202f,.-]/g, "")
        .trim()} ${currency}`;
    }
    moneyFormats.set(key, format);
  }
  return format.format(value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount for editing, as `parseNumber` reads it back: kopecks after a comma in Russian, a point in English. */
export function editableMoney(value: number, language: string): string {
  const text = value.toFixed(2);
  return language === "en" ? text : text.replace(".", ",");
}

/** Typing a date as the spec writes it, `yyyy-MM-dd`: digits only, the dashes put in as the user types. */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, "").slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

/** Digits only, at most `max` of them (INN, OKPO, codes). */
export function maskDigits(text: string, max: number): string {
  return text.replace(/\D/g, "").slice(0, max);
}
