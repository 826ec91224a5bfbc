/** The steps of a relative time: below each limit (in seconds) the time is told in its unit. */
const STEPS: [limit: number, unit: Intl.RelativeTimeFormatUnit, seconds: number][] = [
  [3600, "minute", 60],
  [86_400, "hour", 3600],
  [7 * 86_400, "day", 86_400],
];

/**
 * When something happened, as a person says it: "just now" under a minute (`justNow`), "5 minutes ago", "yesterday",
 * "3 days ago", and the date itself from a week on.
 */
export function relativeTime(iso: string, language: string, justNow: string, now = Date.now()): string {
  const at = Date.parse(iso);
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  for (const [limit, unit, size] of STEPS) {
    if (seconds < limit) return format.format(-Math.floor(seconds / size), unit);
  }
  return new Date(at).toLocaleDateString(language, { day: "numeric", month: "short", year: "numeric" });
}

/** The full date and time, for the title of a relative one. */
export function fullTime(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });
}
