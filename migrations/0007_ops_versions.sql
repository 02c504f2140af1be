-- Ops documents as versions (docs/decisions/0061): the schedule today, stock and media
-- later. One row per push, never changed; the newest row is the document ops last pushed,
-- which the ops command also copies to KV for the isolates to read. A push inserts version
-- base + 1 only while its base is still the newest (INSERT … SELECT … WHERE, one statement),
-- so of two pushes from the same base exactly one lands; the primary key holds it too.
CREATE TABLE IF NOT EXISTS ops_versions (
  document TEXT NOT NULL,
  version INTEGER NOT NULL CHECK (version > 0),
  base INTEGER NOT NULL CHECK (base >= 0),
  body TEXT NOT NULL,
  pushed_by TEXT NOT NULL,
  pushed_at TEXT NOT NULL,
  note TEXT,
  PRIMARY KEY (document, version)
);
