import type { Handler } from 'hono';
import { isGlobalRegion } from '../../content/editions';
import { CACHE } from '../cache';
import type { After } from '../context/types';
import { editionOrigin } from '../edition/paths';
import { isChinaHost } from '../edition/resolve';
import { editionSitemap, robotsTxt, sitemapIndex } from './sitemap';

const XML = 'application/xml; charset=utf-8';

/** GET /robots.txt. */
export const robotsHandler: Handler<After<'origins'>> = (c) => {
  const china = isChinaHost(new URL(c.req.url).host, c.get('config'));
  return c.text(robotsTxt(editionOrigin(china ? 'cn' : 'us', c.get('origins')), china), 200, { 'Cache-Control': CACHE.crawler });
};

/**
 * GET /sitemap.xml: the global host's sitemap index, or the China edition's sitemap. Sitemaps
 * list what is live at the effective now, so they follow the schedule and previews (and a
 * preview's sitemap is never stored).
 */
export const sitemapHandler: Handler<After<'origins' | 'now' | 'previewing' | 'schedule'>> = (c) => {
  const origins = c.get('origins');
  const china = isChinaHost(new URL(c.req.url).host, c.get('config'));
  const xml = china ? editionSitemap('cn', origins, c.get('schedule'), c.get('now')) : sitemapIndex(origins.global);
  return c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': c.get('previewing') ? CACHE.private : CACHE.crawler });
};

/** GET /{region}/sitemap.xml on the global host: one edition's sitemap. */
export const editionSitemapHandler: Handler<After<'origins' | 'now' | 'previewing' | 'schedule'>> = async (c, next) => {
  const region = c.req.param('region');
  if (!isGlobalRegion(region) || isChinaHost(new URL(c.req.url).host, c.get('config'))) return next();
  return c.body(editionSitemap(region, c.get('origins'), c.get('schedule'), c.get('now')), 200, {
    'Content-Type': XML,
    'Cache-Control': c.get('previewing') ? CACHE.private : CACHE.crawler,
  });
};
