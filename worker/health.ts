/**
 * `/healthz` (docs/decisions/0037): whether this version can serve, checked cheaply and never
 * cached: one KV read of a key that need not exist, `SELECT 1` on every D1 database, one R2
 * `head` per bucket (the same as a missing attachment's), each within two seconds, the
 * counters' dataset bound, and, outside local runs, every secret the worker needs set. It
 * answers 200 with each check `ok`, else 503 naming the checks that failed (never a secret's
 * value or name: those go to the log). The release and the version's id say what answered.
 */
import type { Context } from 'hono';
import { CACHE } from './cache';
import { SECRETS, VARIABLES, configOf, type Bindings } from './env';
import { logError } from './log';

/** How long one check may take. */
const CHECK_TIMEOUT = 2_000;

const within = <T>(promise: Promise<T>): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT} ms`)), CHECK_TIMEOUT))]);

type Check = 'ok' | 'failed' | 'unbound' | 'incomplete';

/** Runs one check: ok, or failed (logged with its error). */
async function check(name: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await within(probe());
    return 'ok';
  } catch (error) {
    logError(`healthz: ${name} failed`, error);
    return 'failed';
  }
}

export async function healthHandler(c: Context<{ Bindings: Bindings }>): Promise<Response> {
  const env = c.env;
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
    secrets: config.environment === 'local' || missing.length === 0 ? 'ok' : 'incomplete',
  };
  const ok = Object.values(checks).every((v) => v === 'ok');
  return c.json({ ok, release: config.release ?? null, version: env.CF_VERSION_METADATA?.id ?? null, checks }, ok ? 200 : 503, { 'Cache-Control': CACHE.none });
}
