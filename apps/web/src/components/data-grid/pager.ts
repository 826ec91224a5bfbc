/**
 * The pager's words for the count a page came with. A list counts only so far when its conditions match text
 * by part (a search, a "contains" filter) or its scope is another table's: the server then answers
 * `count: skip + 1000, count_capped: true`, and the pager says "1–20 of more than 1,000" instead of a total it
 * does not know. Otherwise its words are the table's own.
 */
export function pagerWords<L extends { of: string }>(
  localization: L,
  isCountCapped: boolean,
  ofMoreThan: string,
): L {
  return isCountCapped ? { ...localization, of: ofMoreThan } : localization;
}
