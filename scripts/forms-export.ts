// The support team's CSV of support-form submissions (`npm run ops -- export forms …`):
// rows from `form_submissions` in each API group's database, one column per field.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { z } from 'zod';
import { FIELD_NAMES, FORM_KINDS, FORM_LAYOUT, type FieldName, type FormKind } from '../content/forms';
import { csvRows } from './csv';

/** The databases that hold submissions, by binding (wrangler.toml): one per API group. */
export const FORM_DATABASES = ['ACCOUNTS_US', 'ACCOUNTS_EU', 'ACCOUNTS_CN'] as const;

/** What to export. */
export const ExportOptions = z.object({
  /** One form, or all four. */
  kind: z.enum(FORM_KINDS).optional(),
  /** First day (UTC) of submissions to include. */
  since: z.iso.date(),
  /** Which databases: local (`npm start`'s state, or `persistTo`) or the deployed ones. */
  remote: z.boolean().default(false),
  /** Local state directory, as `wrangler dev --persist-to` used. */
  persistTo: z.string().optional(),
});
export type ExportOptions = z.input<typeof ExportOptions>;

/** A stored submission as the database holds it. */
export interface Row {
  reference: string;
  kind: string;
  region: string;
  email: string;
  fields: string;
  attachments: string;
  created_at: number;
}

/** The field columns of the forms exported, in the forms' order. */
function fieldColumns(kinds: readonly FormKind[]): FieldName[] {
  const used = new Set(kinds.flatMap((k) => FORM_LAYOUT[k].flatMap((g) => g.fields)));
  return FIELD_NAMES.filter((f) => f !== 'attachments' && used.has(f));
}

/** The CSV of the submissions, oldest first: reference, form, edition, time, the fields, attachment keys. */
export function submissionsCsv(rows: readonly Row[], kind: FormKind | undefined): string {
  const columns = fieldColumns(kind ? [kind] : FORM_KINDS);
  const sorted = [...rows].sort((a, b) => a.created_at - b.created_at);
  return csvRows(
    ['reference', 'form', 'edition', 'submitted_at', ...columns, 'attachments'],
    sorted.map((row) => {
      const fields = JSON.parse(row.fields) as Record<string, unknown>;
      const files = JSON.parse(row.attachments) as { key: string; type: string; size: number }[];
      return [
        row.reference,
        row.kind,
        row.region,
        new Date(row.created_at).toISOString(),
        ...columns.map((c) => fields[c]),
        files.map((f) => `${f.key} (${f.type}, ${f.size} B)`).join('; '),
      ];
    }),
  );
}

/** Reads the submissions from every API group's database with `wrangler d1 execute … --json`. */
export function readSubmissions(options: ExportOptions, root: string): Row[] {
  const { kind, since, remote, persistTo } = ExportOptions.parse(options);
  // Both values are checked above (a form name, a date), so the query is built from nothing a user typed.
  const sql =
    `SELECT reference, kind, region, email, fields, attachments, created_at FROM form_submissions WHERE created_at >= ${Date.parse(since)}` +
    (kind ? ` AND kind = '${kind}'` : '') +
    ' ORDER BY created_at';
  const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');
  return FORM_DATABASES.flatMap((db) => {
    const args = [wrangler, 'd1', 'execute', db, '--json', '--command', sql, remote ? '--remote' : '--local'];
    if (persistTo && !remote) args.push('--persist-to', persistTo);
    const out = execFileSync(process.execPath, args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return (JSON.parse(out) as { results: Row[] }[]).flatMap((r) => r.results);
  });
}
