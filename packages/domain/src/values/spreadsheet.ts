// What the portal writes into spreadsheets (an import template, an error report, every grid's CSV and XLSX export)
// must never be read as a formula by the program that opens it (CSV/formula injection).

/**
 * A text as a spreadsheet cell may hold it: one that a spreadsheet would run as a formula (starting with `=`, `+`,
 * `-`, `@`, a tab or a CR) gets a leading apostrophe, which spreadsheets show as text and never evaluate. A signed
 * number or a phone number (`+7 423 200-10-03`, `-2`: signs, digits, spaces, brackets, points and commas only) is
 * data that can call nothing, and keeps its look. Numbers are written as numbers, never through this.
 */
export function spreadsheetText(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-][\d\s().,-]*$/.test(text)) return text;
  return `'${text}`;
}

/** A cell's text as `spreadsheetText` wrote it, read back: the apostrophe it added is taken off. */
export function spreadsheetTextRead(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) && spreadsheetText(text.slice(1)) === text ? text.slice(1) : text;
}
