/**
 * The IANA time zone the screens show times and days in: the browser's. Calls whose answer depends on a day (list
 * filters on timestamps, groups by day, an export's period, a print's times, a container's tracking days) send it,
 * so that "27 November" means the day the user sees; without it the API takes the forwarder's zone.
 */
export function readerTimeZone(): string | undefined {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/** The `tz` query parameter of a call whose answer depends on the reader's days, when the browser names its zone. */
export function readerZoneQuery(): { tz: string } | undefined {
  const zone = readerTimeZone();
  return zone ? { tz: zone } : undefined;
}
