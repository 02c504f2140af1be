import type { Handler } from 'hono';
import { isGlobalRegion } from '../../content/editions';
import { CACHE } from '../cache';
import type { AppEnv, After } from '../context/types';
import { chinaOrigin, globalOrigin, isChinaHost } from '../edition/resolve';
import { configOf } from '../env';
import { editionSitemap, robotsTxt, sitemapIndex } from './sitemap';

const XML = 'application/xml; charset=utf-8';

function originsOf(url: URL, env: AppEnv['Bindings']) {
  const config = configOf(env);
  return { china: isChinaHost(url.host, config), origins: { global: globalOrigin(url, config), cn: chinaOrigin(url, config) } };
}

/** GET /robots.txt. */
export const robotsHandler: Handler<AppEnv> = (c) => {
  const url = new URL(c.req.url);
  return c.text(robotsTxt(url.origin, originsOf(url, c.env).china), 200, { 'Cache-Control': CACHE.crawler });
};

/**
 * GET /sitemap.xml: the global host's sitemap index, or the China edition's sitemap. Sitemaps
 * list what is live at the effective now, so they follow the schedule and previews (and a
 * preview's sitemap is never stored).
 */
export const sitemapHandler: Handler<After<'now' | 'previewing' | 'schedule'>> = (c) => {
  const url = new URL(c.req.url);
  const { china, origins } = originsOf(url, c.env);
  const xml = china ? editionSitemap('cn', origins, c.var.schedule, c.var.now) : sitemapIndex(url.origin);
  return c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': c.var.previewing ? CACHE.private : CACHE.crawler });
};

/** GET /{region}/sitemap.xml on the global host: one edition's sitemap. */
export const editionSitemapHandler: Handler<After<'now' | 'previewing' | 'schedule'>> = async (c, next) => {
  const region = c.req.param('region');
  const url = new URL(c.req.url);
  const { china, origins } = originsOf(url, c.env);
  if (!isGlobalRegion(region) || china) return next();
  return c.body(editionSitemap(region, origins, c.var.schedule, c.var.now), 200, {
    'Content-Type': XML,
    'Cache-Control': c.var.previewing ? CACHE.private : CACHE.crawler,
  });
};
