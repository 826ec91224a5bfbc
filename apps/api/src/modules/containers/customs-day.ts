/**
 * The day it is in the server's time zone (yyyy-MM-dd): the day a customs event happened and a declaration was
 * issued, as the people at the border count days, not UTC's (a night in Zabaikalsk is the previous day in UTC).
 */
export function serverDay(at: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
