import { SELF } from 'cloudflare:test';

/** Options of a test request. */
export interface GetOptions {
  /** Host to ask (default the global edition, `localhost`). */
  host?: string;
  /** Cookies, by name. */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  method?: string;
}

/** Fetches a path from the worker in workerd, without following redirects. */
export function get(path: string, { host = 'localhost', cookies, headers = {}, method = 'GET' }: GetOptions = {}): Promise<Response> {
  const cookie = cookies
    ? Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ')
    : undefined;
  return SELF.fetch(`http://${host}${path}`, { method, redirect: 'manual', headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
}

/** Fetches a page at a preview moment (ISO date). */
export function getAt(path: string, iso: string, options: GetOptions = {}): Promise<Response> {
  return get(path, { ...options, cookies: { ...options.cookies, timestamp: String(Date.parse(iso)) } });
}

/** The text of an element picked by a regex with one group, or undefined. */
export function pick(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

/** Every match of a regex's first group. */
export function pickAll(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(new RegExp(pattern, 'g'))].map((m) => m[1]!);
}

/** An ExecutionContext for calling the worker's fetch directly (with a changed env). */
export const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** Folds the no-break spaces Intl puts in prices, so tests can write plain ones. */
export const norm = (s: string | undefined) => s?.replace(/[\u00a0\u202f]/g, ' ');

/** The HTML of one home tile, by product key. */
export function tileOf(html: string, key: string): string {
  const at = html.indexOf(`data-tile="${key}"`);
  return at < 0 ? '' : html.slice(at, html.indexOf('</li>', at));
}
