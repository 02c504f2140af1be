import { createMiddleware } from 'hono/factory';
import { CACHE } from '../cache';
import { siteOrigins } from '../edition/origins';
import type { After } from './types';

/**
 * Sets the origins absolute URLs are built from (`siteOrigins`); a request to a host that is
 * none of ours, with no origins configured to answer it with, is refused with 421.
 */
export function origins() {
  return createMiddleware<After<'origins'>>(async (c, next) => {
    const found = siteOrigins(new URL(c.req.url), c.get('config'));
    if (!found) return c.text('Misdirected Request', 421, { 'Cache-Control': CACHE.none });
    c.set('origins', found);
    await next();
  });
}
