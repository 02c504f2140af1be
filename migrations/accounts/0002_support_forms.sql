-- Support form submissions (tech support, product registration, RMA, wholesale), in the
-- database of the visitor's API group like member records. `fields` is the validated JSON;
-- attachments live in the group's R2 bucket, listed here. A double submit of the same
-- content finds its fingerprint and answers the first reference.
CREATE TABLE form_submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  region TEXT NOT NULL,
  email TEXT NOT NULL,
  fields TEXT NOT NULL,
  attachments TEXT NOT NULL DEFAULT '[]',
  fingerprint TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (kind, fingerprint)
);
CREATE INDEX form_submissions_kind_created ON form_submissions (kind, created_at);
