import type { Handler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { EDITIONS, isGlobalRegion } from '../../content/editions';
import { CACHE } from '../cache';
import { allowsUnsignedPreview, PREVIEW_COOKIE, PREVIEW_COOKIE_MAX_AGE, previewValue, readPreview } from '../clock/preview';
import { siteOf } from '../context/site';
import type { AppEnv } from '../context/types';
import { sameOriginPath } from '../edition/redirect';
import { isChinaHost } from '../edition/resolve';
import { renderNotice } from './respond';

/**
 * GET /__preview?at=…&next=/us: sets (or, with at=clear, clears) the preview cookie and
 * continues to `next` on this site. `at` is a token minted by `npm run ops -- preview`
 * (`<ms>.<expires>.<hmac>`, for this host, until it expires); locally (only) a plain ms value
 * or an ISO date also counts (a "+" in its offset that arrived as a space is read as "+"). A
 * link that does not count gets a page that says what is wrong with it — expired, made for
 * another host, a signature that does not match, a date that cannot be read — in the
 * language of the edition it was for.
 */
export const previewHandler: Handler<AppEnv> = async (c) => {
  const url = new URL(c.req.url);
  const config = c.var.config;
  const next = sameOriginPath(c.req.query('next'));
  const at = c.req.query('at') ?? '';
  const now = Date.now();
  c.header('Cache-Control', CACHE.none);
  if (at === 'clear') {
    deleteCookie(c, PREVIEW_COOKIE, { path: '/' });
    return c.redirect(next, 302);
  }
  const allowUnsigned = allowsUnsignedPreview(config);
  const value = previewValue(at, allowUnsigned);
  // The site's own hosts, so a token signed for one of them is told apart from a forged one.
  const otherHosts = [config.globalOrigin, config.cnOrigin].flatMap((o) => (o ? [new URL(o).host] : [])).concat(config.cnHosts, config.preprodHosts);
  const reading = await readPreview(value, { allowUnsigned, secret: config.previewSecret, host: url.host, now, otherHosts });
  if (reading.kind !== 'ok') {
    const first = next.split(/[/?#]/)[1];
    c.set('edition', isChinaHost(url.host, config) ? EDITIONS.cn : EDITIONS[isGlobalRegion(first) ? first : 'us']);
    return reading.kind === 'expired' ? renderNotice(c, siteOf(c), 'preview-expired', 410) : renderNotice(c, siteOf(c), `preview-${reading.fault}`, 400);
  }
  // The cookie lives an hour at most, and never past the link's own expiry.
  const expires = Number(value.split('.')[1] ?? Infinity);
  const maxAge = Math.max(1, Math.min(PREVIEW_COOKIE_MAX_AGE, Math.floor((expires - now) / 1000)));
  setCookie(c, PREVIEW_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure: url.protocol === 'https:', maxAge });
  return c.redirect(next, 302);
};
