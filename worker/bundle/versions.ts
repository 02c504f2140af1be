/**
 * Ops documents as recorded versions (docs/decisions/0061): the table `ops_versions` in D1
 * (migrations/0007_ops_versions.sql), one row per push, and the two statements everything
 * goes through — the versions of a document, and a push that lands only while its base is
 * still the newest version. The worker reads them when KV's copy is refused (the last good
 * version, worker/clock/in-force.ts); the ops command reads and writes them through wrangler
 * (ops/wrangler.ts), and its tests through the D1 binding.
 */

/** A value bound to a `?` of a statement. */
export type SqlValue = string | number | null;

/** A SQL statement and the values of its `?` placeholders, in order. */
export interface Statement {
  sql: string;
  params: readonly SqlValue[];
}

/** Where statements run: D1 through its binding, or through `wrangler d1 execute`. */
export interface Sql {
  /** The rows a statement answers (an INSERT answers the rows its RETURNING names). */
  all<T>(statement: Statement): Promise<T[]>;
}

/** A D1 binding as a `Sql`. */
export const d1Sql = (db: D1Database): Sql => ({
  all: async <T>(s: Statement) =>
    (
      await db
        .prepare(s.sql)
        .bind(...s.params)
        .all<T>()
    ).results,
});

/** One push of an ops document, as recorded. */
export interface RecordedVersion {
  /** 1, 2, 3…: one more than the newest before it. */
  version: number;
  /** The version the push was based on (0: none was recorded). */
  base: number;
  /** The document as JSON, without its meta. */
  body: string;
  /** Who pushed it (`--by`, else git's user.email, else the login name). */
  pushedBy: string;
  /** When, as an ISO instant. */
  pushedAt: string;
  /** What the push was: `push my-schedule.json`, `rollback to version 3`. */
  note?: string;
}

interface Row {
  version: number;
  base: number;
  body: string;
  pushed_by: string;
  pushed_at: string;
  note: string | null;
}

const COLUMNS = 'version, base, body, pushed_by, pushed_at, note';

/** The versions of a document, oldest first: all of them, or the newest `limit`. */
function listVersions(document: string, limit?: number): Statement {
  return limit === undefined
    ? { sql: `SELECT ${COLUMNS} FROM ops_versions WHERE document = ? ORDER BY version`, params: [document] }
    : {
        sql: `SELECT ${COLUMNS} FROM (SELECT ${COLUMNS} FROM ops_versions WHERE document = ? ORDER BY version DESC LIMIT ?) ORDER BY version`,
        params: [document, limit],
      };
}

/**
 * Records a version only if `version.base` is still the newest version of the document (0:
 * none yet): one statement, so two pushes from the same base cannot both land. It answers
 * the version when it landed, no row when another push got there first.
 */
function insertVersion(document: string, version: RecordedVersion): Statement {
  return {
    sql:
      'INSERT INTO ops_versions (document, version, base, body, pushed_by, pushed_at, note) SELECT ?, ?, ?, ?, ?, ?, ? ' +
      'WHERE COALESCE((SELECT MAX(version) FROM ops_versions WHERE document = ?), 0) = ? RETURNING version',
    params: [document, version.version, version.base, version.body, version.pushedBy, version.pushedAt, version.note ?? null, document, version.base],
  };
}

const fromRow = (row: Row): RecordedVersion => ({
  version: row.version,
  base: row.base,
  body: row.body,
  pushedBy: row.pushed_by,
  pushedAt: row.pushed_at,
  ...(row.note ? { note: row.note } : {}),
});

/** The versions of a document, oldest first (all, or the newest `limit`). */
export async function recordedVersions(sql: Sql, document: string, limit?: number): Promise<RecordedVersion[]> {
  return (await sql.all<Row>(listVersions(document, limit))).map(fromRow);
}

/** Records a version if its base is still the newest: whether it landed. */
export async function recordVersion(sql: Sql, document: string, version: RecordedVersion): Promise<boolean> {
  return (await sql.all<{ version: number }>(insertVersion(document, version))).length === 1;
}
