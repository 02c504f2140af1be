/**
 * The business and health counters (docs/decisions/0037), one module: every count the site
 * keeps is a data point in Workers Analytics Engine (wrangler.toml `[[analytics_engine_datasets]]`,
 * binding METRICS), written here and nowhere else. A point is `blob1` the counter, `blob2`
 * the edition (`-` when the request has none), `blob3` a detail from a fixed list (never a
 * visitor's words), `blob4` the worker version that counted (a rollout compares them), `double1` 1; the counter is its index, so sampling keeps each counter's
 * share. docs/operations.md, "Watching the site", has the SQL that reads them.
 */
import { logWarning } from './log';

/** What is counted. */
export const COUNTERS = [
  /** A newsletter or product-notification subscription stored (detail: newsletter | product). */
  'subscription',
  /** A subscription confirmed by its mail's link (double opt-in). */
  'confirmation',
  /** A lucky-draw entry stored (detail: the campaign). */
  'draw_entry',
  /** A support form stored (detail: its kind). */
  'form_submission',
  /** A member signed in (detail: password | register). */
  'sign_in',
  /** A page answer and the render cache (detail: hit | stale | miss | bypass). */
  'cache',
  /** Content served from the last good or the bundled copy because KV could not (detail: the fault). */
  'kv_fallback',
  /** An answer with a 5xx status (detail: the route). */
  'error_5xx',
  /**
   * A mail's way through the outbox (decision 0064; detail `<kind>:<outcome>`: queued, refused
   * by the outbox's database, sent, retry after a failed attempt, failed for good, expired).
   */
  'mail',
] as const;
export type Counter = (typeof COUNTERS)[number];

/** The part of the env the counters use: the dataset, absent where it is not bound. */
interface MetricsEnv {
  METRICS?: AnalyticsEngineDataset;
  CF_VERSION_METADATA?: WorkerVersionMetadata;
}

/**
 * Counts one event for an edition. Never throws and never waits: a counter that cannot be
 * written is logged, and the request goes on.
 */
export function countEvent(env: MetricsEnv, counter: Counter, edition: string | undefined, detail = ''): void {
  try {
    env.METRICS?.writeDataPoint({ indexes: [counter], blobs: [counter, edition ?? '-', detail, env.CF_VERSION_METADATA?.id ?? '-'], doubles: [1] });
  } catch (error) {
    logWarning(`metrics: ${counter} not counted`, error);
  }
}

/** Events seen where no env is at hand (the content store), until the next request writes them. */
const pending: { counter: Counter; edition: string | undefined; detail: string }[] = [];
/** How many events wait at most: past that, the oldest are dropped (a burst of KV faults). */
const PENDING_LIMIT = 100;

/**
 * Notes an event where no binding is at hand (the content store is shared by the isolate's
 * requests); the next request's end writes it (`flush`).
 */
export function note(counter: Counter, edition: string | undefined, detail = ''): void {
  pending.push({ counter, edition, detail });
  if (pending.length > PENDING_LIMIT) pending.shift();
}

/**
 * How many noted events one request writes at most: Analytics Engine takes 25 data points per
 * invocation, and the request's own (its cache state, a 5xx, a business counter) need room
 * beside them. The rest wait for the next requests.
 */
const FLUSH_LIMIT = 20;

/** Writes the noted events, the oldest first, at most `FLUSH_LIMIT` (the request log middleware calls it once per request). */
export function flush(env: MetricsEnv): void {
  for (const { counter, edition, detail } of pending.splice(0, FLUSH_LIMIT)) countEvent(env, counter, edition, detail);
}
