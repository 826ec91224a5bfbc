// Rules for values the database must be able to hold, shared by the API's schemas, its list filters and the forms.
// Plain functions and constants: no zod here, so that a screen needing only these does not load it.

/** The range of a PostgreSQL `integer` (ids, versions, counts): a value beyond it is refused, never sent. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date as `yyyy-MM-dd` that exists (no 30 February) and that PostgreSQL can hold: years 1 to 9999
 * (year 0 does not exist in the Gregorian calendar PostgreSQL uses).
 */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/**
 * An IANA time zone that this engine's Intl knows (`Europe/Moscow`, `UTC`, `Asia/Shanghai`), written as a name
 * (not an offset such as `+03:00`): a browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`.
 * `Intl.supportedValuesOf("timeZone")` lists canonical names only (not `UTC`, nor an older alias a browser may
 * still answer), so the zone is tried instead.
 */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !TIME_ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The forwarder's time zone: the days of a request that names no zone of its reader (an API client's list filter,
 * a print or a tracking opened outside the web app) are this zone's days.
 */
export const FORWARDER_TIME_ZONE = "Europe/Moscow";

/** The instant (milliseconds) of a `yyyy-MM-dd` day's midnight in UTC, for years 1 to 99 as well. */
function utcMidnight(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const moment = new Date(Date.UTC(2000, month - 1, date));
  moment.setUTCFullYear(year);
  return moment.getTime();
}

const zoneClocks = new Map<string, Intl.DateTimeFormat>();

/** What a time zone's clock reads at an instant, as the instant UTC's clock reads the same (milliseconds). */
function clockIn(instant: number, timeZone: string): number {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    zoneClocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(instant).map((part) => [part.type, part.value]));
  const year = parts.era === "BC" ? 1 - Number(parts.year) : Number(parts.year);
  const moment = new Date(Date.UTC(2000, Number(parts.month) - 1, Number(parts.day)));
  moment.setUTCFullYear(year);
  return (
    moment.getTime() + ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000
  );
}

/** The `yyyy-MM-dd` day of an instant in UTC (a year past 9999 with its five digits). */
function utcDay(instant: number): string {
  const moment = new Date(instant);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${String(moment.getUTCFullYear()).padStart(4, "0")}-${pad(moment.getUTCMonth() + 1)}-${pad(moment.getUTCDate())}`;
}

/** The `yyyy-MM-dd` day a time zone's clock shows at an instant (milliseconds; default now). */
export function dayIn(timeZone: string, instant: number = Date.now()): string {
  return utcDay(clockIn(instant, timeZone));
}

/**
 * The instant a day (`yyyy-MM-dd`, valid: `isIsoDate`) begins in a time zone (a valid IANA name: `isTimeZone`), in
 * milliseconds: its midnight, or its first moment where the clocks skip midnight (they go from 23:59 to 01:00 on
 * some zones' summer-time days). A list filter's day is the reader's day from this instant to the next day's.
 */
export function startOfDayIn(day: string, timeZone: string): number {
  const midnight = utcMidnight(day);
  const first = midnight - (clockIn(midnight, timeZone) - midnight);
  const second = midnight - (clockIn(first, timeZone) - first);
  // Midnight by the offset of the day before and by the offset at that guess: the same but where the clocks change
  // near midnight. The earlier that falls in the day; neither where the clocks skip midnight, when the day starts at
  // the change, the first guess.
  const inTheDay = [first, second].filter((instant) => dayIn(timeZone, instant) === day);
  return inTheDay.length > 0 ? Math.min(...inTheDay) : first;
}

/** The day after a `yyyy-MM-dd` day (after 9999-12-31: 10000-01-01, which `startOfDayIn` takes too). */
export function nextDay(day: string): string {
  return utcDay(utcMidnight(day) + 86_400_000);
}

/** A path id: plain decimal digits of a positive integer column (`0x7`, `7.0`, `1e3` are not ids). */
export function parseId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= INT4_MAX ? id : null;
}

/** Whether a text holds a NUL character, which PostgreSQL cannot store in text. */
export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * The characters that end a line: LF, VT, FF, CR, NEL (U+0085), the line and paragraph separators (U+2028, U+2029).
 * Mail headers, file names and one-line inputs break on any of them.
 */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
/** Line breaks with the spaces around them. */
const LINE_BREAKS_SPACED = /\s*[\n\v\f\r\u0085\u2028\u2029][\s\u0085]*/g;

/** Whether a text holds a line break of any kind (`LINE_BREAK`): what a one-line field refuses. */
export function hasLineBreak(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** A text on one line: each run of line breaks, with the spaces around it, as one space. */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKS_SPACED, " ");
}

/**
 * Spaces and invisible characters at a text's ends: Unicode `White_Space` and the format characters (`Cf`: zero-width
 * space and joiners, the word joiner, the byte order mark, direction marks). A text of these alone is blank.
 */
const EDGE_BLANKS = /^[\p{White_Space}\p{Cf}]+|[\p{White_Space}\p{Cf}]+$/gu;

/** A text without the spaces and invisible characters at its ends: what every text field stores and checks. */
export function trimText(value: string): string {
  return value.replace(EDGE_BLANKS, "");
}

/** Whether a text is empty once trimmed (`trimText`): a "required" field it does not fill. */
export function isBlank(value: string | null | undefined): boolean {
  return trimText(value ?? "") === "";
}
