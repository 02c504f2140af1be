import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { CACHE } from '../cache';
import { lastChange, nextChange } from '../clock/boundaries';
import { PREVIEW_COOKIE } from '../clock/preview';
import type { Consent } from '../context/consent';
import type { Site } from '../context/site';
import type { AppEnv } from '../context/types';
import { logWarning } from '../log';
import { MANIFEST } from '../render/assets';
import {
  acceptsGzip,
  etagOf,
  fnv,
  gunzipStream,
  gzip,
  matchesEtag,
  PageLru,
  readBytes,
  sharedGet,
  sharedPut,
  versionOf,
  type CachedPage,
} from '../render/page-cache';
import { neutral, stitch, variantOf, visitorParts } from './visitor';

/**
 * The render cache's rules (decisions 0020, 0028): which page answers are cached, under which
 * key and until when. A page is rendered once per moment for every visitor (their own parts
 * stitched in as it streams out: ./visitor.ts), then served as stored bytes (gzipped to a
 * browser) from the isolate's memory or the colo's Cache API until the next instant that can
 * change it. Concurrent misses in an isolate share one render; after a new content or
 * schedule version, the previous body is served for a few seconds while one request renders.
 */

/**
 * Query parameters that never change a page: analytics and ad-click tags. A URL whose query
 * holds only these is served (and rendered) as if it had none; any other query (a form's
 * `?subscribe=…&source=…` outcome, anything unknown) renders the page afresh, uncached.
 */
const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'twclid',
  'ttclid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_gl',
]);

/**
 * The isolate's memory: at most 400 pages and 8 MB of gzip (an isolate has 128 MB; every page
 * of every edition is some 160), not-found pages apart (50, 1 MB), so requests for made-up
 * paths cannot push real pages out.
 */
export const MEMORY = { pages: { entries: 400, bytes: 8_000_000 }, notFound: { entries: 50, bytes: 1_000_000 } } as const;
const pages = new PageLru(MEMORY.pages);
const notFound = new PageLru(MEMORY.notFound);
/** Stitched copies, by page key and visitor variant: a variant is stitched once per isolate and page (./visitor.ts). */
const variants = new PageLru({ entries: 300, bytes: 3_000_000 });

/** Bumped to forget every stored page at once: it is part of every key. */
let generation = 0;

/** The isolate's rendered pages: found pages and not-found pages, each in its own LRU. */
export const renderCache = {
  get: (key: string, now: number): CachedPage | undefined => pages.get(key, now) ?? notFound.get(key, now),
  set: (page: CachedPage): void => (page.status === 404 ? notFound : pages).set(page),
  get size(): number {
    return pages.size + notFound.size;
  },
  keys: (): string[] => [...pages.keys(), ...notFound.keys()],
  clear(): void {
    pages.clear();
    notFound.clear();
    variants.clear();
    latest.clear();
    flights.clear();
  },
};

/**
 * How long after a new content or schedule version the previous body of a page may still be
 * served, while one request renders the new one: a few seconds at most, and never past a
 * boundary (decision 0028).
 */
export const STALE_MS = 5_000;
/** How long a request waits on another's render before it renders the page itself. */
const FLIGHT_MS = 10_000;

/**
 * Set by `npm run deploy` (wrangler's `--define`): every deploy's own, so a deploy that
 * changes markup but no client asset never meets the pages of the one before (an entry may
 * live for months until its next boundary). Undefined locally and in tests.
 */
declare const RENDER_BUILD: string | undefined;

/** The build's markup version: the client assets (the boot lines' hash among them), and the deploy. */
const BUILD = fnv(JSON.stringify(MANIFEST) + (typeof RENDER_BUILD === 'string' ? RENDER_BUILD : ''));

/** A cacheable request: its key, the Sites to render and to stitch it for, and when its entry expires. */
export interface Plan {
  key: string;
  /** The page's place whatever the versions and moment (its key less those), to find its previous body. */
  slot: string;
  /** The Site the page is rendered with: tracking parameters gone, no visitor's parts (./visitor.ts). */
  site: Site;
  /** The visitor's Site, with the same URL: what is stitched in. */
  visitor: Site;
  /** The visitor's consent, whose parts are stitched in too (decision 0033); none before the consent step. */
  consent: Consent | undefined;
  /** The next instant that can change the page: the entry's expiry. */
  expires: number;
  /** The last instant that could have changed it: a copy rendered before it is never served. */
  since: number;
  /** The clock the plan was made at (the request's now: a cached request is never a preview). */
  now: number;
  origin: string;
}

/** The URL without tracking parameters, or undefined when its query holds anything else. */
export function withoutTracking(url: URL): URL | undefined {
  if (!url.search) return url;
  for (const name of url.searchParams.keys()) if (!TRACKING_PARAMS.has(name)) return undefined;
  const clean = new URL(url);
  clean.search = '';
  return clean;
}

/**
 * The plan for a page request, or undefined when it must bypass the cache: not GET, a
 * preview (or any `timestamp` cookie), a query beyond tracking tags, the cache switched off.
 * Its clock is the Site's now, which for a request that is no preview is the real one (tests
 * inject it through the clock middleware).
 */
export function planFor<E extends AppEnv>(c: Context<E>, site: Site): Plan | undefined {
  if (c.req.method !== 'GET' || site.previewing || !c.get('config').renderCache) return undefined;
  if (getCookie(c, PREVIEW_COOKIE) !== undefined) return undefined;
  const url = withoutTracking(site.url);
  if (!url) return undefined;
  const entry = entryOf({
    url,
    region: site.edition.region,
    apiBase: site.apiBase,
    config: c.get('config'),
    bundle: site.bundle,
    schedule: site.schedule,
    now: site.now,
  });
  const visitor = url === site.url ? site : { ...site, url };
  return { ...entry, site: neutral(visitor), visitor, consent: c.get('consent'), now: site.now, origin: url.origin };
}

/** What a page's stored body depends on: the page, the configuration, the content in force and the moment. */
export interface PageInputs {
  /** The URL without tracking parameters. */
  url: URL;
  region: Site['edition']['region'];
  apiBase: string;
  /** The parsed configuration (every setting a page may read). */
  config: object;
  bundle: Site['bundle'];
  schedule: Site['schedule'];
  /** The request's now. */
  now: number;
}

/**
 * A page's key and lifetime (decision 0028), from what its body depends on and nothing of
 * the visitor's: their label and suggestion are stitched in (./visitor.ts). Pure, so the
 * production model (scripts/bench/model-cache.ts) replays a day against these very rules.
 */
export function entryOf({ url, region, apiBase, config, bundle, schedule, now }: PageInputs): Pick<Plan, 'key' | 'slot' | 'expires' | 'since'> {
  const changes = nextChange(schedule, bundle, now);
  const slot = [
    BUILD,
    generation,
    // Scheme and host: absolute links (canonical, hreflang) are built from the request's origin.
    url.origin,
    url.pathname,
    region,
    apiBase,
    // Every setting a page may read (media host, third-party scripts, …), so a change of
    // configuration never meets markup rendered under the old one.
    versionOf(config),
  ].join('|');
  const key = [
    slot,
    versionOf(bundle),
    versionOf(schedule),
    // The schedule interval: a page rendered before a boundary is never found after it.
    String(changes),
  ].join('|');
  return { key, slot, expires: changes, since: lastChange(schedule, bundle, now) };
}

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

/** Renders done while other requests waited on them: the page stored, or undefined when it could not be. */
interface Flight {
  started: number;
  page: Promise<CachedPage | undefined>;
  /** The previous body of the page, served meanwhile (decision 0028). */
  stale: CachedPage | undefined;
}

/** The isolate's renders in progress, by key: concurrent misses share one. */
const flights = new Map<string, Flight>();

/** The key last stored for each slot, so the body of a page's previous version can be found. */
const latest = new Map<string, string>();
const LATEST_SLOTS = 1_000;

/** Remembers the key last stored for a slot (the oldest slots forgotten beyond a thousand). */
function remember(slot: string, key: string): void {
  latest.delete(slot);
  latest.set(slot, key);
  if (latest.size > LATEST_SLOTS) latest.delete(latest.keys().next().value!);
}

/**
 * The previous body of a planned page that may be served while it is rendered anew: stored
 * under another key of its slot (other versions), not expired (no boundary it knew of has
 * passed), and rendered since the last instant that could change the page under the new
 * versions (no boundary they know of has passed either). Never across a build or a boundary.
 */
function previousOf(plan: Plan): CachedPage | undefined {
  const key = latest.get(plan.slot);
  if (key === undefined || key === plan.key) return undefined;
  const page = renderCache.get(key, plan.now);
  return page && page.rendered >= plan.since ? page : undefined;
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

/** A freshly rendered page for this visitor: their parts stitched in (the same as from a stored copy). */
function visitorCopy<E extends AppEnv>(c: Context<E>, plan: Plan, response: Response): Response {
  const parts = response.body && response.headers.get('Content-Type')?.startsWith('text/html') ? visitorParts(plan.visitor, plan.consent) : undefined;
  if (!parts) return response;
  stitched(c);
  return stitch(response, parts);
}

/** Tells the consent step the visitor's consent is in the answer already: one pass stitches all their parts. */
function stitched<E extends AppEnv>(c: Context<E>): void {
  (c as unknown as Context<AppEnv>).set('stitched', true);
}
/** The preload of the stylesheet, sent with every page (Cloudflare turns it into 103 Early Hints). */
export const STYLE_LINK = `<${MANIFEST.css}>; rel=preload; as=style`;

/** The first same-origin image of a page, for a preload. */
function firstImage(html: string): string | undefined {
  const src = /<img\b[^>]*?\ssrc="(\/(?!\/)[^"]+)"/.exec(html)?.[1];
  return src && !/[<>\s]/.test(src) ? src.replace(/&amp;/g, '&') : undefined;
}

/** Copies being stored. */
const storing = new Set<Promise<void>>();

/** Work that goes on after the response (storing a copy): kept alive with `waitUntil`, and awaited by `settled`. */
function whileResponding(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }, work: Promise<void>): void {
  const job = work.catch((error: unknown) => logWarning('render-cache: not stored', error));
  storing.add(job);
  void job.finally(() => storing.delete(job));
  try {
    c.executionCtx.waitUntil(job);
  } catch {
    // No execution context (a test calling the app directly): the copy is stored when read.
  }
}

/** Resolves once every copy being stored is stored (tests). */
export async function settled(): Promise<void> {
  await Promise.allSettled([...storing]);
}

/**
 * Forgets every page this isolate stored (tests, debugging): memory is emptied, and the
 * colo's copies, which may outnumber what memory still holds, are left to expire under keys
 * no request makes again.
 */
export async function clearRenderCache(): Promise<void> {
  await settled();
  generation++;
  renderCache.clear();
}

/** Contexts whose render reported an error after its shell went out: their page is not stored. */
const failed = new WeakSet<object>();

/** Marks a request's render as failed (respond calls it from the renderer's onError). */
export function renderFailed(c: object): void {
  failed.add(c);
}

/**
 * A rendered answer, passed through: a 200 or 404 page is streamed to the visitor as it
 * renders (their parts stitched in) while a copy is read and stored (after the response,
 * `waitUntil`), and `settle` hears of the stored page (or of none). Anything else
 * (redirects, 400, errors) is returned untouched and never stored.
 */
export function keep<E extends AppEnv>(c: Context<E>, plan: Plan, response: Response, settle: (page: CachedPage | undefined) => void = () => {}): Response {
  const ok = response.status === 200 || response.status === 404;
  if (!ok || !response.body || response.headers.get('Cache-Control') !== CACHE.page) {
    settle(undefined);
    return response;
  }
  const [visitor, copy] = response.body.tee();
  const out = new Response(visitor, response);
  out.headers.set('X-Render-Cache', 'miss');
  out.headers.set('Vary', 'Accept-Encoding');
  const nonce = plan.site.nonce;
  const store = (async (): Promise<CachedPage | undefined> => {
    const body = await readBytes(copy);
    if (!body || failed.has(c)) return undefined;
    const html = new TextDecoder().decode(body);
    // A page that carries this response's nonce (lines made for one visitor) is never shared.
    if (nonce && html.includes(nonce)) return undefined;
    const zipped = await gzip(body);
    const image = firstImage(html);
    const page: CachedPage = {
      key: plan.key,
      status: response.status,
      rendered: plan.now,
      gzip: zipped,
      etag: await etagOf(body),
      links: [STYLE_LINK, ...(image ? [`<${image}>; rel=preload; as=image`] : [])],
      expires: plan.expires,
      size: zipped.length,
    };
    renderCache.set(page);
    remember(plan.slot, plan.key);
    // Another isolate of the colo may have stored the key first: its copy wins, here too.
    const first = await sharedPut(plan.origin, page, plan.now);
    if (first !== page) renderCache.set(first);
    return first;
  })()
    .catch((error: unknown) => {
      logWarning('render-cache: not stored', error);
      return undefined;
    })
    .then((page) => {
      settle(page);
    });
  whileResponding(c, store);
  return visitorCopy(c, plan, out);
}
