/**
 * Cache policy, in one place (after Hydrogen's cache strategies): every `Cache-Control` the
 * worker sends, and the ones the static-asset headers get, is one of these, by name.
 */
export const CACHE = {
  /** Redirects, API answers, form outcomes: never stored anywhere. */
  none: 'no-store',
  /** A preview, or anything for one visitor only. */
  private: 'private, no-store',
  /**
   * Pages: they show the visitor's country label and suggestion, so they are not shared;
   * the browser revalidates each time.
   */
  page: 'private, max-age=0, must-revalidate',
  /**
   * Public data calls (the FAQ's entries): the same for everyone, shared for five minutes,
   * then served stale for a minute while a fresh copy is fetched.
   */
  data: 'public, max-age=300, stale-while-revalidate=60',
  /** robots.txt and sitemaps: shared for five minutes, so a campaign appears soon after it opens. */
  crawler: 'public, max-age=300',
  /** Content-hashed assets under /assets/: a new build has new names. */
  immutable: 'public, max-age=31536000, immutable',
  /** `/healthz`'s verdict (decision 0065): an uptime check's repeats within five seconds may be answered from a cache. */
  health: 'public, max-age=5',
  /** Images and other static files whose names do not change. */
  static: 'public, max-age=86400',
} as const;
