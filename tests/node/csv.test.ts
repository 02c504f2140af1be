import { describe, expect, it } from 'vitest';
import { csvCell, csvRows } from '../../ops/csv';
import { live, spreadsheetCells } from '../spreadsheet';

// The one CSV writer of the ops exports (support forms, lucky-draw entries: docs/decisions/0014,
// 0030): no cell a spreadsheet opens becomes a live formula. The commands that use it are
// tested end to end in tests/commands/forms-export.test.ts and lucky-draw-export.test.ts.

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x.example","click")', `"'=HYPERLINK(""http://x.example"",'""click"")"`],
    ['+1 555 010 0199', `"'+1 555 010 0199"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tTAB', `"'\tTAB"`],
    ['\rCR', `"'\rCR"`],
    ['Ada Lovelace', '"Ada Lovelace"'],
    ['a, b', '"a, b"'],
    ['a; b', '"a; b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
    [undefined, '""'],
  ])('writes %j as %j, never as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves text that only contains a formula sign alone', () => {
    expect(csvCell('Robolux = fun')).toBe('"Robolux = fun"');
  });

  it('neutralises a formula after any separator inside a value too: a reader splitting on it sees no formula', () => {
    expect(csvCell('Arm stops.\n=1+1\r\n-2\rok')).toBe(`"Arm stops.\n'=1+1\r\n'-2\rok"`);
    expect(csvCell('=1+1;=2')).toBe(`"'=1+1;'=2"`);
    expect(csvCell('a,+b;c\t@d')).toBe(`"a,'+b;c\t'@d"`);
  });

  // Values that became live formulas in a spreadsheet splitting on `;` (docs/decisions/0030).
  const hostile = ['=1+1;=2', 'a;=1+1', 'x;+1;-1;@SUM(A1)', 'line\n=1+1', 'one\r\n;=2', '"quoted";=3', ';\t=4', 'plain, with; both'];

  it.each([',', ';'] as const)('a spreadsheet splitting on %j sees each value as one cell and never a live formula', (separator) => {
    const csv = csvRows(['name', 'note'], [...hostile.map((value) => [value, value]), ['=HYPERLINK("http://x.example")', 'ok']]);
    const records = spreadsheetCells(csv, separator);
    for (const cell of records.flat()) expect(cell, JSON.stringify(cell)).not.toSatisfy(live);
    if (separator === ',') {
      // Each value is one cell, as written but for the apostrophes; nothing split off.
      expect(records).toHaveLength(hostile.length + 2);
      expect(
        records
          .slice(1, 1 + hostile.length)
          .map((r) => r.map((c) => c.replace(/(^|[,;\t\r\n])([ \t\r\n]*)'(?=[=+\-@"])/g, '$1$2').replace(/^'(?=[\t\r])/, ''))),
      ).toEqual(hostile.map((v) => [v, v]));
    }
  });

  it('nothing after any separator starts a formula, for a reader that ignores quotes', () => {
    const csv = csvRows(
      ['a', 'b'],
      hostile.map((value) => [value, value]),
    );
    for (const piece of csv.split(/[,;\t\r\n]/)) expect(piece.replace(/^"/, ''), JSON.stringify(piece)).not.toSatisfy(live);
  });
});

describe('CSV rows', () => {
  it('writes a header and one CRLF-ended row per record', () => {
    expect(csvRows(['a', 'b'], [[1, '=x'], ['y,z']])).toBe(`"a","b"\r\n"1","'=x"\r\n"y,z"\r\n`);
  });
});
