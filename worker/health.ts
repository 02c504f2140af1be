/**
 * Health in two kinds (docs/decisions/0065).
 *
 * `/healthz`, public: whether this version can serve pages. Pages render from the content
 * bundles (KV, else the copy compiled into the version) and the schedule, with no database, so
 * that is what it checks: the configuration parsed, every edition's bundle and the schedule
 * readable (memory, KV or the bundled fallback). It answers 200 while pages render, a fault of
 * D1, R2 or the accounts databases included, names no binding and no version, and is cheap:
 * one verdict an isolate for five seconds, cacheable for as long.
 *
 * `/healthz/deep`, private: every binding's state (a KV read, `SELECT 1` per database, an R2
 * `head` per bucket, each within two seconds, the counters' dataset, the mail binding and,
 * deployed, the secrets), 200 when all are `ok`, else 503 naming what failed. It asks for the
 * `HEALTH_TOKEN` secret as a bearer token (locally none is needed) and is rate-limited per
 * client by the `HEALTH_LIMIT` binding, before the token is even read.
 */
import type { Context } from 'hono';
import { CACHE } from './cache';
import { SECRETS, VARIABLES, configOf, type Bindings } from './env';
import { logError } from './log';

/** How long one check may take. */
const CHECK_TIMEOUT = 2_000;
/** How long a public verdict is reused by the isolate and may be cached by a client. */
const HEALTH_TTL_SECONDS = 5;

const within = <T>(promise: Promise<T>): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT} ms`)), CHECK_TIMEOUT))]);

type Check = 'ok' | 'failed' | 'unbound' | 'incomplete';

/** Runs one check: ok, or failed (logged with its error, scrubbed). */
async function check(name: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await within(probe());
    return 'ok';
  } catch (error) {
    logError(`healthz: ${name} failed`, error);
    return 'failed';
  }
}

/** The isolate's last public verdict per env (one env an isolate when deployed), with when it expires. */
const verdicts = new WeakMap<object, { ok: boolean; expires: number }>();

/** Reads what every page renders from (every edition's content, the schedule), for a release; rejects when it cannot. */
type ContentProbe = (kv: KVNamespace, db: D1Database, release: string | undefined) => Promise<unknown>;

/** Whether this version can serve pages: its configuration parses and `probe` reads the content. */
async function canServe(env: Bindings, probe: ContentProbe): Promise<boolean> {
  try {
    await within(probe(env.CONTENT, env.DB, configOf(env).release));
    return true;
  } catch (error) {
    logError('healthz: pages cannot be served', error);
    return false;
  }
}

/**
 * GET /healthz: 200 `{"ok":true}` while pages render, else 503; cacheable for five seconds.
 * `probe` is the content store's (worker/context/content.ts): this module reads no layer.
 */
export function healthHandler(probe: ContentProbe) {
  return async (c: Context<{ Bindings: Bindings }>): Promise<Response> => {
    const now = Date.now();
    let verdict = verdicts.get(c.env);
    if (!verdict || verdict.expires <= now) {
      verdict = { ok: await canServe(c.env, probe), expires: now + HEALTH_TTL_SECONDS * 1000 };
      verdicts.set(c.env, verdict);
    }
    return c.json({ ok: verdict.ok }, verdict.ok ? 200 : 503, { 'Cache-Control': verdict.ok ? CACHE.health : CACHE.none });
  };
}

/** Compares a presented token with the configured one in time independent of where they differ. */
function sameToken(presented: string, expected: string): boolean {
  if (presented.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < presented.length; i++) diff |= presented.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether a request may read the deep checks: locally always; deployed, with
 * `Authorization: Bearer <HEALTH_TOKEN>`, and never when no token is configured.
 */
function authorized(c: Context<{ Bindings: Bindings }>): boolean {
  if (configOf(c.env).environment === 'local' && !c.env.HEALTH_TOKEN) return true;
  const expected = VARIABLES.HEALTH_TOKEN.safeParse(c.env.HEALTH_TOKEN);
  const presented = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
  return expected.success && presented !== undefined && sameToken(presented, expected.data);
}

/** GET /healthz/deep: every binding's state, for ops and the rollout only (a token, a rate limit). */
export async function deepHealthHandler(c: Context<{ Bindings: Bindings }>): Promise<Response> {
  const env = c.env;
  const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
  const { success } = (await env.HEALTH_LIMIT?.limit({ key: `healthz-deep:${client}` })) ?? { success: true };
  if (!success) return c.json({ ok: false }, 429, { 'Cache-Control': CACHE.none, 'Retry-After': '60' });
  if (!authorized(c)) return c.json({ ok: false }, 401, { 'Cache-Control': CACHE.none, 'WWW-Authenticate': 'Bearer realm="healthz"' });

  const config = configOf(env);
  const databases = { DB: env.DB, ACCOUNTS_US: env.ACCOUNTS_US, ACCOUNTS_EU: env.ACCOUNTS_EU, ACCOUNTS_CN: env.ACCOUNTS_CN };
  const buckets = { ATTACHMENTS_US: env.ATTACHMENTS_US, ATTACHMENTS_EU: env.ATTACHMENTS_EU, ATTACHMENTS_CN: env.ATTACHMENTS_CN };
  const missing = SECRETS.filter((name) => !VARIABLES[name].safeParse(env[name]).success);
  if (config.environment !== 'local' && missing.length) logError(`healthz: secrets missing or too short: ${missing.join(', ')}`);
  const entries = await Promise.all(
    [
      ['CONTENT', check('CONTENT', () => env.CONTENT.get('healthz'))] as const,
      ...Object.entries(databases).map(([name, db]) => [name, check(name, () => db.prepare('SELECT 1').first())] as const),
      ...Object.entries(buckets).map(([name, bucket]) => [name, check(name, () => bucket.head('healthz'))] as const),
    ].map(async ([name, result]) => [name, await result] as const),
  );
  const checks: Record<string, Check> = {
    ...Object.fromEntries(entries),
    METRICS: env.METRICS ? 'ok' : 'unbound',
    SEND_EMAIL: env.SEND_EMAIL ? 'ok' : 'unbound',
    secrets: config.environment === 'local' || missing.length === 0 ? 'ok' : 'incomplete',
  };
  const ok = Object.values(checks).every((v) => v === 'ok');
  return c.json({ ok, release: config.release ?? null, version: env.CF_VERSION_METADATA?.id ?? null, checks }, ok ? 200 : 503, { 'Cache-Control': CACHE.none });
}
