import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classify,
  contractSteps,
  migrationProblems,
  recordedMark,
  shippedProblems,
  planLine,
  readSchemaNote,
  rollbackRefusal,
  schemaNote,
  type MigrationFile,
  type RollbackCandidate,
} from '../../scripts/release/migrations';
import { readMigrations, readShipped } from '../../scripts/release/release';
import { FOLDERS, codeStatements, newestMigrations, readRecord } from '../../scripts/release/statements';

// Expand, then contract (docs/decisions/0063): a migration that drops, renames, rebuilds or
// tightens is a contract step, marked as such in its header; `npm test` fails on one that is not;
// the deploy's plan says which kind each migration is; a rollback never goes behind a contract
// step. tests/worker/migration-replay.test.ts replays recorded releases on the migrations.

const root = join(import.meta.dirname, '../..');
const repository = FOLDERS.flatMap((folder) => readMigrations(root, folder));
const file = (name: string, sql: string, folder = 'migrations'): MigrationFile => ({ folder, name, sql });

describe('the repository’s migrations', () => {
  it('mark every contract step, and use no number twice but the pair applied under both names', () => {
    expect(FOLDERS.flatMap((folder) => migrationProblems(repository.filter((f) => f.folder === folder)))).toEqual([]);
  });

  it('are additive, but for the two rebuilds, recorded as contract steps', () => {
    const contract = repository.filter((f) => classify(f.sql).kind === 'contract').map((f) => `${f.folder}/${f.name}`);
    expect(contract).toEqual(['migrations/0003_subscriptions_per_product.sql', 'migrations/0005_lucky_draw_identity.sql']);
    expect(planLine(repository.find((f) => f.name === '0005_lucky_draw_identity.sql')!)).toBe(
      '0005_lucky_draw_identity.sql (contract: drops table lucky_draw_entries; renames table lucky_draw_entries_v2 to lucky_draw_entries)',
    );
    expect(planLine(repository.find((f) => f.name === '0006_subscription_confirmation.sql')!)).toBe('0006_subscription_confirmation.sql (additive)');
  });

  it('keep the two rebuilds’ marks in the record, not in their files, which databases applied as they are', () => {
    for (const name of ['0003_subscriptions_per_product.sql', '0005_lucky_draw_identity.sql']) {
      const applied = repository.find((f) => f.folder === 'migrations' && f.name === name)!;
      expect(classify(applied.sql).mark).toBeUndefined();
      expect(recordedMark(applied)).toMatch(/^rebuilds .*marked after the fact/);
    }
  });

  it('are, every one shipped, as they were shipped (migrations/shipped.json)', () => {
    const shipped = readShipped(root);
    expect(Object.keys(shipped)).toEqual(expect.arrayContaining(['migrations/0005_lucky_draw_identity.sql', 'migrations/accounts/0003_session_keys.sql']));
    expect(shippedProblems(repository, shipped)).toEqual([]);
  });
});

describe('the shipped-migration check', () => {
  const shipped = readShipped(root);
  const edited = (name: string, edit: (sql: string) => string) =>
    shippedProblems(
      repository.map((f) => (f.folder === 'migrations' && f.name === name ? { ...f, sql: edit(f.sql) } : f)),
      shipped,
    );

  it('lets a comment of a shipped migration change: nothing a database applied did', () => {
    expect(edited('0005_lucky_draw_identity.sql', (sql) => `-- contract: marked in the file after all\n${sql.replace(/\n\n/g, '\n')}`)).toEqual([]);
  });

  it('fails when a shipped migration’s statements change, or the file goes', () => {
    expect(edited('0006_subscription_confirmation.sql', (sql) => sql.replace("DEFAULT 'confirmed'", "DEFAULT 'pending'"))).toEqual([
      'migrations/0006_subscription_confirmation.sql was shipped and its statements changed since: databases applied the old ones and will never apply these; restore it, and make the change a new migration',
    ]);
    expect(
      shippedProblems(
        repository.filter((f) => f.name !== '0002_rate_limits.sql'),
        shipped,
      ),
    ).toEqual([
      'migrations/0002_rate_limits.sql was shipped (migrations/shipped.json) and is gone: databases applied it; restore it, and undo what it did in a new migration',
    ]);
  });
});

describe('the expand/contract check', () => {
  const newest = (sql: string) => migrationProblems([...repository.filter((f) => f.folder === 'migrations'), file('0099_next.sql', sql)]);

  it.each([
    ['a new table', 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);'],
    ['a nullable column', 'ALTER TABLE subscriptions ADD COLUMN source_page TEXT;'],
    ['a NOT NULL column with a default', "ALTER TABLE subscriptions ADD COLUMN locale TEXT NOT NULL DEFAULT '';"],
    ['an index', 'CREATE INDEX IF NOT EXISTS subscriptions_by_region ON subscriptions (region, created_at);'],
    [
      'a unique index on a column added with it',
      'ALTER TABLE subscriptions ADD COLUMN token TEXT;\nCREATE UNIQUE INDEX subscriptions_token ON subscriptions (token);',
    ],
  ])('passes an additive step: %s', (_, sql) => {
    expect(newest(sql)).toEqual([]);
    expect(classify(sql).kind).toBe('additive');
  });

  it.each([
    ['a DROP TABLE', 'DROP TABLE lucky_draw_duplicates;', 'drops table lucky_draw_duplicates'],
    ['a dropped column', 'ALTER TABLE subscriptions DROP COLUMN confirmed_at;', 'drops column subscriptions.confirmed_at'],
    ['a renamed column', 'ALTER TABLE subscriptions RENAME COLUMN source TO form;', 'renames column subscriptions.source to form'],
    [
      'a rebuild',
      'CREATE TABLE subscriptions_v2 (id INTEGER PRIMARY KEY, email TEXT NOT NULL);\nINSERT INTO subscriptions_v2 SELECT id, email FROM subscriptions;\nDROP TABLE subscriptions;\nALTER TABLE subscriptions_v2 RENAME TO subscriptions;',
      'drops table subscriptions; renames table subscriptions_v2 to subscriptions',
    ],
    [
      'a NOT NULL column without a default',
      'ALTER TABLE subscriptions ADD COLUMN locale TEXT NOT NULL;',
      'adds subscriptions.locale NOT NULL without a default',
    ],
    [
      'a unique index on columns that hold data',
      'CREATE UNIQUE INDEX subscriptions_email ON subscriptions (email, region);',
      'adds unique index subscriptions_email on subscriptions (email, region), which rows written before may break',
    ],
  ])('fails on an unmarked contract step: %s, naming it and what to write', (_, sql, reason) => {
    expect(newest(sql)).toEqual([
      `migrations/0099_next.sql is a contract step (it ${reason}) without its mark: ship it only after the release that no longer needs the old shape, and say so in its header, "-- contract: <what it removes, and which release stopped needing it>" (docs/decisions/0063)`,
    ]);
    // Marked, it passes, and the plan calls it a contract step.
    const marked = `-- contract: the release before no longer reads it\n${sql}`;
    expect(newest(marked)).toEqual([]);
    expect(planLine(file('0099_next.sql', marked))).toBe(`0099_next.sql (contract: ${reason})`);
  });

  it('reads the mark only in the header, before the first statement', () => {
    expect(classify('-- Adds a table.\n-- contract: drops the old one\nDROP TABLE a;').mark).toBe('drops the old one');
    expect(classify('DROP TABLE a;\n-- contract: too late').mark).toBeUndefined();
  });

  it('refuses a second migration under a number in use, but keeps the pair applied under both names', () => {
    const accounts = repository.filter((f) => f.folder === 'migrations/accounts');
    expect(migrationProblems(accounts)).toEqual([]);
    expect(migrationProblems([...accounts, file('0003_another.sql', 'CREATE TABLE t (a TEXT);', 'migrations/accounts')])).toEqual([
      'migrations/accounts: 0003_another.sql and 0003_outbox_headers.sql and 0003_session_keys.sql share the number 0003: give the newer one the next free number',
    ]);
  });
});

describe('the rollback’s floor', () => {
  const steps = contractSteps(repository);
  // Six storefront migrations, four account ones: every version since 0005 was built with both counts or more.
  const at = (id: string, created: string, schema?: Record<string, number>): RollbackCandidate => ({
    id,
    created,
    release: `r-${id}`,
    ...(schema ? { schema } : {}),
  });
  const before0005 = at('v1', '2026-10-01T10:00:00Z', { migrations: 4, 'migrations/accounts': 4 });
  const with0005 = at('v2', '2026-10-08T10:00:00Z', { migrations: 5, 'migrations/accounts': 4 });
  const newest = at('v3', '2026-10-15T10:00:00Z', { migrations: 6, 'migrations/accounts': 4 });

  it('lets a rollback go to any version built with every contract step applied', () => {
    expect(rollbackRefusal(steps, [before0005, with0005, newest], with0005)).toBeUndefined();
  });

  it('refuses one behind a contract migration and names the oldest release it can reach', () => {
    expect(rollbackRefusal(steps, [before0005, with0005, newest], before0005)).toBe(
      'release r-v1 (version v1, uploaded 2026-10-01 10:00 UTC) was built before the contract migration migrations/0005_lucky_draw_identity.sql, applied since: it would fail on the schema the databases have now; the oldest it can go back to is release r-v2 (version v2, uploaded 2026-10-08 10:00 UTC)',
    );
  });

  it('refuses a version whose schema it cannot tell', () => {
    expect(rollbackRefusal(steps, [at('v0', '2026-09-01T00:00:00Z'), newest], at('v0', '2026-09-01T00:00:00Z'))).toMatch(
      /^cannot tell which migrations release r-v0 \(version v0, uploaded 2026-09-01 00:00 UTC\) was built with .*: the oldest it can go back to is release r-v3/,
    );
  });

  it('reads the schema back from the note the deploy writes into a version’s message', () => {
    const level = { migrations: 6, 'migrations/accounts': 4 };
    expect(schemaNote(level)).toBe(' · schema migrations:6 migrations/accounts:4');
    expect(readSchemaNote(`release abc${schemaNote(level)}`)).toEqual(level);
    expect(readSchemaNote('release abc')).toBeUndefined();
  });
});

describe('the recorded releases (migrations/releases.json)', () => {
  const releases = readRecord();
  const previous = releases.at(-1)!;

  it('end with the previous release, which names a migration of each folder', () => {
    expect(previous.release).toBe('previous');
    for (const folder of FOLDERS) expect(repository.map((f) => `${f.folder}/${f.name}`)).toContain(`${folder}/${previous.through[folder]}`);
  });

  it('follow the code while no migration is newer than the previous release’s: re-record with `npx tsx scripts/release/statements.ts`', () => {
    const newer = FOLDERS.some((folder) => newestMigrations()[folder] !== previous.through[folder]);
    if (newer) return;
    expect([...previous.statements].sort()).toEqual([...codeStatements()].sort());
  });
});
