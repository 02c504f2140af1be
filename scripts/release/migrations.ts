/**
 * Expand, then contract (docs/decisions/0063): the rules a migration is held to, pure (texts in,
 * verdicts out), shared by the check in `npm test`, the deploy's plan and the rollback.
 *
 * A migration that only adds (a table, a nullable or defaulted column, an index that is not
 * unique on existing columns) is *additive*: the release before it runs on the new schema. One
 * that drops, renames, rebuilds or tightens (a NOT NULL column without a default, a unique index
 * on columns that already hold data, a trigger) is a *contract* step: it ships only in a release
 * after the code that no longer needs the old shape, and says so in a header comment,
 *
 *     -- contract: <what it removes or tightens, and which release stopped needing it>
 *
 * which the check reads. Once a contract step is applied, no version built before it can serve:
 * the rollback refuses to go behind it.
 */

import { createHash } from 'node:crypto';

/** A migration file: its folder (a `migrations_dir`), its file name and its SQL. */
export interface MigrationFile {
  folder: string;
  name: string;
  sql: string;
}

/** What a migration does to the release before it: `additive` leaves it working, `contract` may not. */
type MigrationKind = 'additive' | 'contract';

/** A migration as the check reads it: what its statements do, and what its header says. */
export interface Classified {
  /** What its statements make it. */
  detected: MigrationKind;
  /** Each statement that makes it a contract step, in words. */
  reasons: string[];
  /** The header's `-- contract: …` line, when there is one. */
  mark?: string;
  /** What it is taken for: contract when detected or marked. */
  kind: MigrationKind;
}

/** The statements of a migration: comments out, split at `;`, blanks collapsed. */
function statementsOf(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The header comment's contract mark: the text after `-- contract:` in the comment lines before the first statement. */
function contractMark(sql: string): string | undefined {
  for (const line of sql.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    if (!text.startsWith('--')) return undefined;
    const mark = /^--\s*contract:\s*(.+)$/i.exec(text);
    if (mark) return mark[1]!.trim();
  }
  return undefined;
}

const name = (raw: string) => raw.replace(/["`[\]]/g, '').toLowerCase();

/** What makes a migration a contract step, one reason a statement (empty: it only adds). */
function contractReasons(sql: string): string[] {
  const statements = statementsOf(sql);
  // Tables made and columns added in this very migration: a unique index or NOT NULL on them
  // constrains nothing the release before it wrote.
  const created = new Set(statements.flatMap((s) => /^CREATE TABLE (?:IF NOT EXISTS )?(\S+)/i.exec(s)?.[1] ?? []).map(name));
  const added = new Set(
    statements.flatMap((s) => {
      const m = /^ALTER TABLE (\S+) ADD (?:COLUMN )?(\S+)/i.exec(s);
      return m ? [`${name(m[1]!)}.${name(m[2]!)}`] : [];
    }),
  );
  const reasons: string[] = [];
  for (const s of statements) {
    let m: RegExpExecArray | null;
    if ((m = /^DROP (TABLE|INDEX|VIEW|TRIGGER) (?:IF EXISTS )?(\S+)/i.exec(s))) reasons.push(`drops ${m[1]!.toLowerCase()} ${name(m[2]!)}`);
    else if ((m = /^ALTER TABLE (\S+) DROP (?:COLUMN )?(\S+)/i.exec(s))) reasons.push(`drops column ${name(m[1]!)}.${name(m[2]!)}`);
    else if ((m = /^ALTER TABLE (\S+) RENAME TO (\S+)/i.exec(s))) reasons.push(`renames table ${name(m[1]!)} to ${name(m[2]!)}`);
    else if ((m = /^ALTER TABLE (\S+) RENAME (?:COLUMN )?(\S+) TO (\S+)/i.exec(s)))
      reasons.push(`renames column ${name(m[1]!)}.${name(m[2]!)} to ${name(m[3]!)}`);
    else if ((m = /^ALTER TABLE (\S+) ADD (?:COLUMN )?(\S+) (.*)$/i.exec(s))) {
      if (/\bNOT NULL\b/i.test(m[3]!) && !/\bDEFAULT\b/i.test(m[3]!)) reasons.push(`adds ${name(m[1]!)}.${name(m[2]!)} NOT NULL without a default`);
    } else if ((m = /^CREATE UNIQUE INDEX (?:IF NOT EXISTS )?(\S+) ON (\S+) ?\(([^)]*)\)/i.exec(s))) {
      const table = name(m[2]!);
      const columns = m[3]!.split(',').map((c) => name(c.trim().split(/\s+/)[0]!));
      if (!created.has(table) && !columns.every((c) => added.has(`${table}.${c}`)))
        reasons.push(`adds unique index ${name(m[1]!)} on ${table} (${columns.join(', ')}), which rows written before may break`);
    } else if ((m = /^CREATE TRIGGER (?:IF NOT EXISTS )?(\S+)/i.exec(s)))
      reasons.push(`adds trigger ${name(m[1]!)}, which can refuse what the release before writes`);
  }
  return reasons;
}

/**
 * Contract steps applied before the rule existed, marked here rather than in their headers: a
 * migration that ran is never edited (its file is what every database applied; the check in
 * tests/node/migrations.test.ts holds each shipped file to its recorded hash,
 * migrations/shipped.sha256).
 */
const RECORDED_MARKS: Readonly<Record<string, string>> = {
  'migrations/0003_subscriptions_per_product.sql':
    "rebuilds subscriptions (product NOT NULL DEFAULT '', the unique key gains product): a release before it inserts with ON CONFLICT (email, region, source), which no key matches after it; marked after the fact, no version built before it may serve",
  'migrations/0005_lucky_draw_identity.sql':
    'rebuilds lucky_draw_entries with identity NOT NULL and unique per campaign: a release before it inserts without identity, which fails after it; marked after the fact, no version built before it may serve',
};

/** The contract mark recorded for an applied migration (`RECORDED_MARKS`), if any. */
export const recordedMark = (file: Pick<MigrationFile, 'folder' | 'name'>): string | undefined => RECORDED_MARKS[`${file.folder}/${file.name}`];

/** A migration as the check and the plan read it; `recorded` is a mark kept outside its file (`recordedMark`). */
export function classify(sql: string, recorded?: string): Classified {
  const reasons = contractReasons(sql);
  const mark = contractMark(sql) ?? recorded;
  const detected: MigrationKind = reasons.length ? 'contract' : 'additive';
  return { detected, reasons, ...(mark ? { mark } : {}), kind: reasons.length || mark ? 'contract' : 'additive' };
}

/**
 * File names that share a number and stay as they are: wrangler records an applied migration
 * by its file name, so a database that applied both would take a renamed one for new and apply
 * it again (`ALTER TABLE … ADD COLUMN` twice fails: "duplicate column name"). Both sort in the
 * order they were applied everywhere; every later migration takes a number of its own.
 */
const APPLIED_DUPLICATES: Readonly<Record<string, readonly string[]>> = {
  'migrations/accounts': ['0003_outbox_headers.sql', '0003_session_keys.sql'],
};

/** Every problem with a folder's migrations, one sentence each: an unmarked contract step, a number used twice. */
export function migrationProblems(files: readonly MigrationFile[]): string[] {
  const problems: string[] = [];
  const byNumber = new Map<string, MigrationFile[]>();
  for (const file of files) {
    const number = /^(\d+)_[\w-]+\.sql$/.exec(file.name)?.[1];
    if (!number) {
      problems.push(`${file.folder}/${file.name}: name it NNNN_what_it_does.sql, the number after the newest's`);
      continue;
    }
    byNumber.set(number, [...(byNumber.get(number) ?? []), file]);
    const { reasons, mark } = classify(file.sql, recordedMark(file));
    if (reasons.length && !mark)
      problems.push(
        `${file.folder}/${file.name} is a contract step (it ${reasons.join('; ')}) without its mark: ship it only after the release that no longer needs the old shape, and say so in its header, "-- contract: <what it removes, and which release stopped needing it>" (docs/decisions/0063)`,
      );
  }
  for (const [number, same] of byNumber) {
    if (same.length < 2) continue;
    const folder = same[0]!.folder;
    const known = APPLIED_DUPLICATES[folder] ?? [];
    const names = same.map((f) => f.name).sort();
    if (names.every((n) => known.includes(n))) continue;
    problems.push(`${folder}: ${names.join(' and ')} share the number ${number}: give the newer one the next free number`);
  }
  return problems;
}

/**
 * A migration's fingerprint: the SHA-256 of its statements, comments and spacing aside (a
 * comment edited changes nothing a database applied; a statement edited does, and wrangler,
 * which knows a migration by its name, would never apply the new text where the old one ran).
 */
export function fingerprint(sql: string): string {
  return createHash('sha256').update(statementsOf(sql).join(';\n')).digest('hex');
}

/**
 * Every shipped migration (`shipped`: `folder/name` → fingerprint, migrations/shipped.json)
 * among `files`' folders that is gone or whose statements changed, one sentence each: a
 * migration that ran is never edited; a change is a new migration.
 */
export function shippedProblems(files: readonly MigrationFile[], shipped: Readonly<Record<string, string>>): string[] {
  const folders = new Set(files.map((f) => f.folder));
  return Object.entries(shipped).flatMap(([path, print]) => {
    const at = path.lastIndexOf('/');
    if (!folders.has(path.slice(0, at))) return [];
    const file = files.find((f) => `${f.folder}/${f.name}` === path);
    if (!file) return [`${path} was shipped (migrations/shipped.json) and is gone: databases applied it; restore it, and undo what it did in a new migration`];
    if (fingerprint(file.sql) !== print)
      return [
        `${path} was shipped and its statements changed since: databases applied the old ones and will never apply these; restore it, and make the change a new migration`,
      ];
    return [];
  });
}

/** The plan's line for a migration: its name and kind, and a contract step's reasons. */
export function planLine(file: MigrationFile): string {
  const c = classify(file.sql, recordedMark(file));
  return c.kind === 'additive' ? `${file.name} (additive)` : `${file.name} (contract: ${c.reasons.join('; ') || c.mark})`;
}

/**
 * The schema a version was built with: per migrations folder, how many of its files (they are
 * only ever added, and apply in name order). The deploy writes it into the version's message;
 * the rollback reads it back.
 */
export type SchemaLevel = Record<string, number>;

/** The schema note of a version's message: ` · schema migrations:6 migrations/accounts:4`. */
export const schemaNote = (level: SchemaLevel) =>
  ` · schema ${Object.entries(level)
    .map(([folder, count]) => `${folder}:${count}`)
    .join(' ')}`;

/** The schema a version's message names, if it names one. */
export function readSchemaNote(message: string | undefined): SchemaLevel | undefined {
  const note = /· schema ((?:[\w/.-]+:\d+ ?)+)$/.exec(message ?? '')?.[1];
  if (!note) return undefined;
  return Object.fromEntries(
    note
      .trim()
      .split(' ')
      .map((pair) => {
        const at = pair.lastIndexOf(':');
        return [pair.slice(0, at), Number(pair.slice(at + 1))];
      }),
  );
}

/** A contract step: its folder, its place in the folder's name order, its name. */
export interface ContractStep {
  folder: string;
  index: number;
  name: string;
}

/** The contract steps among a repository's migrations, each with its place in its folder. */
export function contractSteps(files: readonly MigrationFile[]): ContractStep[] {
  const byFolder = new Map<string, MigrationFile[]>();
  for (const file of files) byFolder.set(file.folder, [...(byFolder.get(file.folder) ?? []), file]);
  return [...byFolder].flatMap(([folder, list]) =>
    [...list]
      .sort((a, b) => a.name.localeCompare(b.name))
      .flatMap((file, index) => (classify(file.sql, recordedMark(file)).kind === 'contract' ? [{ folder, index, name: file.name }] : [])),
  );
}

/** A version a rollback could go to, as wrangler lists it, with the schema it was built with. */
export interface RollbackCandidate {
  id: string;
  /** When it was uploaded (ISO). */
  created: string;
  /** Its tag: the release. */
  release?: string;
  /** The schema it was built with; undefined when its message names none. */
  schema?: SchemaLevel;
}

/** The contract steps applied that a version was built before: going back to it would run it on a schema it cannot use. */
function stepsBehind(steps: readonly ContractStep[], applied: SchemaLevel, version: SchemaLevel): ContractStep[] {
  return steps.filter((step) => (applied[step.folder] ?? 0) > step.index && (version[step.folder] ?? 0) <= step.index);
}

/**
 * Whether a rollback may go to `target` (docs/decisions/0063): the databases hold every
 * migration of the newest version uploaded (the deploy migrates before it uploads); a version
 * built before one of those that is a contract step would fail on them. Undefined: it may; else
 * one sentence that names the step and the oldest release it can reach.
 */
export function rollbackRefusal(steps: readonly ContractStep[], versions: readonly RollbackCandidate[], target: RollbackCandidate): string | undefined {
  const applied: SchemaLevel = {};
  for (const v of versions) for (const [folder, count] of Object.entries(v.schema ?? {})) applied[folder] = Math.max(applied[folder] ?? 0, count);
  const label = (v: RollbackCandidate) =>
    `${v.release ? `release ${v.release} ` : ''}(version ${v.id}, uploaded ${v.created.slice(0, 16).replace('T', ' ')} UTC)`;
  const reachable = [...versions]
    .filter((v) => v.schema && stepsBehind(steps, applied, v.schema).length === 0)
    .sort((a, b) => a.created.localeCompare(b.created));
  const oldest = reachable[0];
  const floor = oldest ? `the oldest it can go back to is ${label(oldest)}` : 'no version listed can go back: deploy a fix forward';
  if (!target.schema)
    return `cannot tell which migrations ${label(target)} was built with (its message names no schema, and its release is no commit here): ${floor}`;
  const behind = stepsBehind(steps, applied, target.schema);
  if (!behind.length) return undefined;
  return `${label(target)} was built before the contract migration${behind.length > 1 ? 's' : ''} ${behind.map((s) => `${s.folder}/${s.name}`).join(', ')}, applied since: it would fail on the schema the databases have now; ${floor}`;
}

/** The SQL the worker prepares, in the order its sources have it: every `.prepare('…')` literal. */
export function preparedStatements(source: string): string[] {
  return [...source.matchAll(/\.prepare\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1\s*,?\s*\)/g)].map((m) =>
    m[2]!
      .replace(/\\(['"\\])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}
