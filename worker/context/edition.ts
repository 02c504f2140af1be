import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { EDITIONS } from '../../content/editions';
import { CACHE } from '../cache';
import { REGION_COOKIE, regionCookieOptions } from '../edition/cookies';
import { isChinaHost, resolveRequest } from '../edition/resolve';
import type { After } from './types';

/**
 * Resolves the edition and page path, answers redirects, marks rejections (rendered as the
 * edition's not-found page with status 400), and remembers a global visitor's region.
 */
export function edition() {
  return createMiddleware<After<'origins' | 'edition' | 'slug' | 'rejected'>>(async (c, next) => {
    const url = new URL(c.req.url);
    const config = c.get('config');
    const regionCookie = getCookie(c, REGION_COOKIE);
    const resolution = resolveRequest(url, regionCookie, { cnHosts: config.cnHosts, cnOrigin: c.get('origins').cn });
    if (resolution.kind === 'redirect') {
      c.header('Cache-Control', CACHE.none);
      c.header('Vary', 'Cookie');
      return c.redirect(resolution.location, resolution.status);
    }
    if (resolution.kind === 'reject') {
      c.set('edition', isChinaHost(url.host, config) ? EDITIONS.cn : EDITIONS.us);
      c.set('slug', '');
      c.set('rejected', true);
      return next();
    }
    c.set('edition', resolution.edition);
    c.set('slug', resolution.slug);
    c.set('rejected', false);
    const region = resolution.edition.region;
    if (region !== 'cn' && regionCookie !== region) {
      setCookie(c, REGION_COOKIE, region, regionCookieOptions(url, config.cookieDomain));
    }
    await next();
  });
}
