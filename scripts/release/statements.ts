// The statements the previous release prepares, recorded (docs/decisions/0063):
// migrations/releases.json lists, for each recorded release, the migrations it ran on and every
// SQL statement its worker prepares. tests/worker/migration-replay.test.ts applies the migrations
// after those to a database and runs the statements again: an additive step leaves them all
// working. Its last entry is the release before any migration not yet shipped; while no
// migration is newer, it follows the code (tests/node/migrations.test.ts holds it).
//
//   npx tsx scripts/release/statements.ts   records the code's statements and the newest
//                                           migrations as the last entry, and every migration's
//                                           fingerprint in migrations/shipped.json (after a release
//                                           that shipped new migrations, or when the code's SQL changed)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, preparedStatements } from './migrations';
import { migrationsOf, readMigrations } from './release';

const root = join(import.meta.dirname, '../..');
/** The record's file. */
const RECORD = join(root, 'migrations/releases.json');
/** The migration folders the worker's databases use. */
export const FOLDERS = ['migrations', 'migrations/accounts'] as const;

/** A recorded release: what it is, the newest migration of each folder it ran on, and the SQL its worker prepares. */
export interface RecordedRelease {
  release: string;
  through: Partial<Record<(typeof FOLDERS)[number], string>>;
  statements: string[];
}

/** Every statement the worker's code prepares, each once, in the order of its files. */
export function codeStatements(): string[] {
  const files = readdirSync(join(root, 'worker'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  return [...new Set(files.flatMap((f) => preparedStatements(readFileSync(join(root, 'worker', f), 'utf8'))))];
}

/** The newest migration of each folder in the repository. */
export const newestMigrations = () => Object.fromEntries(FOLDERS.map((folder) => [folder, migrationsOf(root, folder).at(-1)!]));

/** The record of shipped migrations: `folder/name` → fingerprint. */
const SHIPPED = join(root, 'migrations/shipped.json');

/** The recorded releases, oldest first. */
export const readRecord = () => (JSON.parse(readFileSync(RECORD, 'utf8')) as { releases: RecordedRelease[] }).releases;

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const document = JSON.parse(readFileSync(RECORD, 'utf8')) as { releases: RecordedRelease[] };
  const last: RecordedRelease = { release: 'previous', through: newestMigrations(), statements: codeStatements() };
  document.releases = [...document.releases.filter((r) => r.release !== 'previous'), last];
  writeFileSync(RECORD, `${JSON.stringify(document, null, 2)}\n`);
  const shipped = JSON.parse(readFileSync(SHIPPED, 'utf8')) as { shipped: Record<string, string> };
  for (const file of FOLDERS.flatMap((folder) => readMigrations(root, folder))) shipped.shipped[`${file.folder}/${file.name}`] ??= fingerprint(file.sql);
  writeFileSync(SHIPPED, `${JSON.stringify(shipped, null, 2)}\n`);
  console.log(`statements: ${last.statements.length} recorded as the previous release's, on ${Object.values(last.through).join(' and ')}`);
}
