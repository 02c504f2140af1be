import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Cells are neutralised by the one CSV writer (tests/node/csv.test.ts tables it).
describe('npm run ops -- export lucky-draw', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lucky-draw-export-'));
  // Each attempt starts from an empty database (the e2e config retries once).
  let state = '';
  const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' };
  const wrangler = (...args: string[]) =>
    execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', ...args, '--local', '--persist-to', state], {
      env,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  const ops = (...args: string[]) =>
    execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', ...args], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one edition’s entries, oldest first, with formulas neutralised', { timeout: 180_000 }, () => {
    state = mkdtempSync(join(dir, 'state-'));
    wrangler('d1', 'migrations', 'apply', 'DB');
    wrangler(
      'd1',
      'execute',
      'DB',
      '--command',
      [
        "INSERT INTO lucky_draw_entries (email, identity, region, campaign, size, size_chosen, created_at) VALUES ('second@example.com', 'second@example.com', 'us', 'black-friday', 'XXL', 'random', 1732600000000)",
        "INSERT INTO lucky_draw_entries (email, identity, region, campaign, size, size_chosen, created_at) VALUES ('=cmd|''/c calc''!A1@example.com', '=cmd|''/c calc''!a1@example.com', 'us', 'black-friday', 'XL', 'visitor', 1732500000000)",
        "INSERT INTO lucky_draw_entries (email, identity, region, campaign, size, size_chosen, created_at) VALUES ('londoner@example.co.uk', 'londoner@example.co.uk', 'uk', 'black-friday', 'L', 'visitor', 1732550000000)",
      ].join('; '),
    );
    const file = join(dir, 'us.csv');
    expect(ops('export', 'lucky-draw', '--region', 'us', '--persist-to', state, '--out', file)).toContain('2 lucky-draw entries');
    expect(readFileSync(file, 'utf8')).toBe(
      [
        '"email","region","campaign","size","size_chosen","entered_at"',
        `"'=cmd|'/c calc'!A1@example.com","us","black-friday","XL","visitor","2024-11-25T02:00:00.000Z"`,
        '"second@example.com","us","black-friday","XXL","random","2024-11-26T05:46:40.000Z"',
        '',
      ].join('\r\n'),
    );
  });

  it('refuses an edition without a draw, naming the choices', () => {
    let message = '';
    try {
      ops('export', 'lucky-draw', '--region', 'jp');
    } catch (error) {
      message = String((error as { stderr: string }).stderr);
    }
    expect(message).toContain('--region is one of us|uk|eu|fr|de');
  });
});
