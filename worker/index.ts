import { Hono, type ErrorHandler } from 'hono';
import { isGlobalRegion } from '../content/editions';
import { previewHandler } from './api/preview';
import { dismissSuggestionHandler, regionSelectHandler } from './api/region-select';
import { subscribeHandler } from './api/subscribe';
import { timestampHandler } from './api/timestamp';
import { content, store } from './bundle/middleware';
import { clock } from './clock/middleware';
import type { AppEnv } from './context';
import { edition } from './edition/middleware';
import { chinaOrigin, globalOrigin, isChinaHost } from './edition/resolve';
import { configOf } from './env';
import { editionSitemap, robotsTxt, sitemapIndex } from './head/sitemap';
import { pageHandler } from './pages/handler';
import { renderServerError } from './render/respond';
import { security } from './render/security';

export type { Env } from './env';

/** Any uncaught error: logged, answered with the edition's localized 500 page, no detail. */
export const errorHandler: ErrorHandler<AppEnv> = (error, c) => {
  console.error('worker:', error instanceof Error ? `${error.name}: ${error.message}` : error);
  return renderServerError(c);
};

/**
 * The storefront worker. Static assets are answered before the worker runs; everything
 * else passes, in order: security headers → fixed routes → edition → clock → content → page.
 */
export const app = new Hono<AppEnv>();

app.use('*', security());
app.onError(errorHandler);

// A hashed asset that is not there is gone for good: 404, so the page reloads (client boot).
app.all('/assets/*', (c) => c.text('Not Found', 404, { 'Cache-Control': 'no-store' }));

app.get('/robots.txt', (c) => {
  const url = new URL(c.req.url);
  return c.text(robotsTxt(url.origin, isChinaHost(url.host, configOf(c.env))));
});
app.use('*', clock());
// Sitemaps list what is live at the effective now, so they follow the schedule and previews.
app.get('/sitemap.xml', async (c) => {
  const url = new URL(c.req.url);
  const config = configOf(c.env);
  const origins = { global: globalOrigin(url, config), cn: chinaOrigin(url, config) };
  const xml = isChinaHost(url.host, config) ? editionSitemap('cn', origins, await store.schedule(c.env.CONTENT), c.get('now')) : sitemapIndex(url.origin);
  return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
});
app.get('/:region/sitemap.xml', async (c, next) => {
  const region = c.req.param('region');
  const url = new URL(c.req.url);
  const config = configOf(c.env);
  if (!isGlobalRegion(region) || isChinaHost(url.host, config)) return next();
  const origins = { global: globalOrigin(url, config), cn: chinaOrigin(url, config) };
  return c.body(editionSitemap(region, origins, await store.schedule(c.env.CONTENT), c.get('now')), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
});

app.get('/ssr/timestamp', timestampHandler);
app.get('/__preview', previewHandler);
app.get('/region-select', regionSelectHandler);
app.get('/region-suggest/dismiss', dismissSuggestionHandler);
app.post('/account/user/subscribe/create', subscribeHandler);

app.get('*', edition(), content(), pageHandler);
app.all('*', (c) => c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' }));

export default app;
