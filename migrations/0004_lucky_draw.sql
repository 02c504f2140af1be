-- Lucky-draw entries of the campaign pages (docs/decisions/0019): one per
-- (email, region, campaign). The T-shirt size is the visitor's, or one the server picked at
-- random from the region's range (size_chosen says which); a repeat stores nothing.
CREATE TABLE IF NOT EXISTS lucky_draw_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  region TEXT NOT NULL,
  campaign TEXT NOT NULL,
  size TEXT NOT NULL,
  size_chosen TEXT NOT NULL CHECK (size_chosen IN ('visitor', 'random')),
  created_at INTEGER NOT NULL,
  UNIQUE (email, region, campaign)
);
CREATE INDEX IF NOT EXISTS lucky_draw_entries_by_region ON lucky_draw_entries (region, campaign, created_at);
