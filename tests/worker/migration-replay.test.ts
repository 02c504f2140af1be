import { env } from 'cloudflare:test';
import type { D1Migration } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import record from '../../migrations/releases.json';
import { classify } from '../../scripts/release/migrations';

// Expand, then contract (docs/decisions/0063): each recorded release's statements
// (migrations/releases.json: the previous release's, and the releases each contract step was
// written against) run on a database migrated as far as that release ran, then again after each
// later migration. An additive migration leaves every statement working; the ones that break a
// release's statements are exactly the contract steps, which are marked, and behind which the
// rollback will not go. Sample values stand in for what the code binds: the replay finds what a
// schema breaks (a table, a column, a NOT NULL without a default, a conflict target, a CHECK),
// not what depends on data (a foreign key, a unique value).

const FOLDERS: Record<string, D1Migration[]> = { migrations: env.TEST_MIGRATIONS, 'migrations/accounts': env.TEST_ACCOUNT_MIGRATIONS };
const db = env.MIGRATION_REPLAY;

/** Empties the scratch database: every table, index and trigger a migration made. */
async function reset(): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    )
    .all<{ type: string; name: string }>();
  for (const { type, name } of results) await db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`).run();
}

/** Applies a folder's migrations up to and including the one at `last` (its index). */
async function migrate(folder: string, last: number): Promise<void> {
  for (const migration of FOLDERS[folder]!.slice(0, last + 1)) await db.batch(migration.queries.map((q) => db.prepare(q)));
}

/** The tables a statement reads or writes. */
const tablesOf = (sql: string) => [
  ...new Set([...sql.matchAll(/\b(?:INTO|UPDATE|FROM|JOIN)\s+(\w+)/gi)].map((m) => m[1]!).filter((t) => !/^(?:SET|SELECT)$/i.test(t))),
];

interface Column {
  name: string;
  type: string;
}

/** What the scratch database's schema says of a table: its columns, and the first value each CHECK (col IN (…)) allows. */
async function describeTable(table: string): Promise<{ columns: Column[]; allowed: Map<string, string> }> {
  const { results } = await db.prepare(`PRAGMA table_info("${table}")`).all<Column>();
  const sql = (await db.prepare('SELECT sql FROM sqlite_master WHERE name = ?1').bind(table).first<{ sql: string }>())?.sql ?? '';
  const allowed = new Map([...sql.matchAll(/CHECK\s*\(\s*(\w+)\s+IN\s*\(\s*'([^']*)'/gi)].map((m) => [m[1]!, m[2]!] as const));
  return { columns: results, allowed };
}

/** Which column each `?N` of a statement stands for, where the SQL says (`col = ?N`, an insert's column list, `LIMIT ?N`). */
function parameterColumns(sql: string): Map<number, string> {
  const columns = new Map<number, string>();
  const insert = /\(([\w\s,]+)\)\s*(?:VALUES\s*\(|SELECT\s+)([^)]*?)(?:\)|\s+WHERE|$)/i.exec(sql);
  if (insert) {
    const names = insert[1]!.split(',').map((c) => c.trim());
    insert[2]!.split(',').forEach((e, i) => {
      const n = /^\s*\?(\d+)\s*$/.exec(e)?.[1];
      if (n && names[i]) columns.set(Number(n), names[i]!);
    });
  }
  for (const m of sql.matchAll(/(?:\w+\.)?(\w+)\)?\s*(?:=|<=|>=|<|>|\bIS NOT\b|\bIS\b)\s*(?:COALESCE\()?\?(\d+)/gi))
    if (!columns.has(Number(m[2]))) columns.set(Number(m[2]), m[1]!);
  for (const m of sql.matchAll(/(\w+) IN \(\s*((?:\?\d+\s*,?\s*)+)\)/gi))
    for (const n of m[2]!.matchAll(/\?(\d+)/g)) if (!columns.has(Number(n[1]))) columns.set(Number(n[1]), m[1]!);
  for (const m of sql.matchAll(/LIMIT\s+\?(\d+)/gi)) columns.set(Number(m[1]), '#limit');
  return columns;
}

let serial = 0;

/** Runs a statement with sample values: undefined when it ran, else the database's error. */
async function run(sql: string): Promise<string | undefined> {
  const tables = await Promise.all(tablesOf(sql).map(describeTable));
  const columns = parameterColumns(sql);
  const count = Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));
  const values = Array.from({ length: count }, (_, i) => {
    const column = columns.get(i + 1);
    if (column === '#limit') return 1;
    const described = tables.map((t) => ({ info: t.columns.find((c) => c.name === column), allowed: t.allowed.get(column ?? '') })).find((t) => t.info);
    if (described?.allowed) return described.allowed;
    serial += 1;
    return /INT/i.test(described?.info?.type ?? '') ? serial : `sample-${serial}`;
  });
  try {
    await db
      .prepare(sql)
      .bind(...values)
      .run();
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Data, not schema: the sample rows are not each other's parents, and may repeat a value.
    return /FOREIGN KEY constraint failed|UNIQUE constraint failed/.test(message) ? undefined : message;
  }
}

/** A statement broken by a migration, as the replay found it. */
interface Broken {
  release: string;
  migration: string;
  statement: string;
  error: string;
}

/** The statements of a release that run on a folder's databases: those whose tables the folder makes (SELECT 1 runs on all). */
async function statementsFor(statements: string[]): Promise<string[]> {
  const tables = new Set((await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map((r) => r.name));
  return statements.filter((s) => tablesOf(s).every((t) => tables.has(t)));
}

/** Replays every recorded release on every folder: what ran where it should, and what later migrations broke. */
async function replay(): Promise<{ broken: Broken[]; unplaced: string[]; failingOnOwnSchema: string[] }> {
  const broken: Broken[] = [];
  const failingOnOwnSchema: string[] = [];
  const placed = new Map<string, Set<string>>();
  for (const release of record.releases) {
    placed.set(release.release, new Set());
    for (const [folder, migrations] of Object.entries(FOLDERS)) {
      const through = (release.through as Record<string, string | undefined>)[folder];
      if (!through) continue;
      const at = migrations.findIndex((m) => m.name === through);
      expect(at, `${release.release}: ${folder}/${through} is not a migration`).toBeGreaterThanOrEqual(0);
      await reset();
      await migrate(folder, at);
      const own = await statementsFor(release.statements);
      for (const statement of own) {
        placed.get(release.release)!.add(statement);
        const error = await run(statement);
        if (error) failingOnOwnSchema.push(`${release.release} on ${folder}/${through}: ${statement}: ${error}`);
      }
      // A statement a migration broke is blamed on that migration alone, not on every one after it.
      let alive = own;
      for (let next = at + 1; next < migrations.length; next++) {
        await reset();
        await migrate(folder, next);
        const survivors: string[] = [];
        for (const statement of alive) {
          const error = await run(statement);
          if (error) broken.push({ release: release.release, migration: `${folder}/${migrations[next]!.name}`, statement, error });
          else survivors.push(statement);
        }
        alive = survivors;
      }
    }
  }
  const unplaced = record.releases.flatMap((r) => r.statements.filter((s) => !placed.get(r.release)!.has(s)).map((s) => `${r.release}: ${s}`));
  return { broken, unplaced, failingOnOwnSchema };
}

describe('the recorded releases, replayed on the migrations after them', () => {
  let result: Awaited<ReturnType<typeof replay>>;
  beforeAll(async () => {
    result = await replay();
  }, 120_000);

  it('run on the schema they ran on, each statement on a database that has its tables', () => {
    const { unplaced, failingOnOwnSchema } = result;
    expect(unplaced).toEqual([]);
    expect(failingOnOwnSchema).toEqual([]);
  });

  it('keep working across every additive migration: only the marked contract steps break them', () => {
    const { broken } = result;
    const breakers = [...new Set(broken.map((b) => b.migration))];
    // What the check takes for a contract step (tests/node/migrations.test.ts holds that each is marked).
    const contract = Object.entries(FOLDERS).flatMap(([folder, list]) =>
      list.filter((m) => classify(m.queries.join(';\n')).kind === 'contract').map((m) => `${folder}/${m.name}`),
    );
    expect(contract).toEqual(['migrations/0003_subscriptions_per_product.sql', 'migrations/0005_lucky_draw_identity.sql']);
    const unmarked = broken.filter((b) => !contract.includes(b.migration));
    expect(
      unmarked.map(
        (b) =>
          `${b.migration} breaks ${b.release}'s "${b.statement}" (${b.error}): it is a contract step, to mark and to ship after the code that no longer needs the old shape`,
      ),
    ).toEqual([]);
    // The history shows the replay catches what the two rebuilds broke, with the database's own words.
    expect(breakers).toEqual(expect.arrayContaining(['migrations/0003_subscriptions_per_product.sql', 'migrations/0005_lucky_draw_identity.sql']));
    // Both rebuilt their table's unique key, so the older insert's conflict target matches none.
    for (const step of ['0003_subscriptions_per_product.sql', '0005_lucky_draw_identity.sql'])
      expect(broken.find((b) => b.migration.endsWith(step))?.error).toMatch(/ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint/);
    // The previous release runs on every migration after it.
    expect(broken.filter((b) => b.release === 'previous')).toEqual([]);
  });
});
