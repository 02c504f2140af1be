-- Additive. An account's address is proven when its owner followed a link mailed to it
-- (docs/decisions/0054): until then the account's copy and erasure reach nothing filed under
-- the address (support forms, sign-ups, draw entries). Accounts from before never proved
-- theirs, so they start unproven; a reset link followed proves an address too.
ALTER TABLE users ADD COLUMN proven_at INTEGER;
