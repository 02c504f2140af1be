/**
 * Storage for rendered pages (decision 0020): an isolate's small LRU in memory, shared
 * through the colo's Cache API. It knows nothing of pages, editions or time rules; the page
 * step (worker/pages/render-cache/) decides what is cached, under which key, until when.
 *
 * A page's body is the same for every visitor (the CSP allows the boot lines by hash), so it
 * is stored gzipped, once, off the response path: a hit sends the stored bytes, and only a
 * client that refuses gzip gets them unzipped, as a stream.
 */
import { logWarning } from '../log';

/** Bytes in memory (never shared memory). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A rendered page as stored. */
export interface CachedPage {
  /** The full key it was stored under (checked again on a shared read). */
  key: string;
  status: number;
  /** When it was rendered, ms since epoch (a stale copy is never older than the last boundary). */
  rendered: number;
  /** The body (UTF-8), gzipped: what every browser is sent. */
  gzip: Bytes;
  /** Strong validator: a hash of the plain body. */
  etag: string;
  /** Values of the `Link` header (preloads). */
  links: string[];
  /** When it stops being served, ms since epoch. */
  expires: number;
  /** Size in memory, bytes (the gzipped body's). */
  size: number;
}

/** Bounds of the in-memory LRU. */
interface LruBounds {
  entries: number;
  /** Bytes of stored (gzipped) bodies. */
  bytes: number;
}

/** A least-recently-used map of pages with expiry; the clock is passed in. */
export class PageLru {
  private readonly map = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly bounds: LruBounds) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string, now: number): CachedPage | undefined {
    const page = this.map.get(key);
    if (!page) return undefined;
    this.map.delete(key);
    if (page.expires <= now) {
      this.bytes -= page.size;
      return undefined;
    }
    this.map.set(key, page);
    return page;
  }

  set(page: CachedPage): void {
    if (page.size > this.bounds.bytes) return;
    const old = this.map.get(page.key);
    if (old) {
      this.map.delete(page.key);
      this.bytes -= old.size;
    }
    this.map.set(page.key, page);
    this.bytes += page.size;
    for (const [key, oldest] of this.map) {
      if (this.map.size <= this.bounds.entries && this.bytes <= this.bounds.bytes) break;
      this.map.delete(key);
      this.bytes -= oldest.size;
    }
  }

  /** Keys held, least recently used first. */
  keys(): string[] {
    return [...this.map.keys()];
  }

  clear(): void {
    this.map.clear();
    this.bytes = 0;
  }
}

/** A strong ETag of a stored body: SHA-256, 128 bits, base64url. */
export async function etagOf(body: Bytes): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  const bytes = new Uint8Array(digest).slice(0, 16);
  const base64 = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `"${base64}"`;
}

/** Bytes gzipped. */
export async function gzip(bytes: Bytes): Promise<Bytes> {
  return new Uint8Array(await new Response(new Response(bytes).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
}

/** Gzipped bytes as a stream of the plain bytes. */
export function gunzipStream(bytes: Bytes): ReadableStream<Uint8Array> {
  return new Response(bytes).body!.pipeThrough(new DecompressionStream('gzip'));
}

/**
 * Whether an `Accept-Encoding` header accepts gzip: gzip's own weight when it is listed, else
 * `*`'s, and a weight of 0 (or one that is not a number) refuses (RFC 9110, 12.5.3).
 */
export function acceptsGzip(header: string | undefined): boolean {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = weights.get('gzip') ?? weights.get('*') ?? 0;
  return weight > 0;
}

/**
 * Whether an `If-None-Match` header matches an ETag: the weak comparison RFC 9110 §13.1.2
 * asks of If-None-Match (`W/"a"` matches `"a"`: a proxy that re-encoded the page marks the
 * tag weak); `*` matches.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Reads a stream to bytes; undefined when it fails (a render that broke is never stored). */
export async function readBytes(stream: ReadableStream<Uint8Array>): Promise<Bytes | undefined> {
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
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

const versions = new WeakMap<object, string>();

/** A version of a parsed object (content bundle, schedule, configuration), hashed once per object. */
export function versionOf(value: object): string {
  let version = versions.get(value);
  if (!version) {
    version = fnv(JSON.stringify(value));
    versions.set(value, version);
  }
  return version;
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

/** What a shared copy carries beside its gzipped body (a header, percent-encoded: keys hold paths in any script). */
type Meta = Omit<CachedPage, 'gzip' | 'size'>;
const META = 'X-Page';

/** Whole seconds until `expires` (rounded down): the Cache API's `max-age`. */
const secondsTo = (expires: number, now: number) => Math.floor((expires - now) / 1000);

/** A page from the colo's cache, if there and not expired. Failures are misses. */
export async function sharedGet(origin: string, key: string, now: number): Promise<CachedPage | undefined> {
  const cache = colo();
  if (!cache) return undefined;
  try {
    const res = await cache.match(sharedRequest(origin, key));
    if (!res) return undefined;
    const meta = JSON.parse(decodeURIComponent(res.headers.get(META) ?? 'null')) as Meta | null;
    if (!meta || meta.key !== key || !(meta.expires > now)) return undefined;
    const zipped = new Uint8Array(await res.arrayBuffer());
    return { ...meta, gzip: zipped, size: zipped.length };
  } catch {
    return undefined;
  }
}

/**
 * Shares a page with the colo until it expires, unless another isolate has shared one under
 * the same key first: the first copy wins, and is returned so this isolate serves the same
 * bytes (and ETag) as the others. Failures are ignored (the page itself is returned).
 */
export async function sharedPut(origin: string, page: CachedPage, now: number): Promise<CachedPage> {
  const cache = colo();
  const seconds = secondsTo(page.expires, now);
  if (!cache || seconds < 1) return page;
  try {
    const first = await sharedGet(origin, page.key, now);
    if (first) return first;
    const meta: Meta = { key: page.key, status: page.status, rendered: page.rendered, etag: page.etag, links: page.links, expires: page.expires };
    await cache.put(
      sharedRequest(origin, page.key),
      new Response(page.gzip, {
        headers: {
          'Content-Type': 'application/octet-stream',
          'Cache-Control': `public, max-age=${seconds}`,
          [META]: encodeURIComponent(JSON.stringify(meta)),
        },
      }),
    );
  } catch (error) {
    logWarning('render-cache: could not share a page', error);
  }
  return page;
}
