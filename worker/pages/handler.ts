import type { Handler } from 'hono';
import { findPage } from '../../content/pages';
import { CACHE } from '../cache';
import { pageLive } from '../clock/stage';
import type { After } from '../context/types';
import type { Site } from '../context/site';
import { renderNotFound, renderPage } from './respond';
import { viewFor } from './registry';
import { throughCache } from './render-cache';

/**
 * The page step: not-found where the page does not exist in this edition, redirects for
 * redirect pages, the edition home outside a page's window, else the page. Availability is
 * checked before the window.
 */
export const pageHandler: Handler<After<'site' | 'rejected'>> = async (c) => {
  const site = c.get('site');
  if (c.get('rejected')) return renderNotFound(c, site, 400);
  // The render cache (decisions 0020, 0028): a page rendered earlier in this interval is
  // served as stored, the visitor's own parts stitched in; a miss renders as below, once.
  return throughCache(c, site, (s) => answer(c, s));
};

/** The page step proper, for a Site (exported for the render cache's tests). */
export async function answer(c: Parameters<typeof pageHandler>[0], site: Site): Promise<Response> {
  const page = findPage(site.slug);
  if (!page || !page.regions.includes(site.edition.region)) return renderNotFound(c, site);
  if (page.redirect) {
    c.header('Cache-Control', CACHE.none);
    // The request's own query, tracking tags included (the cache renders without them).
    return c.redirect(`${site.href(`/${page.redirect}`)}${new URL(c.req.url).search}`, 301);
  }
  if (!pageLive(page, site.schedule, site.edition.region, site.now)) {
    c.header('Cache-Control', CACHE.none);
    return c.redirect(site.href('/'), 302);
  }
  return renderPage(c, site, page, viewFor(page));
}
