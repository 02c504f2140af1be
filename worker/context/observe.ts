import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { Context } from 'hono';
import { findPage } from '../../content/pages';
import { logRequest } from '../log';
import { countEvent, flush } from '../metrics';
import type { AppEnv } from './types';

/** The render cache's verdicts, as the page step states them in `X-Render-Cache` (decision 0028: `stale` is served while one request renders). */
const CACHE_STATES = new Set(['hit', 'stale', 'miss', 'bypass']);

/**
 * The route that answered, as registered: `/account/user/subscribe/create`, `/:region/login`;
 * `*` is the page step (the page's slug says which). Never the path itself, which holds
 * whatever a visitor typed.
 */
function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c).filter((r) => r.method !== 'ALL' && r.path !== '*' && !r.path.endsWith('/*'));
  return routes.at(-1)?.path ?? '*';
}

/**
 * Whether a request's line is written (docs/decisions/0065): always for a 5xx (an exception
 * answers 500), locally and at a rate of 1; otherwise at the configured share, `draw` a number
 * in [0, 1). Workers Logs keep every invocation, so the lines kept here are the lines kept.
 */
function keepLine(status: number, rate: number, local: boolean, draw: number): boolean {
  return local || status >= 500 || draw < rate;
}

/**
 * Watches every request (docs/decisions/0037, 0065), first of all: once the answer is made, one
 * log line (method, route, page, edition, status, render-cache state, duration, the version
 * that answered, the colo; no path, query, address or token) and the counters that belong to
 * every request (cache hit/miss/bypass, 5xx), and writes the events the content store noted
 * meanwhile. Deployed, the line is JSON and ordinary answers are sampled (`LOG_SAMPLE_RATE`),
 * a 5xx never; locally (`npm start`) every request gets a compact line.
 */
export function observe() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = Date.now();
    await next();
    const status = c.res.status;
    const edition = c.get('edition')?.region;
    const cache = c.res.headers.get('X-Render-Cache') ?? undefined;
    const route = routeOf(c);
    if (cache && CACHE_STATES.has(cache)) countEvent(c.env, 'cache', edition, cache);
    if (status >= 500) countEvent(c.env, 'error_5xx', edition, route);
    flush(c.env);
    const config = c.get('config');
    const local = config?.environment === 'local';
    if (!keepLine(status, config?.logSampleRate ?? 1, local, Math.random())) return;
    // The page by its registered slug, never as typed: an unknown path is `(none)`.
    const slug = c.get('slug');
    logRequest(
      {
        event: 'request',
        method: c.req.method,
        route,
        page: slug === undefined ? undefined : findPage(slug) ? slug || 'home' : '(none)',
        edition,
        status,
        cache,
        ms: Date.now() - started,
        version: c.env.CF_VERSION_METADATA?.id,
        colo: (c.req.raw.cf as { colo?: string } | undefined)?.colo,
      },
      local ? 'compact' : 'json',
    );
  });
}
