-- One lucky-draw entry per person per campaign, across editions (docs/decisions/0030):
-- `identity` is the address as the draw tells people apart (NFKC, lower case, no plus-tag,
-- no dots at gmail.com and googlemail.com, which is gmail.com), unique per campaign. The
-- worker computes it (worker/records/draw-entries.ts); entries stored before this migration
-- get it from their stored address (already NFC and lower case) by the same rule, less NFKC.
-- Where two old entries are one person, the first stays and the later ones move to
-- lucky_draw_duplicates, so ops can see them: nothing is deleted. (iif, not CASE … END: the
-- migration readers split statements at `;` and take END for the end of a trigger's body.)
CREATE TABLE lucky_draw_entries_v2 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  identity TEXT NOT NULL,
  region TEXT NOT NULL,
  campaign TEXT NOT NULL,
  size TEXT NOT NULL,
  size_chosen TEXT NOT NULL CHECK (size_chosen IN ('visitor', 'random')),
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX lucky_draw_entries_identity ON lucky_draw_entries_v2 (campaign, identity);
INSERT OR IGNORE INTO lucky_draw_entries_v2 (id, email, identity, region, campaign, size, size_chosen, created_at)
  SELECT id, email,
    iif(domain IN ('gmail.com', 'googlemail.com'), replace(base, '.', '') || '@gmail.com', base || '@' || domain),
    region, campaign, size, size_chosen, created_at
  FROM (
    SELECT *, iif(instr(local, '+') > 1, substr(local, 1, instr(local, '+') - 1), local) AS base
    FROM (SELECT *, substr(email, 1, instr(email, '@') - 1) AS local, substr(email, instr(email, '@') + 1) AS domain FROM lucky_draw_entries)
  )
  ORDER BY created_at, id;
CREATE TABLE lucky_draw_duplicates AS SELECT * FROM lucky_draw_entries WHERE id NOT IN (SELECT id FROM lucky_draw_entries_v2);
DROP TABLE lucky_draw_entries;
ALTER TABLE lucky_draw_entries_v2 RENAME TO lucky_draw_entries;
CREATE INDEX lucky_draw_entries_by_region ON lucky_draw_entries (region, campaign, created_at);
