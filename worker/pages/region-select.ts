import type { Handler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { REGION_OPTIONS } from '../../content/chooser';
import { editionPath } from '../../kernel/paths';
import { CACHE } from '../cache';
import type { AppEnv, After } from '../context/types';
import { COUNTRY_COOKIE, REGION_COOKIE, regionCookieOptions, SUGGEST_COOKIE } from '../edition/cookies';
import { editionUrl } from '../edition/paths';
import { sameOriginPath } from '../edition/redirect';

/**
 * GET /region-select?to=us&country=CA: the region chooser's links. Stores the visitor's
 * choice (region and country cookies, 365 days) and goes to that edition's home. Only the
 * chooser's ten options are accepted; anything else goes back to the chooser.
 */
export const regionSelectHandler: Handler<After<'origins'>> = (c) => {
  const url = new URL(c.req.url);
  const config = c.var.config;
  const to = c.req.query('to');
  const country = c.req.query('country');
  const option = REGION_OPTIONS.find((o) => o.region === to && o.country === country);
  c.header('Cache-Control', CACHE.none);
  if (!option) return c.redirect(sameOriginPath('/us/choose-your-region'), 302);
  const cookie = regionCookieOptions(url, config.cookieDomain);
  if (option.country) setCookie(c, COUNTRY_COOKIE, option.country, cookie);
  else deleteCookie(c, COUNTRY_COOKIE, { path: '/', domain: cookie.domain });
  // The China site is the one other origin a choice may lead to: the configured one.
  if (option.region === 'cn') return c.redirect(editionUrl('cn', '', c.var.origins), 302);
  setCookie(c, REGION_COOKIE, option.region, cookie);
  return c.redirect(sameOriginPath(editionPath(option.region, '/')), 302);
};

/** GET /region-suggest/dismiss?next=/path: hides the region suggestion for 30 days. */
export const dismissSuggestionHandler: Handler<AppEnv> = (c) => {
  const url = new URL(c.req.url);
  setCookie(c, SUGGEST_COOKIE, 'dismissed', { path: '/', maxAge: 30 * 24 * 60 * 60, sameSite: 'Lax', secure: url.protocol === 'https:', httpOnly: true });
  c.header('Cache-Control', CACHE.none);
  return c.redirect(sameOriginPath(c.req.query('next')), 302);
};
