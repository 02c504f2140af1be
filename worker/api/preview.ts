import type { Handler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { CACHE } from '../cache';
import { allowsUnsignedPreview, PREVIEW_COOKIE, readPreview } from '../clock/preview';
import type { AppEnv } from '../context/types';
import { safeNext } from '../edition/redirect';
import { configOf } from '../env';

/**
 * GET /__preview?at=…&next=/us: sets (or, with at=clear, clears) the preview timestamp
 * cookie and continues to `next`. `at` is `<ms>.<hmac>` as `npm run ops -- preview` mints
 * it; locally and on pre-production an unsigned ms value or an ISO date also counts.
 */
export const previewHandler: Handler<AppEnv> = async (c) => {
  const url = new URL(c.req.url);
  const config = configOf(c.env);
  const next = safeNext(c.req.query('next'));
  const at = c.req.query('at') ?? '';
  c.header('Cache-Control', CACHE.none);
  if (at === 'clear') {
    deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
    return c.redirect(next, 302);
  }
  const unsigned = allowsUnsignedPreview(config, url.host);
  const value = unsigned && /^\d{4}-\d{2}-\d{2}T/.test(at) && !Number.isNaN(Date.parse(at)) ? String(Date.parse(at)) : at;
  const ms = await readPreview(value, unsigned, config.previewSecret);
  if (ms === undefined) {
    return c.json({ code: 4000, msg: 'This preview link is not valid here.', data: {} }, 400);
  }
  setCookie(c, PREVIEW_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure: url.protocol === 'https:', maxAge: 24 * 60 * 60 });
  return c.redirect(next, 302);
};
