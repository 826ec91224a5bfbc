// How the form kit's typed fields read and show values. Pure functions, tested alone.

const MONEY = /^-?\d+([.,]\d{0,2})?$/;

/**
 * Rubles as typed by a Russian or an English user: spaces (also the no-break space Russian formatting puts
 * between thousands) ignored, a comma or a point before the kopecks, at most two of them. Null when it is not
 * an amount; undefined for an empty field.
 */
export function parseMoney(text: string): number | null | undefined {
  const compact = text.replace(/[\s\u00a0\u202f₽]/g, "");
  if (compact === "") return undefined;
  if (!MONEY.test(compact)) return null;
  return Number(compact.replace(",", "."));
}

/** An amount in rubles in the user's language: `1 234 567,89 ₽` in Russian, `RUB 1,234,567.89` in English. */
export function formatMoney(value: number, language: string): string {
  const locale = language === "en" ? "en-GB" : "ru-RU";
  // One formatter a language: a grid formats every amount of every row on each render
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency: "RUB", minimumFractionDigits: 2 });
    moneyFormats.set(locale, format);
  }
  return format.format(value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount for editing: kopecks after a comma in Russian, a point in English, no thousands separators. */
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
