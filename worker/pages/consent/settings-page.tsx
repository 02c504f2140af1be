import type { Handler } from 'hono';
import { findPage } from '../../../content/pages';
import { CACHE } from '../../cache';
import type { After } from '../../context/types';
import { sameOriginPath } from '../../edition/redirect';
import { renderNotFound, renderPage } from '../respond';
import { managerProps, SETTINGS_SLUG } from './parts';
import { CookieSettingsPage } from './settings';

/**
 * GET /{region}/cookie-settings (the China edition: /cookie-settings): the settings for this
 * visitor's own choice, so never stored (the render cache holds pages that are the same for
 * everyone). `next` (a same-origin path) is where saving goes back to; else the page the
 * visitor came from, when it is this site's.
 */
export const settingsPage: Handler<After<'site' | 'consent' | 'rejected'>> = async (c) => {
  const { site, consent } = c.var;
  const page = findPage(SETTINGS_SLUG);
  if (c.var.rejected || site.slug !== SETTINGS_SLUG || !page) return renderNotFound(c, site, c.var.rejected ? 400 : 404);
  const manager = consent.optional ? managerProps(site, consent, 'page', backTo(site.url, c.req.header('Referer'), site.href('/'))) : undefined;
  const view = { render: () => <CookieSettingsPage manager={manager} />, islands: manager ? (['consent'] as const) : [], headKey: () => SETTINGS_SLUG };
  const rendered = await renderPage(c, site, page, view);
  const headers = new Headers(rendered.headers);
  // One visitor's page: private, and outside the render cache, as its header says (the counters read it).
  headers.set('Cache-Control', CACHE.private);
  headers.set('X-Render-Cache', 'bypass');
  return new Response(rendered.body, { status: rendered.status, headers });
};

/** Where saving the settings goes back to: `next`, else the referring page of this origin, else the edition home. */
function backTo(url: URL, referer: string | undefined, home: string): string {
  const next = url.searchParams.get('next');
  if (next) return sameOriginPath(next, home);
  if (!referer) return home;
  try {
    const from = new URL(referer);
    if (from.origin !== url.origin || from.pathname.endsWith(`/${SETTINGS_SLUG}`)) return home;
    return sameOriginPath(from.pathname + from.search, home);
  } catch {
    return home;
  }
}
