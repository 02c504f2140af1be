/**
 * CSV for ops exports (RFC 4180), safe to open in a spreadsheet: a cell a spreadsheet would
 * read as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 * apostrophe, so it shows as text and runs nothing (OWASP, "CSV injection").
 */

const FORMULA = /^[=+\-@\t\r]/;

/** One cell: neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header row, then the rows' cells in the header's order, CRLF line ends. */
export function csvRows(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A whole file from records: a header row of `columns`, then one row per record. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return csvRows(
    columns,
    rows.map((row) => columns.map((c) => row[c])),
  );
}
