-- Double opt-in (docs/decisions/0033): a sign-up in an edition that asks for it is
-- stored `pending` until its address follows the mailed link; only `confirmed` rows count.
-- Rows stored before this migration were confirmed by the rules of their day.
ALTER TABLE subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed'));
ALTER TABLE subscriptions ADD COLUMN confirmed_at INTEGER;
CREATE INDEX IF NOT EXISTS subscriptions_pending ON subscriptions (status, created_at);
