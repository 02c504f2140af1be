/** An allowance: requests per window, counted per subject (a client, an address) over the last window's span (`sliding`). */
interface Allowance {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in ms. */
  window: number;
}

/**
 * Every rate limit of the site, by purpose. Each purpose is its own key space: its counts
 * are swept only by its own windows, so a purpose with one-minute windows never clears the
 * counts of one with ten-minute windows (the support forms' limit once was wiped so).
 */
const LIMITS = {
  /** Newsletter subscriptions, per client. */
  subscribe: { limit: 10, window: 60_000 },
  /** Lucky-draw entries, per client. */
  'lucky-draw': { limit: 10, window: 60_000 },
  /** Lucky-draw mails to one person (an entry's identity): an entry and two repeats a day, so the draw cannot flood a mailbox. */
  'lucky-draw-mail': { limit: 3, window: 24 * 60 * 60_000 },
  /** Support-form submissions, per client. */
  form: { limit: 5, window: 10 * 60_000 },
  /** Support-form posts, per client, counted before the body is read (a refused one included: docs/decisions/0055). */
  'form-post': { limit: 20, window: 10 * 60_000 },
  /** Account calls, per client and action. */
  'account-client': { limit: 20, window: 60_000 },
  /** Failed credentials for one address from one client (every action together): that client alone is slowed. */
  'account-guess': { limit: 5, window: 60_000 },
  /**
   * Failed credentials for one address from every client without its device cookie: past it a
   * stranger's client must pass the CAPTCHA (where configured) to try again, while the
   * member's own browser (its device cookie) goes on (docs/decisions/0055).
   */
  'account-address': { limit: 30, window: 15 * 60_000 },
  /** Failed credentials from every client without a device cookie, every address together: the same, against a guess spread over many addresses. */
  'account-global': { limit: 2_000, window: 15 * 60_000 },
  /** Failed credentials from one device cookie (its own budget: the member's typos never count against the address). */
  'account-device': { limit: 10, window: 15 * 60_000 },
  /** Reset mails to one address, asked from any client without its device cookie: a few a day, whoever asks. */
  'reset-mail': { limit: 3, window: 24 * 60 * 60_000 },
  /** Reset mails asked from one of the member's own browsers (its device cookie): a few more a day of its own, so a stranger cannot spend the member's. */
  'reset-mail-device': { limit: 3, window: 24 * 60 * 60_000 },
  /** Mails asking to confirm an address (a new account's proof, a double opt-in sign-up), per address: a few a day, the answer unchanged. */
  'confirm-mail': { limit: 3, window: 24 * 60 * 60_000 },
} as const satisfies Record<string, Allowance>;

/** A purpose with its own allowance and key space. */
export type LimitPurpose = keyof typeof LIMITS;

/**
 * Counts one request of `subject` for `purpose` (D1, shared by every isolate) and says whether
 * it is within the allowance over the last window. The purpose's old windows are swept as its
 * new ones open.
 */
export async function allow(db: D1Database, purpose: LimitPurpose, subject: string, now: number): Promise<boolean> {
  return (await count(db, purpose, subject, now)) <= LIMITS[purpose].limit;
}

/** Whether `subject` has spent less than its allowance for `purpose` over the last window, counting nothing. */
export async function within(db: D1Database, purpose: LimitPurpose, subject: string, now: number): Promise<boolean> {
  const { limit, window } = LIMITS[purpose];
  const start = now - (now % window);
  const { results } = await db
    .prepare('SELECT window_start, count FROM rate_limits WHERE key = ?1 AND window_start IN (?2, ?3)')
    .bind(`${purpose}:${subject}`, start, start - window)
    .all<{ window_start: number; count: number }>();
  const current = results.find((r) => r.window_start === start)?.count ?? 0;
  const previous = results.find((r) => r.window_start === start - window)?.count ?? 0;
  return sliding(current, previous, now, window) < limit;
}

/**
 * Counts one event of `subject` for `purpose` (a failed password, say), and says how many
 * there were over the last window, this one included.
 */
export async function count(db: D1Database, purpose: LimitPurpose, subject: string, now: number): Promise<number> {
  const { window } = LIMITS[purpose];
  const start = now - (now % window);
  const key = `${purpose}:${subject}`;
  // One round trip: count this one, and read the previous window's count beside it.
  const [counted, before] = await db.batch<{ count: number }>([
    db
      .prepare(
        'INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count',
      )
      .bind(key, start),
    db.prepare('SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2').bind(key, start - window),
  ]);
  const current = counted?.results[0]?.count ?? 1;
  if (current === 1) {
    // Keys of this purpose sort between `purpose:` and `purpose;` (';' follows ':').
    await db
      .prepare('DELETE FROM rate_limits WHERE key > ?1 AND key < ?2 AND window_start < ?3')
      .bind(`${purpose}:`, `${purpose};`, start - window)
      .run();
  }
  return sliding(current, before?.results[0]?.count ?? 0, now, window);
}

/**
 * The count over the `window` ms before `now`: this window's count, plus the previous
 * window's weighted by the share of it still inside that span (the sliding-window estimate
 * Cloudflare's own rate limiting uses). A fixed window alone let a client spend its allowance
 * at the end of one window and again at the start of the next: twice the limit in seconds.
 */
export function sliding(current: number, previous: number, now: number, window: number): number {
  return current + previous * (1 - (now % window) / window);
}

/**
 * The key an address (or a draw identity) is counted under: its SHA-256, so no limiter row
 * holds an address in clear (a count outlives an erasure by up to a window, docs/decisions/0055).
 */
export async function addressKey(address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
