/**
 * Storage for rendered pages (decision 0020): an isolate's small LRU in memory, shared
 * through the colo's Cache API. It knows nothing of pages, editions or time rules; the page
 * step (worker/pages/render-cache.ts) decides what is cached, under which key, until when.
 *
 * A page is stored with its CSP nonce cut out (`parts`, the body split at the nonce), so each
 * response joins the parts with its own fresh nonce: no two responses share a nonce.
 */

/** A rendered page as stored. */
export interface CachedPage {
  /** The full key it was stored under (checked again on a shared read). */
  key: string;
  status: number;
  /** The body split at every occurrence of the nonce it was rendered with. */
  parts: string[];
  /** Strong validator: a hash of the body with the nonce cut out. */
  etag: string;
  /** Values of the `Link` header (preloads). */
  links: string[];
  /** When it stops being served, ms since epoch. */
  expires: number;
  /** Size in memory, about (UTF-16 code units). */
  size: number;
}

/** Bounds of the in-memory LRU. */
export interface LruBounds {
  entries: number;
  /** About, in UTF-16 code units of stored bodies. */
  chars: number;
}

/** A least-recently-used map of pages with expiry; the clock is passed in. */
export class PageLru {
  private readonly map = new Map<string, CachedPage>();
  private chars = 0;

  constructor(private readonly bounds: LruBounds) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string, now: number): CachedPage | undefined {
    const page = this.map.get(key);
    if (!page) return undefined;
    this.map.delete(key);
    if (page.expires <= now) {
      this.chars -= page.size;
      return undefined;
    }
    this.map.set(key, page);
    return page;
  }

  set(page: CachedPage): void {
    if (page.size > this.bounds.chars) return;
    const old = this.map.get(page.key);
    if (old) {
      this.map.delete(page.key);
      this.chars -= old.size;
    }
    this.map.set(page.key, page);
    this.chars += page.size;
    for (const [key, oldest] of this.map) {
      if (this.map.size <= this.bounds.entries && this.chars <= this.bounds.chars) break;
      this.map.delete(key);
      this.chars -= oldest.size;
    }
  }

  /** Keys held, least recently used first. */
  keys(): string[] {
    return [...this.map.keys()];
  }

  clear(): void {
    this.map.clear();
    this.chars = 0;
  }
}

/** Splits a rendered body at its nonce; undefined when it cannot be (no nonce). */
export function cutNonce(body: string, nonce: string): string[] | undefined {
  return nonce.length >= 8 ? body.split(nonce) : undefined;
}

/** The body to send, with this response's nonce. */
export function withNonce(page: Pick<CachedPage, 'parts'>, nonce: string): string {
  return page.parts.join(nonce);
}

const encoder = new TextEncoder();

/** A strong ETag of a stored body: SHA-256 of the parts (nonce cut out), 128 bits, base64url. */
export async function etagOf(parts: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(parts.join('\u0000')));
  const bytes = new Uint8Array(digest).slice(0, 16);
  const base64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `"${base64}"`;
}

/** Whether an `If-None-Match` header matches an ETag (strong comparison; `*` matches). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag;
  });
}

/** Reads a stream to text; undefined when it fails (a render that broke is never stored). */
export async function readText(stream: ReadableStream<Uint8Array>): Promise<string | undefined> {
  try {
    return await new Response(stream).text();
  } catch {
    return undefined;
  }
}

/** Fixed FNV-1a 64-bit-ish hash (two 32-bit lanes) of a string, as hex: for versions, not for security. */
export function fnv(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

const SHARED_PATH = '/__render-cache';

/** The colo's cache, where the runtime has one. */
function colo(): Cache | undefined {
  return typeof caches === 'undefined' ? undefined : (caches as unknown as { default?: Cache }).default;
}

/** The Cache API request a key is stored under (on the site's own origin). */
function sharedRequest(origin: string, key: string): Request {
  return new Request(`${origin}${SHARED_PATH}?k=${encodeURIComponent(key)}`);
}

/** A page from the colo's cache, if there and not expired. Failures are misses. */
export async function sharedGet(origin: string, key: string, now: number): Promise<CachedPage | undefined> {
  const cache = colo();
  if (!cache) return undefined;
  try {
    const res = await cache.match(sharedRequest(origin, key));
    if (!res) return undefined;
    const page = (await res.json()) as CachedPage;
    return page.key === key && page.expires > now && Array.isArray(page.parts) ? page : undefined;
  } catch {
    return undefined;
  }
}

/** Shares a page with the colo until it expires (whole seconds, rounded down). Failures are ignored. */
export async function sharedPut(origin: string, page: CachedPage, now: number): Promise<void> {
  const cache = colo();
  const seconds = Math.floor((page.expires - now) / 1000);
  if (!cache || seconds < 1) return;
  try {
    const body = JSON.stringify(page);
    await cache.put(
      sharedRequest(origin, page.key),
      new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${seconds}` } }),
    );
  } catch (error) {
    console.warn('render-cache: could not share a page:', error instanceof Error ? error.message : error);
  }
}
