-- Newsletter and product-notification subscriptions, one per (email, region, source).
CREATE TABLE IF NOT EXISTS subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  region TEXT NOT NULL,
  source TEXT NOT NULL,
  product TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (email, region, source)
);
