import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_OPTIONS } from '../bundle/store';
import { CACHE } from '../cache';
import { nextChange } from '../clock/boundaries';
import { PREVIEW_COOKIE } from '../clock/preview';
import type { Site } from '../context/site';
import type { AppEnv } from '../context/types';
import { MANIFEST } from '../render/assets';
import { acceptsGzip, etagOf, fnv, gunzipStream, gzip, matchesEtag, PageLru, readBytes, sharedGet, sharedPut, type CachedPage } from '../render/page-cache';
import { logWarning } from '../log';

/**
 * The render cache's rules (decision 0020): which page answers are cached, under which key
 * and until when. A page is rendered once per variant and moment, then served as stored
 * bytes (gzipped to a browser) from the isolate's memory or the colo's Cache API.
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

/** The isolate's pages: at most 200 variants and 4 MB of gzip (an isolate has 128 MB). */
const pages = new PageLru({ entries: 200, bytes: 4_000_000 });
/** Not-found pages apart, so requests for made-up paths cannot push real pages out. */
const notFound = new PageLru({ entries: 50, bytes: 1_000_000 });

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
  },
};

/** The build's markup version: a deploy with other assets never serves old markup. */
const BUILD = fnv(JSON.stringify(MANIFEST));

const versions = new WeakMap<object, string>();

/** A version of a parsed content object (bundle, schedule), hashed once per object. */
function versionOf(value: object): string {
  let version = versions.get(value);
  if (!version) {
    version = fnv(JSON.stringify(value));
    versions.set(value, version);
  }
  return version;
}

/** A cacheable request: its key, the Site to render it with, and when its entry expires. */
export interface Plan {
  key: string;
  /** The Site with the tracking parameters gone from its URL. */
  site: Site;
  expires: number;
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
 * `now` is the real clock (a cached request is never a preview, so the Site's now is it too).
 */
export function planFor<E extends AppEnv>(c: Context<E>, site: Site, now: number = Date.now()): Plan | undefined {
  if (c.req.method !== 'GET' || site.previewing || !c.var.config.renderCache) return undefined;
  if (getCookie(c, PREVIEW_COOKIE) !== undefined) return undefined;
  const url = withoutTracking(site.url);
  if (!url) return undefined;
  const changes = nextChange(site.schedule, site.bundle, site.now);
  const key = [
    BUILD,
    generation,
    // Scheme and host: absolute links (canonical, hreflang) are built from the request's origin.
    url.origin,
    url.pathname,
    site.edition.region,
    site.regionLabel,
    // The suggestion banner names the visitor's country; without it the label is all that shows.
    site.suggestion ? `${site.suggestion}:${site.country ?? ''}` : '-',
    site.apiBase,
    // Every setting a page may read (media host, third-party scripts, …), so a change of
    // configuration never meets markup rendered under the old one.
    versionOf(c.var.config),
    versionOf(site.bundle),
    versionOf(site.schedule),
    // The schedule interval: a page rendered before a boundary is never found after it.
    String(changes),
  ].join('|');
  return { key, site: url === site.url ? site : { ...site, url }, expires: Math.min(changes, now + DEFAULT_OPTIONS.memoryTtl), origin: url.origin };
}

/** Headers of a page answer from the cache. */
function hitHeaders(page: CachedPage, etag: string): Record<string, string> {
  return {
    'Cache-Control': CACHE.page,
    ETag: etag,
    Vary: 'Accept-Encoding',
    ...(page.links.length ? { Link: page.links.join(', ') } : {}),
    'X-Render-Cache': 'hit',
  };
}

/**
 * The cached answer to a planned request, if any: memory, then the colo; 304 when the browser
 * has it. The stored bytes go out as they are to a client that accepts gzip (the worker's
 * entry sends a `Content-Encoding` answer unencoded again: worker/index.ts), unzipped as they
 * stream to one that does not. `variant` names what the page step stitches in for this
 * visitor, so a browser's copy is confirmed only for the same.
 */
export async function fromCache<E extends AppEnv>(c: Context<E>, plan: Plan, now: number = Date.now(), variant = ''): Promise<Response | undefined> {
  let page = renderCache.get(plan.key, now);
  if (!page) {
    page = await sharedGet(plan.origin, plan.key, now);
    if (!page) return undefined;
    renderCache.set(page);
  }
  // What is stitched in per visitor (their consent: decision 0033) is part of the validator.
  const etag = etagWith(page.etag, variant);
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, hitHeaders(page, etag));
  const zipped = acceptsGzip(c.req.header('Accept-Encoding'));
  return c.body(zipped ? page.gzip : gunzipStream(page.gzip), page.status as 200, {
    'Content-Type': 'text/html; charset=utf-8',
    ...(zipped ? { 'Content-Encoding': 'gzip' } : {}),
    ...hitHeaders(page, etag),
  });
}

/** A stored page's ETag with what is stitched into it per visitor inside its quotes ('' leaves it as it is). */
export const etagWith = (etag: string, variant: string) => (variant ? etag.replace(/"$/, `.${variant}"`) : etag);

/** The preload of the stylesheet, sent with every page (Cloudflare turns it into 103 Early Hints). */
export const STYLE_LINK = `<${MANIFEST.css}>; rel=preload; as=style`;

/** The first same-origin image of a page, for a preload. */
function firstImage(html: string): string | undefined {
  const src = /<img\b[^>]*?\ssrc="(\/(?!\/)[^"]+)"/.exec(html)?.[1];
  return src && !/[<>\s]/.test(src) ? src.replace(/&amp;/g, '&') : undefined;
}

/** Copies being stored. */
const storing = new Set<Promise<void>>();

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
 * renders while a copy is read and stored (after the response, `waitUntil`). Anything else
 * (redirects, 400, errors) is returned untouched and never stored.
 */
export function keep<E extends AppEnv>(c: Context<E>, plan: Plan, response: Response): Response {
  const ok = response.status === 200 || response.status === 404;
  if (!ok || !response.body || response.headers.get('Cache-Control') !== CACHE.page) return response;
  const [visitor, copy] = response.body.tee();
  const out = new Response(visitor, response);
  out.headers.set('X-Render-Cache', 'miss');
  out.headers.set('Vary', 'Accept-Encoding');
  const nonce = plan.site.nonce;
  const store = (async () => {
    const body = await readBytes(copy);
    if (!body || failed.has(c)) return;
    const html = new TextDecoder().decode(body);
    // A page that carries this response's nonce (lines made for one visitor) is never shared.
    if (nonce && html.includes(nonce)) return;
    const zipped = await gzip(body);
    const image = firstImage(html);
    const page: CachedPage = {
      key: plan.key,
      status: response.status,
      gzip: zipped,
      etag: await etagOf(body),
      links: [STYLE_LINK, ...(image ? [`<${image}>; rel=preload; as=image`] : [])],
      expires: plan.expires,
      size: zipped.length,
    };
    renderCache.set(page);
    await sharedPut(plan.origin, page, Date.now());
  })().catch((error: unknown) => logWarning('render-cache: not stored', error));
  storing.add(store);
  void store.finally(() => storing.delete(store));
  try {
    c.executionCtx.waitUntil(store);
  } catch {
    // No execution context (a test calling the app directly): the copy is stored when read.
  }
  return out;
}
