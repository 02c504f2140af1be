/** Options of a fixed-window rate limit. */
interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in ms. */
  window: number;
}

const DEFAULT_OPTIONS: RateLimitOptions = { limit: 10, window: 60_000 };

/**
 * Counts one request for `key` in the current window (D1, shared by every isolate) and
 * says whether it is within the limit. Old windows are swept as new ones open.
 */
export async function withinLimit(db: D1Database, key: string, now: number, options: RateLimitOptions = DEFAULT_OPTIONS): Promise<boolean> {
  const start = now - (now % options.window);
  const row = await db
    .prepare(
      'INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1) ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count',
    )
    .bind(key, start)
    .first<{ count: number }>();
  if (row?.count === 1) {
    await db
      .prepare('DELETE FROM rate_limits WHERE window_start < ?1')
      .bind(start - options.window)
      .run();
  }
  return (row?.count ?? 1) <= options.limit;
}
