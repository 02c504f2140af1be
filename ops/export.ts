// Ops exports as CSV (`npm run ops -- export …`): the support team's form submissions and
// a campaign's lucky-draw entries, read from D1 (through wrangler from the command line).
import { z } from 'zod';
import { FIELD_NAMES, FORM_KINDS, FORM_LAYOUT, type FieldName, type FormKind } from '../content/forms';
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS } from '../content/lucky-draw';
import type { Sql } from '../worker/bundle/versions';
import { csvRows } from './csv';

/** A database of wrangler.toml by binding, where the export reads. */
type Databases = (binding: string) => Sql;

/** The databases that hold form submissions, by binding: one per API group. */
export const FORM_DATABASES = ['ACCOUNTS_US', 'ACCOUNTS_EU', 'ACCOUNTS_CN'] as const;

/** What forms to export. */
export const FormsOptions = z.object({
  /** One form, or all four. */
  kind: z.enum(FORM_KINDS).optional(),
  /** First day (UTC) of submissions to include. */
  since: z.iso.date(),
});

interface Submission {
  reference: string;
  kind: string;
  region: string;
  fields: string;
  attachments: string;
  created_at: number;
}

/**
 * The submissions since a day from every API group's database, as CSV, oldest first:
 * reference, form, edition, time, one column per field of the forms exported, attachment keys.
 */
export async function formsCsv(options: z.input<typeof FormsOptions>, databases: Databases): Promise<{ csv: string; count: number }> {
  const { kind, since } = FormsOptions.parse(options);
  const statement = {
    sql: `SELECT reference, kind, region, fields, attachments, created_at FROM form_submissions WHERE created_at >= ?${kind ? ' AND kind = ?' : ''}`,
    params: [Date.parse(since), ...(kind ? [kind] : [])],
  };
  const rows = (await Promise.all(FORM_DATABASES.map((db) => databases(db).all<Submission>(statement)))).flat().sort((a, b) => a.created_at - b.created_at);
  const used = new Set((kind ? [kind] : FORM_KINDS).flatMap((k: FormKind) => FORM_LAYOUT[k].flatMap((g) => g.fields)));
  const columns: FieldName[] = FIELD_NAMES.filter((f) => f !== 'attachments' && used.has(f));
  const csv = csvRows(
    ['reference', 'form', 'edition', 'submitted_at', ...columns, 'attachments'],
    rows.map((row) => {
      const fields = JSON.parse(row.fields) as Record<string, unknown>;
      const files = JSON.parse(row.attachments) as { key: string; type: string; size: number }[];
      return [row.reference, row.kind, row.region, new Date(row.created_at).toISOString(), ...columns.map((c) => fields[c])].concat(
        files.map((f) => `${f.key} (${f.type}, ${f.size} B)`).join('; '),
      );
    }),
  );
  return { csv, count: rows.length };
}

/** Which lucky draw to export. */
export const LuckyDrawOptions = z.object({
  region: z.enum(LUCKY_DRAW_REGIONS),
  campaign: z.enum(LUCKY_DRAW_CAMPAIGNS).default('black-friday'),
});

/** The columns of the lucky-draw export, in order. */
const LUCKY_DRAW_COLUMNS = ['email', 'region', 'campaign', 'size', 'size_chosen', 'entered_at'] as const;

/** One edition's entries in one campaign's draw, as CSV, oldest first; `entered_at` is an ISO instant. */
export async function luckyDrawCsv(options: z.input<typeof LuckyDrawOptions>, databases: Databases): Promise<{ csv: string; count: number }> {
  const { region, campaign } = LuckyDrawOptions.parse(options);
  const rows = await databases('DB').all<Record<string, unknown>>({
    sql: 'SELECT email, region, campaign, size, size_chosen, created_at FROM lucky_draw_entries WHERE region = ? AND campaign = ? ORDER BY created_at, id',
    params: [region, campaign],
  });
  const cells = rows.map((row) => ({ ...row, entered_at: new Date(Number(row.created_at)).toISOString() }) as Record<string, unknown>);
  return {
    csv: csvRows(
      LUCKY_DRAW_COLUMNS,
      cells.map((row) => LUCKY_DRAW_COLUMNS.map((c) => row[c])),
    ),
    count: rows.length,
  };
}
