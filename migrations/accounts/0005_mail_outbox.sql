-- The mail outbox (docs/decisions/0064): every mail is a row here before a page says it is on
-- its way, in the database of its recipient's API group (an EU address stays in the EU). The
-- worker tries it at once, and the Cron Trigger retries what failed, every minute, backing
-- off. `key` makes a second enqueue of one message the first (a double submit, a fan-out run
-- twice). Rows written before this migration were local copies of mail sent directly, so they
-- count as sent. Additive: the release before it writes the five columns it knew.
ALTER TABLE outbox ADD COLUMN key TEXT;
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'mail';
ALTER TABLE outbox ADD COLUMN region TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('pending', 'sending', 'sent', 'failed'));
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN expires_at INTEGER;
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN sent_at INTEGER;
CREATE UNIQUE INDEX outbox_key ON outbox (key);
CREATE INDEX outbox_due ON outbox (status, next_at);
