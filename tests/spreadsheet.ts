// How spreadsheets read the ops exports' CSV (tests/commands/forms-export.test.ts, the fuzzing gate).

/**
 * How a spreadsheet reads a CSV file: records and cells split on `separator` outside quotes,
 * `""` inside quotes is one quote, and text after a closing quote joins the cell (as Excel and
 * LibreOffice do). German and French Excel split on `;`, the others on `,`.
 */
export function spreadsheetCells(csv: string, separator: ',' | ';'): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(cells);
    cells = [];
  };
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) endCell();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && csv[i + 1] === '\n') i++;
      endRecord();
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Whether a spreadsheet would take a cell's text as a formula: it starts with one, or does once trimmed. */
export const live = (cell: string) => /^\s*[=+\-@]/.test(cell);
