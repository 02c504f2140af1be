import type { Profile } from '../../kernel/profile';
import { hashToken, newRefreshToken, REFTOKEN_TTL_MS } from './tokens';

/** How long a password-reset link works: an hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/** A member as the account pages show them: the profile both sides infer from kernel/profile.ts. */
export type Member = Profile;

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  name: string;
  region: string;
  newsletter: number;
  created_at: number;
  proven_at: number | null;
}

const member = (row: UserRow): Member => ({
  user_id: row.id,
  email: row.email,
  name: row.name,
  region: row.region,
  newsletter: row.newsletter === 1,
  created_at: row.created_at,
  proven: row.proven_at !== null,
});

/** The one of `keys` whose hash a session stores, if any (none for a session stored without a key). */
async function keyOf(keys: readonly string[], keyHash: string | null): Promise<string | undefined> {
  if (keyHash === null) return undefined;
  const hashes = await Promise.all(keys.map(hashToken));
  return keys[hashes.indexOf(keyHash)];
}

/**
 * How long after its use a refresh token may be presented again by the browser holding the
 * session's key and still be exchanged (docs/decisions/0044): long enough for another tab's
 * storage write or a lost answer, too short to be worth replaying.
 */
export const REUSE_GRACE_MS = 10_000;

/** What became of a refresh token presented for rotation. */
type Rotation = { kind: 'rotated'; sessionId: string; reftoken: string; key: string } | { kind: 'refused' };

/**
 * Account records in one API group's D1 database. Every write that must be whole is one
 * batch (a transaction), so no half-written account or session is ever left behind.
 */
export class AccountRecords {
  /** The API group's database: its records, and the rate limits keyed by its members' addresses. */
  constructor(readonly db: D1Database) {}

  /** The user with an address (and their password hash), if any. */
  async byEmail(email: string): Promise<(Member & { passwordHash: string }) | undefined> {
    const row = await this.db.prepare('SELECT * FROM users WHERE email = ?1').bind(email).first<UserRow>();
    return row ? { ...member(row), passwordHash: row.password_hash } : undefined;
  }

  /** The user with an id (and their password hash), if any. */
  async byId(id: string): Promise<(Member & { passwordHash: string }) | undefined> {
    const row = await this.db.prepare('SELECT * FROM users WHERE id = ?1').bind(id).first<UserRow>();
    return row ? { ...member(row), passwordHash: row.password_hash } : undefined;
  }

  /** Creates a user, its address not yet proven; false when the address is taken (a concurrent registration won). */
  async create(user: { id: string; email: string; passwordHash: string; region: string }, now: number): Promise<boolean> {
    const result = await this.db
      .prepare(
        'INSERT INTO users (id, email, password_hash, region, newsletter, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, 0, ?5, ?5) ON CONFLICT (email) DO NOTHING',
      )
      .bind(user.id, user.email, user.passwordHash, user.region, now)
      .run();
    return result.meta.changes > 0;
  }

  /** Marks a member's address proven (a mailed link was followed), once: the first proof's time stays. */
  async prove(userId: string, now: number): Promise<void> {
    await this.db.prepare('UPDATE users SET proven_at = ?1, updated_at = ?1 WHERE id = ?2 AND proven_at IS NULL').bind(now, userId).run();
  }

  /** Deletes a user that lost a race for its address to an account in another API group (nothing hangs off it yet). */
  async withdraw(userId: string): Promise<void> {
    await this.db.prepare('DELETE FROM users WHERE id = ?1').bind(userId).run();
  }

  /**
   * Starts a session (a new refresh-token family) bound to a key the browser keeps in an
   * HttpOnly cookie, and answers its first refresh token.
   */
  async startSession(userId: string, key: string, now: number): Promise<{ sessionId: string; reftoken: string }> {
    const sessionId = crypto.randomUUID();
    const reftoken = newRefreshToken();
    await this.db.batch([
      this.db.prepare('INSERT INTO sessions (id, user_id, created_at, key_hash) VALUES (?1, ?2, ?3, ?4)').bind(sessionId, userId, now, await hashToken(key)),
      this.db
        .prepare('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES (?1, ?2, ?3)')
        .bind(await hashToken(reftoken), sessionId, now + REFTOKEN_TTL_MS),
    ]);
    return { sessionId, reftoken };
  }

  /** Whether a session is live (exists, not revoked) and one of `keys` is its key (the browser's HttpOnly cookie). */
  async sessionLive(sessionId: string, userId: string, keys: readonly string[]): Promise<boolean> {
    if (!keys.length) return false;
    const row = await this.db
      .prepare('SELECT revoked_at, key_hash FROM sessions WHERE id = ?1 AND user_id = ?2')
      .bind(sessionId, userId)
      .first<{ revoked_at: number | null; key_hash: string | null }>();
    return row !== null && row.revoked_at === null && (await keyOf(keys, row.key_hash)) !== undefined;
  }

  /**
   * Exchanges a refresh token for the next one in its family, beside the session's key (the
   * browser's HttpOnly cookie). Without the key the token is refused and nothing changes: a
   * copy read by a script is no use elsewhere, and cannot end the member's session either.
   * With it, a token that was already used is a replay and the whole family is revoked (reuse
   * detection), unless it was used less than REUSE_GRACE_MS ago: then this browser is only
   * late, not replaying (a tab that read its storage before another tab's refresh reached it,
   * or an answer lost on the way), and it gets a successor of its own in the same family.
   * `keys` are the keys the browser sent; the one that is the session's is answered, to renew.
   */
  async rotate(userId: string, reftoken: string, keys: readonly string[], now: number): Promise<Rotation> {
    if (!keys.length) return { kind: 'refused' };
    const hash = await hashToken(reftoken);
    const row = await this.db
      .prepare(
        'SELECT t.session_id, t.expires_at, t.used_at, s.revoked_at, s.key_hash FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = ?1 AND s.user_id = ?2',
      )
      .bind(hash, userId)
      .first<{ session_id: string; expires_at: number; used_at: number | null; revoked_at: number | null; key_hash: string | null }>();
    const key = row && row.revoked_at === null ? await keyOf(keys, row.key_hash) : undefined;
    if (!row || key === undefined) return { kind: 'refused' };
    if (row.used_at !== null) {
      if (now - row.used_at < REUSE_GRACE_MS) return this.successor(row.session_id, key, now);
      await this.revokeSession(row.session_id, now);
      return { kind: 'refused' };
    }
    if (row.expires_at <= now) return { kind: 'refused' };
    const next = newRefreshToken();
    // Claim the token and add its successor in one transaction; of two concurrent uses only
    // one claims it, and the other, a use within the grace, gets a successor of its own.
    const [claim] = await this.db.batch([
      this.db.prepare('UPDATE refresh_tokens SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL').bind(now, hash),
      this.db
        .prepare('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) SELECT ?1, ?2, ?3 WHERE changes() = 1')
        .bind(await hashToken(next), row.session_id, now + REFTOKEN_TTL_MS),
    ]);
    if (!claim || claim.meta.changes !== 1) return this.successor(row.session_id, key, now);
    return { kind: 'rotated', sessionId: row.session_id, reftoken: next, key };
  }

  /** A further refresh token in a live family, for a use of a spent one within the grace. */
  private async successor(sessionId: string, key: string, now: number): Promise<Rotation> {
    const next = newRefreshToken();
    // Only while the family is live: a revocation that came between ends the late tab's session too.
    const added = await this.db
      .prepare(
        'INSERT INTO refresh_tokens (token_hash, session_id, expires_at) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?2 AND revoked_at IS NULL)',
      )
      .bind(await hashToken(next), sessionId, now + REFTOKEN_TTL_MS)
      .run();
    return added.meta.changes === 1 ? { kind: 'rotated', sessionId, reftoken: next, key } : { kind: 'refused' };
  }

  /** Ends one session. */
  async revokeSession(sessionId: string, now: number): Promise<void> {
    await this.db.prepare('UPDATE sessions SET revoked_at = ?1 WHERE id = ?2 AND revoked_at IS NULL').bind(now, sessionId).run();
  }

  /** Ends every session of a user, but `keep` if given. */
  async revokeAll(userId: string, now: number, keep?: string): Promise<void> {
    await this.db
      .prepare('UPDATE sessions SET revoked_at = ?1 WHERE user_id = ?2 AND revoked_at IS NULL AND id IS NOT ?3')
      .bind(now, userId, keep ?? null)
      .run();
  }

  /** Updates the name, the one profile field a member sets directly (the newsletter is a sign-up: worker/records/subscriptions.ts). */
  async updateName(userId: string, name: string, now: number): Promise<void> {
    await this.db.prepare('UPDATE users SET name = ?1, updated_at = ?2 WHERE id = ?3').bind(name, now, userId).run();
  }

  /** Sets a new password hash; every reset link still pending for the member is spent with it, in one transaction. */
  async setPassword(userId: string, passwordHash: string, now: number): Promise<void> {
    await this.db.batch([
      this.db.prepare('UPDATE users SET password_hash = ?1, updated_at = ?2 WHERE id = ?3').bind(passwordHash, now, userId),
      this.db.prepare('UPDATE password_resets SET used_at = ?1 WHERE user_id = ?2 AND used_at IS NULL').bind(now, userId),
    ]);
  }

  /** Records a password-reset token (its hash) for an hour. */
  async createReset(userId: string, token: string, now: number): Promise<void> {
    await this.db
      .prepare('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (?1, ?2, ?3)')
      .bind(await hashToken(token), userId, now + RESET_TTL_MS)
      .run();
  }

  /** The user a reset token is for, while it is unused and unexpired; it stays usable. */
  async pendingReset(token: string, now: number): Promise<string | undefined> {
    const row = await this.db
      .prepare('SELECT user_id FROM password_resets WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2')
      .bind(await hashToken(token), now)
      .first<{ user_id: string }>();
    return row?.user_id;
  }

  /** Uses a reset token once: the user it was for, if it is valid. */
  async useReset(token: string, now: number): Promise<string | undefined> {
    const hash = await hashToken(token);
    const row = await this.db
      .prepare('UPDATE password_resets SET used_at = ?1 WHERE token_hash = ?2 AND used_at IS NULL AND expires_at > ?1 RETURNING user_id')
      .bind(now, hash)
      .first<{ user_id: string }>();
    return row?.user_id;
  }

  /** Deletes a user and everything that hangs off them, in one transaction (mail kept for them locally too). */
  async delete(userId: string, email: string): Promise<void> {
    await this.db.batch([
      this.db.prepare('DELETE FROM outbox WHERE recipient = ?1').bind(email),
      this.db.prepare('DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE user_id = ?1)').bind(userId),
      this.db.prepare('DELETE FROM sessions WHERE user_id = ?1').bind(userId),
      this.db.prepare('DELETE FROM password_resets WHERE user_id = ?1').bind(userId),
      this.db.prepare('DELETE FROM users WHERE id = ?1').bind(userId),
    ]);
  }
}
