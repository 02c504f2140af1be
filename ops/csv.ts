// The one CSV writer of the ops exports: no Node API, so the worker's fuzzing gate runs it too.

// CSV (RFC 4180), safe to open in a spreadsheet of any locale (docs/decisions/0030): every
// field is quoted, so a spreadsheet splitting on `;` (German, French Excel) or `,` keeps a
// value in one cell, line breaks included. A formula character (= + - @, tab, CR) gets a
// leading apostrophe, so it shows as text and runs nothing (OWASP, "CSV injection"), at the
// start of the value and after every separator or line break inside it, blanks between
// them included: a reader that splits on them without minding quotes, or trims a cell,
// still finds no formula. A quote there gets one too: a reader that starts a cell with a
// quote reads it up to the next quote and on.
// Blanks are any Unicode space or invisible format character (NBSP, U+2002, U+3000, a zero-width
// space): a reader may trim them too. The operators include their full-width and small forms
// (＝ ＋ － ＠ ＂, ﹦ ﹢ ﹣ ﹫), which NFKC-normalising readers take for the ASCII ones.
const FORMULA = /(^|[,;\t\r\n])([\s\p{Zs}\p{Cf}]*)(?=[=+\-@"\uff1d\uff0b\uff0d\uff20\uff02\ufe66\ufe62\ufe63\ufe6b])/gu;
/** A tab or CR that starts a value (OWASP lists both as formula starts). */
const LEADING_CONTROL = /^(?=[\t\r])/;

/** One cell: neutralised, then quoted. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return `"${text.replace(FORMULA, "$1$2'").replace(LEADING_CONTROL, "'").replace(/"/g, '""')}"`;
}

/** A whole file: a header row, then the rows' cells in the header's order, every field quoted, CRLF line ends. */
export function csvRows(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
