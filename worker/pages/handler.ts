import type { Handler } from 'hono';
import { findPage } from '../../content/pages';
import { isVisible } from '../clock/stage';
import type { AppEnv } from '../context';
import { renderNotFound, renderPage, siteOf } from '../render/respond';
import { viewFor } from './registry';

/**
 * Answers a page request: not-found where the page does not exist in this edition,
 * redirects for redirect pages, the edition home outside a page's window, else the page.
 * Availability is checked before the window.
 */
export const pageHandler: Handler<AppEnv> = async (c) => {
  const site = siteOf(c);
  if (c.get('rejected')) return renderNotFound(c, site, 400);
  const page = findPage(site.slug);
  if (!page || !page.regions.includes(site.edition.region)) return renderNotFound(c, site);
  if (page.redirect) {
    return c.redirect(`${site.href(`/${page.redirect}`)}${new URL(c.req.url).search}`, 301);
  }
  if (page.window && !isVisible(site.schedule.windows[page.window], site.now, site.stage)) {
    c.header('Cache-Control', 'no-store');
    return c.redirect(site.href('/'), 302);
  }
  return renderPage(c, site, page, viewFor(page));
};
