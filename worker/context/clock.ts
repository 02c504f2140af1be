import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { allowsUnsignedPreview, PREVIEW_COOKIE, readPreview } from '../clock/preview';
import { configOf } from '../env';
import type { After } from './types';

/** Sets the effective now: a preview timestamp where it counts, else the clock. */
export function clock(now: () => number = Date.now) {
  return createMiddleware<After<'now' | 'previewing'>>(async (c, next) => {
    const config = configOf(c.env);
    const host = new URL(c.req.url).host;
    const preview = await readPreview(getCookie(c, PREVIEW_COOKIE), allowsUnsignedPreview(config, host), config.previewSecret);
    c.set('now', preview ?? now());
    c.set('previewing', preview !== undefined);
    await next();
  });
}
