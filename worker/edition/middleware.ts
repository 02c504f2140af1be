import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { EDITIONS } from '../../content/editions';
import type { AppEnv } from '../context';
import { configOf } from '../env';
import { REGION_COOKIE, regionCookieOptions } from './cookies';
import { isChinaHost, resolveRequest } from './resolve';

/**
 * Resolves the edition and page path, answers redirects and rejections, and remembers a
 * global visitor's region in the region cookie.
 */
export function edition(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const config = configOf(c.env);
    const regionCookie = getCookie(c, REGION_COOKIE);
    const resolution = resolveRequest(url, regionCookie, config);
    if (resolution.kind === 'redirect') {
      c.header('Cache-Control', 'no-store');
      c.header('Vary', 'Cookie');
      return c.redirect(resolution.location, resolution.status);
    }
    if (resolution.kind === 'reject') {
      // Rendered as the edition's not-found page with status 400 by the page handler.
      c.set('edition', isChinaHost(url.host, config) ? EDITIONS.cn : EDITIONS.us);
      c.set('slug', '');
      c.set('rejected', true);
      return next();
    }
    c.set('edition', resolution.edition);
    c.set('slug', resolution.slug);
    const region = resolution.edition.region;
    if (region !== 'cn' && regionCookie !== region) {
      setCookie(c, REGION_COOKIE, region, regionCookieOptions(url, config.cookieDomain));
    }
    return next();
  };
}
