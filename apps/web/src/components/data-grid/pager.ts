/** The pager's words for "of" beside a count the server did not count to its end. */
export interface PagerCountWords {
  /** A capped count: "1–20 of more than 1,000". */
  ofMoreThan: string;
  /** An estimated count: "1–20 of about 199,000". */
  ofAbout: string;
}

/**
 * The pager's "1–20 of 340" for the page shown. A list counts only so far when its conditions match text by part (a
 * search, a "contains" filter) or its scope is another table's: the server then answers `count: skip + 1000,
 * count_capped: true`, and the pager says "1–20 of more than 1,000". Past 10,000 rows of exact conditions the count is
 * the database's estimate (`count_estimated`): "1–20 of about 199,000".
 */
export function pageRangeText(
  page: { pageIndex: number; pageSize: number; count: number },
  count: { isCapped: boolean; isEstimated: boolean },
  words: PagerCountWords & { of: string },
  language: string,
): string {
  const number = (value: number) => formatCount(value, language);
  const first = page.count === 0 ? 0 : page.pageIndex * page.pageSize + 1;
  const last = Math.min(page.count, (page.pageIndex + 1) * page.pageSize);
  const of = count.isCapped ? words.ofMoreThan : count.isEstimated ? words.ofAbout : words.of;
  return `${number(first)}–${number(last)} ${of} ${number(page.count)}`;
}

/** Digits in groups of three, as `Intl.NumberFormat` writes them in each interface language. */
const GROUP_SEPARATORS: Readonly<Record<string, string>> = { ru: "\u00a0", en: "," };

/**
 * A count of rows as the interface language writes it: "28 818" (a no-break space) in Russian, "28,818" in English.
 * Not `toLocaleString`: the first use of `Intl`'s number or date formats on a page loads its locale data, 22 ms in a
 * cold page of Chromium, which a grid page would pay for its pager alone (bench/README.md).
 */
export function formatCount(value: number, language: string): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+$)/g, GROUP_SEPARATORS[language] ?? ",");
}

/**
 * The last page, when the page shown is past the list's end: the pager's "last page" of an estimated count above
 * the real one (the server then counts exactly), or rows removed meanwhile. Null while the page has rows, is the
 * first, or its count is not exact.
 */
export function lastPageIfPastTheEnd(page: {
  pageIndex: number;
  pageSize: number;
  rowsOnPage: number;
  count: number;
  isCountExact: boolean;
}): number | null {
  if (page.rowsOnPage > 0 || page.pageIndex === 0 || !page.isCountExact) return null;
  const last = Math.max(0, Math.ceil(page.count / page.pageSize) - 1);
  return last < page.pageIndex ? last : null;
}
