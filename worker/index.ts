import { Hono } from 'hono';
import { previewHandler } from './api/preview';
import { dismissSuggestionHandler, regionSelectHandler } from './api/region-select';
import { methodNotAllowed, missingAsset } from './api/refusals';
import { subscribeHandler } from './api/subscribe';
import { timestampHandler } from './api/timestamp';
import { clock } from './context/clock';
import { content, schedule } from './context/content';
import { edition } from './context/edition';
import { site } from './context/site';
import type { AppEnv } from './context/types';
import { editionSitemapHandler, robotsHandler, sitemapHandler } from './head/routes';
import { pageHandler } from './pages/handler';
import { errorHandler } from './pages/respond';
import { security } from './render/security';

/**
 * The storefront worker. Static assets are answered before the worker runs. Every
 * response gets the security headers; a page request passes clock → edition → content →
 * site (the request context, set once) → the page step.
 */
export const app = new Hono<AppEnv>();

app.use('*', security());
app.onError(errorHandler);

app.all('/assets/*', missingAsset);
app.get('/robots.txt', robotsHandler);
app.get('/sitemap.xml', clock(), schedule(), sitemapHandler);
app.get('/:region/sitemap.xml', clock(), schedule(), editionSitemapHandler);

app.get('/ssr/timestamp', clock(), timestampHandler);
app.get('/__preview', previewHandler);
app.get('/region-select', regionSelectHandler);
app.get('/region-suggest/dismiss', dismissSuggestionHandler);
app.post('/account/user/subscribe/create', subscribeHandler);

app.get('*', clock(), edition(), content(), site(), pageHandler);
app.all('*', methodNotAllowed);

export default app;
