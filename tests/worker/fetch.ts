import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';

/** Options of a test request. */
export interface GetOptions {
  /** Host to ask (default the global edition, `localhost`). */
  host?: string;
  /** Cookies, by name. */
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  method?: string;
}

/**
 * One request to the worker, called in this isolate as workerd calls it (`fetch(request,
 * env, ctx)`), with the signature of `SELF.fetch`. Not `SELF.fetch`: under
 * @cloudflare/vitest-pool-workers each `SELF.fetch` costs more than the one before it in the
 * same runtime (6 ms becomes hundreds after a thousand requests; workers-sdk#15446), which
 * made the fuzzing gate time out. The answer is read whole and what the worker left to
 * `waitUntil` (the render cache's store) has finished before it resolves, as after a real
 * request. Redirects are never followed.
 */
export async function fetchWorker(input: string | Request, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(input, init), env, ctx);
  const body = [101, 204, 205, 304].includes(res.status) ? null : await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** Fetches a path from the worker in workerd, without following redirects. */
export function get(path: string, { host = 'localhost', cookies, headers = {}, method = 'GET' }: GetOptions = {}): Promise<Response> {
  const cookie = cookies
    ? Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; ')
    : undefined;
  return fetchWorker(`http://${host}${path}`, { method, redirect: 'manual', headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) } });
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

/**
 * A page's HTML as React wrote it, before the phrase rewrite of Japanese and Chinese headings
 * and short copy (worker/render/phrases.ts: `<wbr>` between phrases, the class `phrases`):
 * for tests that read a heading's text out of the markup.
 */
export const unphrased = (html: string) =>
  html
    .replace(/<wbr>/g, '')
    .replace(/ class="phrases"/g, '')
    .replace(/ phrases"/g, '"');
