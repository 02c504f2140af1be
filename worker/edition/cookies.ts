import type { CookieOptions } from 'hono/utils/cookie';
import { normalHost } from '../host';

/** Name of the cookie that remembers the visitor's edition. */
export const REGION_COOKIE = 'region';
/** Name of the cookie that remembers the visitor's own choice of country. */
export const COUNTRY_COOKIE = 'country';
/** Name of the cookie that records a dismissed region suggestion (30 days). */
export const SUGGEST_COOKIE = 'suggest';
/** How long the region cookie lasts (docs/spec/platform.md §9): 365 days. */
export const REGION_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Attributes of the region and country cookies for a request to `url`. */
export function regionCookieOptions(url: URL, cookieDomain: string | undefined): CookieOptions {
  const secure = url.protocol === 'https:';
  // A Domain attribute only works when the host is inside it; otherwise the browser drops it.
  const host = normalHost(url.hostname);
  const domain = cookieDomain && (host === cookieDomain || host.endsWith(`.${cookieDomain}`)) ? cookieDomain : undefined;
  // HttpOnly: only the worker reads them (the browser's region comes from the page itself).
  return { path: '/', maxAge: REGION_COOKIE_MAX_AGE, sameSite: 'Lax', secure, domain, httpOnly: true };
}
