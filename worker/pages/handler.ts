import type { Handler } from 'hono';
import { findPage } from '../../content/pages';
import { CACHE } from '../cache';
import { pageLive } from '../clock/stage';
import type { After } from '../context/types';
import { renderNotFound, renderPage } from './respond';
import { viewFor } from './registry';

/**
 * The page step: not-found where the page does not exist in this edition, redirects for
 * redirect pages, the edition home outside a page's window, else the page. Availability is
 * checked before the window.
 */
export const pageHandler: Handler<After<'site' | 'rejected'>> = async (c) => {
  const { site } = c.var;
  if (c.var.rejected) return renderNotFound(c, site, 400);
  const page = findPage(site.slug);
  if (!page || !page.regions.includes(site.edition.region)) return renderNotFound(c, site);
  if (page.redirect) {
    c.header('Cache-Control', CACHE.none);
    return c.redirect(`${site.href(`/${page.redirect}`)}${site.url.search}`, 301);
  }
  if (!pageLive(page, site.schedule, site.edition.region, site.now)) {
    c.header('Cache-Control', CACHE.none);
    return c.redirect(site.href('/'), 302);
  }
  return renderPage(c, site, page, viewFor(page));
};
