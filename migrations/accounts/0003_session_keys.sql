-- A session's key (docs/decisions/0036): the SHA-256 of a secret the browser holds only in an
-- HttpOnly cookie. The apptoken and reftoken of a session work only beside it, so a script
-- that reads them from localStorage holds nothing usable elsewhere. Sessions from before
-- have none and no longer count: their members log in once more.
ALTER TABLE sessions ADD COLUMN key_hash TEXT;
