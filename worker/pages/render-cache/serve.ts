import type { Context } from 'hono';
import { CACHE } from '../../cache';
import type { Site } from '../../context/site';
import type { AppEnv } from '../../context/types';
import { acceptsGzip, fnv, gunzipStream, matchesEtag, readBytes, sharedGet, type CachedPage } from '../../render/page-cache';
import { stitch, variantOf, visitorParts } from '../visitor';
import { stitched, visitorCopy } from './copy';
import { planFor, type Plan } from './key';
import { flights, keep, previousOf, remember, renderCache, STALE_MS, variants, whileResponding, type Flight } from './store';

/*
 * The page step through the render cache (decision 0028): a page stored for this moment sent
 * stitched for the visitor; a miss rendered once while concurrent misses wait on it, or are
 * sent the page's previous body for at most STALE_MS.
 */

/** How long a request waits on another's render before it renders the page itself. */
const FLIGHT_MS = 10_000;

/** Headers of a page answer from the cache. */
function hitHeaders(page: CachedPage, etag: string, state: 'hit' | 'stale'): Record<string, string> {
  return {
    'Cache-Control': CACHE.page,
    ETag: etag,
    Vary: 'Accept-Encoding',
    ...(page.links.length ? { Link: page.links.join(', ') } : {}),
    'X-Render-Cache': state,
  };
}

/**
 * A stored page sent to a visitor: 304 when the browser has this visitor's copy; the stored
 * bytes as they are to a client that accepts gzip (the worker's entry sends a
 * `Content-Encoding` answer unencoded again: worker/index.ts) and unzipped as they stream to
 * one that does not. A visitor with parts of their own gets the page stitched for them:
 * unzipped, stitched and gzipped again as it streams, the first time this isolate meets their
 * variant of the page, and from then on its stored bytes (`variants`), as cheaply as anyone.
 */
function send<E extends AppEnv>(c: Context<E>, plan: Plan, page: CachedPage, state: 'hit' | 'stale'): Response {
  stitched(c);
  const variant = variantOf(plan.visitor, plan.consent);
  // A stitched copy's own strong validator: the stored body's and the visitor's variant.
  const etag = variant ? `${page.etag.slice(0, -1)}.${fnv(variant)}"` : page.etag;
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, hitHeaders(page, etag, state));
  const zipped = acceptsGzip(c.req.header('Accept-Encoding'));
  const headers = { 'Content-Type': 'text/html; charset=utf-8', ...hitHeaders(page, etag, state), ...(zipped ? { 'Content-Encoding': 'gzip' } : {}) };
  const key = `${page.key}#${variant}`;
  const stored = variant ? variants.get(key, plan.now) : page;
  if (stored) return c.body(zipped ? stored.gzip : gunzipStream(stored.gzip), page.status as 200, headers);
  const body = stitch(new Response(gunzipStream(page.gzip), { headers: { 'Content-Type': 'text/html' } }), visitorParts(plan.visitor, plan.consent)!).body!;
  if (!zipped) return c.body(body, page.status as 200, headers);
  const [out, copy] = body.pipeThrough(new CompressionStream('gzip')).tee();
  whileResponding(
    c,
    readBytes(copy).then((gzip) => {
      if (gzip) variants.set({ ...page, key, gzip, etag, size: gzip.length });
    }),
  );
  return c.body(out, page.status as 200, headers);
}

/** A promise's value, or undefined after `ms` (a render whose request was cancelled never settles). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The page step through the render cache: a page stored for this moment is sent stitched for
 * the visitor; a miss renders the page once (`render`, given the Site to render with) while
 * concurrent misses wait on that render, or, where the page has a previous version's body
 * still good, are sent that for at most STALE_MS. A request that cannot be cached renders for
 * the visitor alone (`bypass`).
 */
export async function throughCache<E extends AppEnv>(c: Context<E>, site: Site, render: (site: Site) => Promise<Response>): Promise<Response> {
  const plan = planFor(c, site);
  if (!plan) {
    c.header('X-Render-Cache', 'bypass');
    return render(site);
  }
  const stored = renderCache.get(plan.key, plan.now);
  if (stored) return send(c, plan, stored, 'hit');
  const flight = flights.get(plan.key);
  if (flight && plan.now - flight.started < FLIGHT_MS) {
    if (flight.stale && plan.now - flight.started < STALE_MS) return send(c, plan, flight.stale, 'stale');
    const page = await within(flight.page, FLIGHT_MS);
    if (page) return send(c, plan, page, 'hit');
    // The shared render failed, hung or was no page to store (a redirect): this visitor's own, not stored.
    return visitorCopy(c, plan, await render(plan.site));
  }
  return lead(c, plan, render);
}

/** The first miss of a key: looks in the colo, else renders, while later misses wait on it. */
async function lead<E extends AppEnv>(c: Context<E>, plan: Plan, render: (site: Site) => Promise<Response>): Promise<Response> {
  let settle!: (page: CachedPage | undefined) => void;
  const flight: Flight = { started: plan.now, page: new Promise((resolve) => (settle = resolve)), stale: previousOf(plan) };
  flights.set(plan.key, flight);
  void flight.page.finally(() => {
    if (flights.get(plan.key) === flight) flights.delete(plan.key);
  });
  try {
    const shared = await sharedGet(plan.origin, plan.key, plan.now);
    if (shared) {
      renderCache.set(shared);
      remember(plan.slot, plan.key);
      settle(shared);
      return send(c, plan, shared, 'hit');
    }
    return keep(c, plan, await render(plan.site), settle);
  } catch (error) {
    settle(undefined);
    throw error;
  }
}
