import { describe, expect, it } from "vitest";
import { issueMessage } from "../fields/issues.ts";
import { fieldInputSchema } from "../fields/schemas.ts";
import { rowId, timeZone } from "./schemas.ts";
import {
  hasNul,
  INT4_MAX,
  isBlank,
  isIsoDate,
  isTimeZone,
  nextDay,
  parseId,
  startOfDayIn,
  trimText,
} from "./values.ts";

describe("isIsoDate", () => {
  it.each([
    ["2025-02-28", true],
    ["2024-02-29", true],
    ["0001-01-01", true],
    ["9999-12-31", true],
    ["2025-02-29", false],
    ["2025-02-30", false],
    ["2025-04-31", false],
    ["2025-13-01", false],
    ["2025-00-10", false],
    ["2025-01-00", false],
    ["0000-06-15", false],
    ["1900-02-29", false],
    ["2000-02-29", true],
    ["25-01-01", false],
    ["2025-1-1", false],
    ["2025-01-01T00:00:00Z", false],
    ["", false],
  ])("%s → %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe("isTimeZone", () => {
  it.each([
    ["Europe/Moscow", true],
    ["UTC", true],
    ["Etc/UTC", true],
    ["America/Argentina/Buenos_Aires", true],
    ["Etc/GMT-3", true],
    ["europe/moscow", true],
    ["Mars/Olympus_Mons", false],
    ["+03:00", false],
    ["", false],
    ["Europe/Moscow\n", false],
    [`Europe/${"A".repeat(70)}`, false],
  ])("%s → %s", (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });

  it("is answered as Intl names it", () => {
    expect(timeZone().parse("europe/moscow")).toBe("Europe/Moscow");
    expect(timeZone().safeParse("Mars/Olympus_Mons").error?.issues[0]?.message).toBe("invalid_time_zone");
  });
});

describe("parseId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    [String(INT4_MAX), INT4_MAX],
    [String(INT4_MAX + 1), null],
    ["99999999999", null],
    ["0", null],
    ["-1", null],
    ["007", null],
    ["0x7", null],
    ["7.0", null],
    ["1e3", null],
    [" 7", null],
    ["7 ", null],
    ["", null],
    ["٣", null],
  ])("%s → %s", (value, expected) => {
    expect(parseId(value)).toBe(expected);
  });
});

describe("hasNul", () => {
  it("finds a NUL anywhere in the text", () => {
    expect(hasNul("a\u0000b")).toBe(true);
    expect(hasNul("\u0000")).toBe(true);
    expect(hasNul("a0b")).toBe(false);
  });
});

describe("rowId", () => {
  it("names the smallest id a body may send, 1, when it gets 0", () => {
    const result = rowId().safeParse(0);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(issueMessage)).toEqual([{ key: "min_value", params: { limit: 1 } }]);
    expect(rowId().safeParse(1).success).toBe(true);
  });
});

describe("trimText and isBlank", () => {
  it.each([
    ["  a b  ", "a b"],
    ["\u200ba\u200b", "a"],
    ["\u2060\ufeff a \u00a0", "a"],
    ["\u202eabc\u202c", "abc"],
    ["\u3000\u2028a\u2029", "a"],
    // Inside the text, nothing is touched
    ["a\u200bb", "a\u200bb"],
  ])("%j → %j", (value, expected) => {
    expect(trimText(value)).toBe(expected);
  });

  it.each(["", " ", "\u200b", "\u2060", "\ufeff", "\u200b \u200e\t\n", null, undefined])(
    "%j is blank",
    (value) => {
      expect(isBlank(value)).toBe(true);
    },
  );

  it("a text field's schema refuses invisible characters alone where it is required, and stores it trimmed", () => {
    const required = fieldInputSchema({ kind: "text", max: 10 }, true);
    const result = required.safeParse("\u200b\ufeff");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(issueMessage)).toEqual([{ key: "required" }]);
    expect(required.parse("\u2060 word \u200b")).toBe("word");
  });
});

describe("startOfDayIn", () => {
  const start = (day: string, zone: string) => new Date(startOfDayIn(day, zone)).toISOString();

  it.each([
    ["2026-11-27", "America/New_York", "2026-11-27T05:00:00.000Z"],
    ["2026-07-01", "America/New_York", "2026-07-01T04:00:00.000Z"],
    ["2026-11-27", "Asia/Vladivostok", "2026-11-26T14:00:00.000Z"],
    ["2026-11-27", "Europe/Moscow", "2026-11-26T21:00:00.000Z"],
    ["2026-11-27", "UTC", "2026-11-27T00:00:00.000Z"],
    ["2026-03-29", "Europe/Berlin", "2026-03-28T23:00:00.000Z"],
    ["2026-03-30", "Europe/Berlin", "2026-03-29T22:00:00.000Z"],
    ["2026-10-25", "Europe/Berlin", "2026-10-24T22:00:00.000Z"],
    ["2026-10-26", "Europe/Berlin", "2026-10-25T23:00:00.000Z"],
    // The clocks skip midnight: 23:59 at UTC-4, then 01:00 at UTC-3
    ["2026-09-06", "America/Santiago", "2026-09-06T04:00:00.000Z"],
    // The clocks go back at midnight: 23:00-23:59 of the day before happen twice; the day starts at UTC-4's midnight
    ["2026-04-05", "America/Santiago", "2026-04-05T04:00:00.000Z"],
    ["2026-11-27", "Asia/Kolkata", "2026-11-26T18:30:00.000Z"],
  ])("%s in %s starts at %s", (day, zone, expected) => {
    expect(start(day, zone)).toBe(expected);
  });

  it("starts each day of a year one day after the one before, in zones with and without summer time", () => {
    for (const zone of ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Vladivostok"]) {
      let day = "2026-01-01";
      for (let index = 0; index < 366; index += 1) {
        const length = startOfDayIn(nextDay(day), zone) - startOfDayIn(day, zone);
        // 23, 23.5, 24, 24.5 or 25 hours (Lord Howe moves its clocks by half an hour)
        expect([23, 23.5, 24, 24.5, 25]).toContain(length / 3_600_000);
        day = nextDay(day);
      }
    }
  });

  it("takes the first and the last day PostgreSQL holds", () => {
    expect(start("0001-01-01", "UTC")).toBe("0001-01-01T00:00:00.000Z");
    expect(start("9999-12-31", "UTC")).toBe("9999-12-31T00:00:00.000Z");
    expect(new Date(startOfDayIn(nextDay("9999-12-31"), "Asia/Vladivostok")).toISOString()).toBe(
      "9999-12-31T14:00:00.000Z",
    );
  });
});

describe("nextDay", () => {
  it.each([
    ["2026-11-27", "2026-11-28"],
    ["2026-12-31", "2027-01-01"],
    ["2028-02-28", "2028-02-29"],
    ["0001-01-01", "0001-01-02"],
    ["9999-12-31", "10000-01-01"],
  ])("after %s comes %s", (day, expected) => {
    expect(nextDay(day)).toBe(expected);
  });
});
