/** The pager's words for "of" beside a count the server did not count to its end. */
export interface PagerCountWords {
  /** A capped count: "1–20 of more than 1,000". */
  ofMoreThan: string;
  /** An estimated count: "1–20 of about 199,000". */
  ofAbout: string;
}

/**
 * The pager's words for the count a page came with. A list counts only so far when its conditions match text
 * by part (a search, a "contains" filter) or its scope is another table's: the server then answers
 * `count: skip + 1000, count_capped: true`, and the pager says "1–20 of more than 1,000". Past 10,000 rows of exact
 * conditions the count is the database's estimate (`count_estimated`): "1–20 of about 199,000". Otherwise the
 * words are the table's own.
 */
export function pagerWords<L extends { of: string }>(
  localization: L,
  count: { isCapped: boolean; isEstimated: boolean },
  words: PagerCountWords,
): L {
  if (count.isCapped) return { ...localization, of: words.ofMoreThan };
  if (count.isEstimated) return { ...localization, of: words.ofAbout };
  return localization;
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
