import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("relativeTime", () => {
  it("tells a time by its largest whole unit up to a week, in the language", () => {
    expect(relativeTime(ago(30), "en", "just now", NOW)).toBe("just now");
    expect(relativeTime(ago(5 * 60 + 20), "en", "just now", NOW)).toBe("5 minutes ago");
    expect(relativeTime(ago(3 * 3600), "en", "just now", NOW)).toBe("3 hours ago");
    expect(relativeTime(ago(86_400 + 60), "en", "just now", NOW)).toBe("yesterday");
    expect(relativeTime(ago(5 * 60), "ru", "только что", NOW)).toBe("5 минут назад");
    expect(relativeTime(ago(2 * 86_400), "ru", "только что", NOW)).toBe("позавчера");
  });

  it("tells the date from a week on, and a time a little ahead of the clock as just now", () => {
    expect(relativeTime(ago(8 * 86_400), "en", "just now", NOW)).toBe("Mar 2, 2026");
    expect(relativeTime(ago(-5), "en", "just now", NOW)).toBe("just now");
  });
});
