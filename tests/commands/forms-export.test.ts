import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORM_DATABASES } from '../../ops/export';

// `npm run ops -- export forms`: the support team's CSV (docs/decisions/0014); its cells' rules
// are tabled in tests/node/csv.test.ts.

describe('ops export forms', () => {
  const states: string[] = [];
  afterAll(() => states.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  // Fresh local databases for each attempt (the runner retries a failed test once).
  let state = '';
  const wrangler = (...args: string[]) =>
    execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args, '--local', '--persist-to', state], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const ops = (...args: string[]) =>
    execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const row = (ref: string, kind: string, region: string, fields: object, at: string, attachments = '[]') =>
    `('${ref}', '${kind}', '${region}', 'x@example.com', '${JSON.stringify(fields).replaceAll("'", "''")}', '${attachments}', '${ref}', ${Date.parse(at)})`;

  // Eight runs of wrangler, each a few seconds, more on a busy machine.
  it('writes the RMAs since a day as CSV, oldest first, formulas neutralised', { timeout: 300_000 }, () => {
    state = mkdtempSync(join(tmpdir(), 'forms-export-'));
    states.push(state);
    for (const db of FORM_DATABASES) wrangler('d1', 'migrations', 'apply', db);
    const insert = 'INSERT INTO form_submissions (reference, kind, region, email, fields, attachments, fingerprint, created_at) VALUES ';
    const rma = {
      name: '=HYPERLINK("http://evil.example","Refund")',
      email: 'x@example.com',
      product: 'flagshipBumblebee',
      serial: 'FB-1',
      orderNumber: 'DE-1',
    };
    wrangler(
      'd1',
      'execute',
      'ACCOUNTS_EU',
      '--command',
      insert +
        [
          row(
            'RMA-BBBBBBBB',
            'rma',
            'de',
            { ...rma, description: 'Arm stops, then "clicks"\nevery time.' },
            '2026-03-02T10:00:00Z',
            '[{"key":"forms/RMA-BBBBBBBB/1","type":"image/jpeg","size":16}]',
          ),
          row('RMA-AAAAAAAA', 'rma', 'fr', { ...rma, name: 'Marie Curie', reason: 'defective' }, '2026-01-05T08:00:00Z'),
          row('RMA-OLDOLDOL', 'rma', 'uk', { ...rma, name: 'Too Early' }, '2025-12-31T23:59:59Z'),
        ].join(', '),
    );
    wrangler(
      'd1',
      'execute',
      'ACCOUNTS_US',
      '--command',
      insert + row('REG-CCCCCCCC', 'product-registration', 'us', { name: 'Not An RMA' }, '2026-02-01T00:00:00Z'),
    );

    const csv = ops('export', 'forms', '--kind', 'rma', '--since', '2026-01-01', '--persist-to', state);
    const lines = csv.split('\r\n');
    const quoted = (...cells: string[]) => cells.map((cell) => `"${cell}"`).join(',');
    expect(lines[0]).toBe(
      quoted(
        'reference',
        'form',
        'edition',
        'submitted_at',
        'name',
        'email',
        'phone',
        'product',
        'serial',
        'orderNumber',
        'purchaseDate',
        'store',
        'reason',
        'description',
        'attachments',
      ),
    );
    expect(lines[1]).toBe(
      quoted(
        'RMA-AAAAAAAA',
        'rma',
        'fr',
        '2026-01-05T08:00:00.000Z',
        'Marie Curie',
        'x@example.com',
        '',
        'flagshipBumblebee',
        'FB-1',
        'DE-1',
        '',
        '',
        'defective',
        '',
        '',
      ),
    );
    // A line break inside a quoted cell is part of the cell, not a new record.
    expect(lines[2]).toBe(
      quoted(
        'RMA-BBBBBBBB',
        'rma',
        'de',
        '2026-03-02T10:00:00.000Z',
        `'=HYPERLINK(""http://evil.example"",'""Refund"")`,
        'x@example.com',
        '',
        'flagshipBumblebee',
        'FB-1',
        'DE-1',
        '',
        '',
        '',
        'Arm stops, then ""clicks""\nevery time.',
        'forms/RMA-BBBBBBBB/1 (image/jpeg, 16 B)',
      ),
    );
    expect(lines).toHaveLength(4);
    expect(csv).not.toContain('Too Early');
    expect(csv).not.toContain('REG-CCCCCCCC');
  });

  it('refuses an unknown form or a malformed day, saying which', () => {
    const refusal = (...args: string[]) => {
      try {
        ops('export', 'forms', ...args);
      } catch (error) {
        return String((error as { stderr: string }).stderr);
      }
      return '';
    };
    expect(refusal('--kind', 'refunds', '--since', '2026-01-01')).toContain('--kind');
    expect(refusal('--since', 'last week')).toContain('--since');
  });
});
