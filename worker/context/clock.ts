import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { allowsUnsignedPreview, PREVIEW_COOKIE, previewMoment } from '../clock/preview';
import type { After } from './types';

/** Sets the effective now: a preview timestamp where it counts, else the clock. */
export function clock(now: () => number = Date.now) {
  return createMiddleware<After<'now' | 'previewing'>>(async (c, next) => {
    const config = c.get('config');
    const host = new URL(c.req.url).host;
    const real = now();
    const preview = await previewMoment(getCookie(c, PREVIEW_COOKIE), {
      allowUnsigned: allowsUnsignedPreview(config),
      secret: config.previewSecret,
      host,
      now: real,
    });
    c.set('now', preview ?? real);
    c.set('previewing', preview !== undefined);
    await next();
  });
}
