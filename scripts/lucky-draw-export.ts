// `npm run ops -- export lucky-draw --region us [--campaign black-friday] [--local|--remote]
//  [--persist-to DIR] [--out FILE|-]`: one edition's lucky-draw entries as CSV.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS } from '../content/lucky-draw';
import { toCsv } from './csv';

const root = join(import.meta.dirname, '..');

/** The columns of the export, in order. */
export const COLUMNS = ['email', 'region', 'campaign', 'size', 'size_chosen', 'entered_at'] as const;

const Args = z.object({
  region: z.enum(LUCKY_DRAW_REGIONS),
  campaign: z.enum(LUCKY_DRAW_CAMPAIGNS).default('black-friday'),
});

const Rows = z.array(z.object({ results: z.array(z.record(z.string(), z.unknown())) }));

/**
 * Reads the entries of one edition's draw from D1 (local by default) and writes them as
 * formula-safe CSV, oldest first; `entered_at` is an ISO instant. Returns what it wrote.
 */
export function exportLuckyDraw(args: string[]): { file: string; count: number } {
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const parsed = Args.safeParse({ region: flag('region'), campaign: flag('campaign') });
  if (!parsed.success) {
    throw new Error(
      `usage: npm run ops -- export lucky-draw --region ${LUCKY_DRAW_REGIONS.join('|')} [--campaign ${LUCKY_DRAW_CAMPAIGNS.join('|')}] [--local|--remote] [--out FILE|-]`,
    );
  }
  const { region, campaign } = parsed.data;
  // Both values are from closed lists (checked above), so they can stand in the SQL.
  const sql = `SELECT email, region, campaign, size, size_chosen, created_at FROM lucky_draw_entries WHERE region = '${region}' AND campaign = '${campaign}' ORDER BY created_at, id`;
  const where = args.includes('--remote') ? ['--remote'] : ['--local', ...(flag('persist-to') ? ['--persist-to', flag('persist-to')!] : [])];
  const out = execFileSync(
    process.execPath,
    [join(root, 'node_modules/wrangler/bin/wrangler.js'), 'd1', 'execute', 'DB', '--json', '--command', sql, ...where],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const rows = Rows.parse(JSON.parse(out)).flatMap((r) => r.results);
  const csv = toCsv(
    COLUMNS,
    rows.map((row) => ({ ...row, entered_at: new Date(Number(row.created_at)).toISOString() })),
  );
  const file = flag('out') ?? `lucky-draw-${campaign}-${region}.csv`;
  if (file === '-') process.stdout.write(csv);
  else writeFileSync(file, csv);
  return { file, count: rows.length };
}
