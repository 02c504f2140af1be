import { Hono } from 'hono';
import {
  deleteHandler,
  passwordChangeHandler,
  profileHandler,
  profileUpdateHandler,
  refreshHandler,
  registerOrLoginHandler,
  resetConfirmHandler,
  resetRequestHandler,
  signInHandler,
  signOutHandler,
} from './api/account';
import { faqHandler } from './api/faq';
import { loginFormHandler, resetLinkHandler } from './api/account-form';
import { formHandler } from './api/forms';
import { luckyDrawHandler } from './api/lucky-draw';
import { apiCors, postGuard } from './api/guard';
import { outboxHandler } from './api/outbox';
import { previewHandler } from './api/preview';
import { dismissSuggestionHandler, regionSelectHandler } from './api/region-select';
import { methodNotAllowed, missingAsset } from './api/refusals';
import { subscribeHandler } from './api/subscribe';
import { timestampHandler } from './api/timestamp';
import { clock } from './context/clock';
import { content, schedule } from './context/content';
import { edition } from './context/edition';
import { origins } from './context/origins';
import { site } from './context/site';
import type { AppEnv } from './context/types';
import { editionSitemapHandler, robotsHandler, sitemapHandler } from './head/routes';
import { pageHandler } from './pages/handler';
import { timelineHandler } from './pages/campaign/timeline-page';
import { errorHandler } from './pages/respond';
import { STATIC_FOLDERS } from './render/assets';
import { security } from './render/security';

/**
 * The storefront worker. Static assets are answered before the worker runs. Every response
 * gets the security headers and every POST passes the guard (type, origin, size) before its
 * body is read. A page request passes origins → clock → edition → content → site (the
 * request context, set once) → the page step.
 */
export const app = new Hono<AppEnv>();

app.use('*', security());
app.onError(errorHandler);
// The API paths answer the site's own pages when an API base is another origin (preflights too).
for (const path of ['/account/*', '/support/*', '/campaign/*', '/api/*', '/ssr/timestamp']) app.use(path, apiCors());
// Every path that takes a POST: the guard runs before any body is read.
app.post('/account/*', postGuard());
app.post('/support/*', postGuard());
app.post('/campaign/*', postGuard());
app.post('/:region/login', postGuard());
app.post('/login', postGuard());

// A file missing from a static folder is a plain 404, not a redirect into an edition's
// not-found page, which an <img> or a PDF link cannot show. A file name is required:
// /manuals alone is the China edition's manuals page.
for (const folder of STATIC_FOLDERS) app.all(`/${folder}/:file{.+}`, missingAsset);
app.get('/robots.txt', origins(), robotsHandler);
app.get('/sitemap.xml', origins(), clock(), schedule(), sitemapHandler);
app.get('/:region/sitemap.xml', origins(), clock(), schedule(), editionSitemapHandler);

app.get('/ssr/timestamp', clock(), timestampHandler);
app.get('/__preview', previewHandler);
app.get('/__outbox', outboxHandler);
app.get('/__timeline', clock(), schedule(), timelineHandler);
app.get('/region-select', origins(), regionSelectHandler);
app.get('/region-suggest/dismiss', dismissSuggestionHandler);
app.post('/account/user/subscribe/create', subscribeHandler);
app.post('/account/user/register_or_login', registerOrLoginHandler);
app.post('/account/user/sign_in', signInHandler);
app.get('/account/user/sign_in/refresh', refreshHandler);
app.get('/account/user/profile', profileHandler);
app.post('/account/user/profile', profileUpdateHandler);
app.post('/account/user/sign_out', signOutHandler);
app.post('/account/user/password', passwordChangeHandler);
app.post('/account/user/password/reset', resetRequestHandler);
app.post('/account/user/password/reset/confirm', resetConfirmHandler);
app.post('/account/user/delete', deleteHandler);
app.post('/support/forms/:kind', formHandler);
app.post('/campaign/lucky-draw', origins(), clock(), luckyDrawHandler);
app.get('/api/faq', faqHandler);
// The log-in page's form without JavaScript posts to the page itself (the China edition at the root).
app.post('/:region/login', origins(), clock(), edition(), content(), site(), loginFormHandler);
app.post('/login', origins(), clock(), edition(), content(), site(), loginFormHandler);

// A mailed password-reset link opens the log-in page in its own, never stored, state.
app.get('/:region/login', origins(), clock(), edition(), content(), site(), resetLinkHandler);
app.get('/login', origins(), clock(), edition(), content(), site(), resetLinkHandler);
app.get('*', origins(), clock(), edition(), content(), site(), pageHandler);
app.all('*', methodNotAllowed);

/**
 * The worker's entry: the app, except that an answer the app encoded itself (a cached page's
 * stored gzip bytes) is sent as it is (`encodeBody: 'manual'`): the runtime would otherwise
 * encode it again. Made here, at the very end, because a Response rebuilt on the way out
 * (hono does so when a header is set late) does not keep the option.
 */
export default {
  async fetch(request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext): Promise<Response> {
    const res = await app.fetch(request, env, ctx);
    if (!res.headers.has('Content-Encoding') || !res.body) return res;
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers, encodeBody: 'manual' });
  },
} satisfies ExportedHandler<AppEnv['Bindings']>;
