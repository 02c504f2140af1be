import type { Context } from 'hono';
import { CACHE } from '../../cache';
import type { AppEnv } from '../../context/types';
import { logWarning } from '../../log';
import { MANIFEST } from '../../render/assets';
import { etagOf, gzip, PageLru, readBytes, sharedPut, type CachedPage } from '../../render/page-cache';
import { visitorCopy } from './copy';
import { nextGeneration, type Plan } from './key';

/*
 * The render cache's store (decision 0028): the isolate's memory of rendered pages, the
 * renders in flight, the last key of each page's place (to find its previous body), and
 * storing a fresh render, here and in the colo's Cache API, once its answer has gone.
 */

/**
 * The isolate's memory: at most 400 pages and 8 MB of gzip (an isolate has 128 MB; every page
 * of every edition is some 160), not-found pages apart (50, 1 MB), so requests for made-up
 * paths cannot push real pages out.
 */
export const MEMORY = { pages: { entries: 400, bytes: 8_000_000 }, notFound: { entries: 50, bytes: 1_000_000 } } as const;
const pages = new PageLru(MEMORY.pages);
const notFound = new PageLru(MEMORY.notFound);
/** Stitched copies, by page key and visitor variant: a variant is stitched once per isolate and page (./visitor.ts). */
export const variants = new PageLru({ entries: 300, bytes: 3_000_000 });

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
/** Renders done while other requests waited on them: the page stored, or undefined when it could not be. */
export interface Flight {
  started: number;
  page: Promise<CachedPage | undefined>;
  /** The previous body of the page, served meanwhile (decision 0028). */
  stale: CachedPage | undefined;
}

/** The isolate's renders in progress, by key: concurrent misses share one. */
export const flights = new Map<string, Flight>();

/** The key last stored for each slot, so the body of a page's previous version can be found. */
const latest = new Map<string, string>();
const LATEST_SLOTS = 1_000;

/** Remembers the key last stored for a slot (the oldest slots forgotten beyond a thousand). */
export function remember(slot: string, key: string): void {
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
export function previousOf(plan: Plan): CachedPage | undefined {
  const key = latest.get(plan.slot);
  if (key === undefined || key === plan.key) return undefined;
  const page = renderCache.get(key, plan.now);
  return page && page.rendered >= plan.since ? page : undefined;
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
export function whileResponding(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }, work: Promise<void>): void {
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
  nextGeneration();
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
