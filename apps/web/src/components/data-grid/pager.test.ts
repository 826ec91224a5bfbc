import { MRT_Localization_EN } from "material-react-table/locales/en";
import { MRT_Localization_RU } from "material-react-table/locales/ru";
import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/grid.json";
import ru from "../../i18n/locales/ru/grid.json";
import { lastPageIfPastTheEnd, pagerWords } from "./pager";

/** The pager's text as material-react-table writes it from its words: "1-20 of 1,000". */
const pagerText = (words: { of: string }, first: number, last: number, count: number, language: string) =>
  `${first.toLocaleString(language)}-${last.toLocaleString(language)} ${words.of} ${count.toLocaleString(language)}`;

const capped = { isCapped: true, isEstimated: false };
const estimated = { isCapped: false, isEstimated: true };
const exact = { isCapped: false, isEstimated: false };

describe("pagerWords", () => {
  it("says that more rows match than a capped count, in both languages", () => {
    expect(pagerText(pagerWords(MRT_Localization_EN, capped, en), 1, 20, 1000, "en")).toBe(
      "1-20 of more than 1,000",
    );
    expect(pagerText(pagerWords(MRT_Localization_RU, capped, ru), 21, 40, 1020, "ru")).toBe(
      `21-40 из более чем ${(1020).toLocaleString("ru")}`,
    );
  });

  it("says that an estimated count is about so many, in both languages", () => {
    expect(pagerText(pagerWords(MRT_Localization_EN, estimated, en), 1, 20, 199_000, "en")).toBe(
      "1-20 of about 199,000",
    );
    expect(pagerText(pagerWords(MRT_Localization_RU, estimated, ru), 1, 20, 28_800, "ru")).toBe(
      `1-20 из примерно ${(28_800).toLocaleString("ru")}`,
    );
  });

  it("keeps the table's own words for an exact count", () => {
    expect(pagerWords(MRT_Localization_EN, exact, en)).toBe(MRT_Localization_EN);
    expect(pagerText(pagerWords(MRT_Localization_EN, exact, en), 1, 20, 28818, "en")).toBe("1-20 of 28,818");
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
