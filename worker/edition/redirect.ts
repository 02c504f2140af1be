/** Longest `next`/`to` value read; anything longer is not one of our paths. */
const MAX_LENGTH = 1024;

// A fixed base that no request can name: a value resolves against it and must stay on it.
const BASE = 'https://same-origin.invalid';

/**
 * The one rule for redirect parameters (`next`, `to`): a path on this site, or `fallback`.
 * It normalises first (the WHATWG URL parser resolves dot segments, backslashes, tabs,
 * percent-encoding and Unicode the way a browser will) and checks after: the result must
 * be on the same origin and start with exactly one slash, so the browser can never read it
 * as `//other-host`. Control characters anywhere refuse the value outright.
 */
export function sameOriginPath(value: string | null | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  // Raw or encoded controls: the parser would silently drop some of them.
  if (/[\u0000-\u001f\u007f-\u009f]|%(?:[01][0-9a-f]|7f)/i.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // After normalisation: one leading slash, and no encoded slash or backslash that a server
  // or browser along the way might decode into a second one.
  if (!/^\/(?![/\\])/.test(path) || /%(?:2f|5c)/i.test(url.pathname)) return fallback;
  return path;
}

/**
 * A path on this site with query parameters set and an optional fragment: the one way to
 * build a redirect target. The path goes through `sameOriginPath` here too, so whatever it
 * is, the answer is a path on this site (`/` when it was not one).
 */
export function pathWith(path: string, params: Record<string, string | undefined>, hash?: string): string {
  const url = new URL(sameOriginPath(path), BASE);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  if (hash) url.hash = hash;
  return `${url.pathname}${url.search}${url.hash}`;
}
