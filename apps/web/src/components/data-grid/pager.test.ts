import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/grid.json";
import ru from "../../i18n/locales/ru/grid.json";
import { formatCount, lastPageIfPastTheEnd, pageRangeText } from "./pager";

const capped = { isCapped: true, isEstimated: false };
const estimated = { isCapped: false, isEstimated: true };
const exact = { isCapped: false, isEstimated: false };
const words = (catalog: typeof en) => ({ ...catalog, of: catalog.table.of });

describe("formatCount", () => {
  it("writes a count as Intl.NumberFormat does in each interface language", () => {
    for (const value of [0, 7, 999, 1000, 1020, 28_818, 199_000, 1_234_567, 2_147_483_647, -45_000]) {
      for (const language of ["ru", "en"]) {
        expect(formatCount(value, language)).toBe(new Intl.NumberFormat(language).format(value));
      }
    }
  });
});

describe("pageRangeText", () => {
  it("says that more rows match than a capped count, in both languages", () => {
    expect(pageRangeText({ pageIndex: 0, pageSize: 20, count: 1000 }, capped, words(en), "en")).toBe(
      "1–20 of more than 1,000",
    );
    expect(pageRangeText({ pageIndex: 1, pageSize: 20, count: 1020 }, capped, words(ru), "ru")).toBe(
      `21–40 из более чем ${(1020).toLocaleString("ru")}`,
    );
  });

  it("says that an estimated count is about so many, in both languages", () => {
    expect(pageRangeText({ pageIndex: 0, pageSize: 20, count: 199_000 }, estimated, words(en), "en")).toBe(
      "1–20 of about 199,000",
    );
    expect(pageRangeText({ pageIndex: 0, pageSize: 20, count: 28_800 }, estimated, words(ru), "ru")).toBe(
      `1–20 из примерно ${(28_800).toLocaleString("ru")}`,
    );
  });

  it("says an exact count as it is, the last page ending at the count, an empty list as none", () => {
    expect(pageRangeText({ pageIndex: 0, pageSize: 20, count: 28818 }, exact, words(en), "en")).toBe(
      "1–20 of 28,818",
    );
    expect(pageRangeText({ pageIndex: 2, pageSize: 20, count: 45 }, exact, words(en), "en")).toBe(
      "41–45 of 45",
    );
    expect(pageRangeText({ pageIndex: 0, pageSize: 20, count: 0 }, exact, words(en), "en")).toBe("0–0 of 0");
  });
});

describe("lastPageIfPastTheEnd", () => {
  const page = { pageSize: 20, rowsOnPage: 0, count: 10_005, isCountExact: true };
  it("goes back to the last page from an empty page past an exact count's end", () => {
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 550 })).toBe(500);
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 3, count: 40 })).toBe(1);
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 3, count: 0 })).toBe(0);
  });
  it("stays on a page with rows, on the first page, and while the count is not exact", () => {
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 550, rowsOnPage: 5 })).toBeNull();
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 0, count: 0 })).toBeNull();
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 550, isCountExact: false })).toBeNull();
    expect(lastPageIfPastTheEnd({ ...page, pageIndex: 500 })).toBeNull();
  });
});
