-- Product notifications are one per product: (email, region, source, product) is unique.
-- product is '' for newsletter sign-ups, so the key has no NULLs (which SQLite treats as
-- all distinct) and a repeat is still recognised.
CREATE TABLE subscriptions_v2 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  region TEXT NOT NULL,
  source TEXT NOT NULL,
  product TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (email, region, source, product)
);
INSERT INTO subscriptions_v2 (id, email, region, source, product, created_at)
  SELECT id, email, region, source, COALESCE(product, ''), created_at FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_v2 RENAME TO subscriptions;
