-- The local outbox keeps each mail's list headers (List-Unsubscribe, List-Unsubscribe-Post:
-- docs/decisions/0033), so a developer and the tests see what a mail client would.
ALTER TABLE outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';
