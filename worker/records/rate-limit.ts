/** An allowance: requests per fixed window, counted per subject (a client, an address). */
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
  /** Support-form submissions, per client. */
  form: { limit: 5, window: 10 * 60_000 },
  /** Account calls, per client and action. */
  'account-client': { limit: 20, window: 60_000 },
  /** Account calls naming an address, per address and action. */
  'account-address': { limit: 5, window: 60_000 },
} as const satisfies Record<string, Allowance>;

/** A purpose with its own allowance and key space. */
export type LimitPurpose = keyof typeof LIMITS;

/**
 * Counts one request of `subject` for `purpose` in the current window (D1, shared by every
 * isolate) and says whether it is within the allowance. The purpose's old windows are swept
 * as its new ones open.
 */
export async function allow(db: D1Database, purpose: LimitPurpose, subject: string, now: number): Promise<boolean> {
  const { limit, window } = LIMITS[purpose];
  const start = now - (now % window);
  const row = await db
    .prepare(
      'INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count',
    )
    .bind(`${purpose}:${subject}`, start)
    .first<{ count: number }>();
  if (row?.count === 1) {
    // Keys of this purpose sort between `purpose:` and `purpose;` (';' follows ':').
    await db
      .prepare('DELETE FROM rate_limits WHERE key > ?1 AND key < ?2 AND window_start < ?3')
      .bind(`${purpose}:`, `${purpose};`, start - window)
      .run();
  }
  return (row?.count ?? 1) <= limit;
}
