import { Hono } from 'hono';
import { accountApi } from './api/account';
import { consentApi } from './api/consent';
import { faqApi } from './api/faq';
import { formApi } from './api/forms';
import { luckyDrawApi } from './api/lucky-draw';
import { subscribeApi } from './api/subscribe';
import { timestampApi } from './api/timestamp';
import { clock } from './context/clock';
import { config } from './context/config';
import { content, readContent, schedule } from './context/content';
import { edition } from './context/edition';
import { observe } from './context/observe';
import { origins } from './context/origins';
import { site } from './context/site';
import type { AppEnv } from './context/types';
import { configOf } from './env';
import { deepHealthHandler, healthHandler } from './health';
import { editionSitemapHandler, robotsHandler, sitemapHandler } from './head/routes';
import { PROOF_SLUG } from '../kernel/paths';
import { loginAction, resetLinkPage } from './pages/account/login-action';
import { proofAction } from './pages/account/proof-action';
import { luckyDrawAction } from './pages/campaign/lucky-draw-action';
import { consentAction } from './pages/consent/action';
import { consent } from './pages/consent/manager';
import { settingsPage } from './pages/consent/settings-page';
import { timelineHandler } from './pages/campaign/timeline-page';
import { pageHandler } from './pages/handler';
import { mailLinkPage } from './pages/mail-link-page';
import { outboxHandler } from './pages/outbox';
import { confirmAction, subscribeAction, unsubscribeAction } from './pages/parts/subscribe-action';
import { previewHandler } from './pages/preview';
import { dismissSuggestionHandler, regionSelectHandler } from './pages/region-select';
import { errorHandler } from './pages/respond';
import { formAction } from './pages/support/form-action';
import { apiCors, postGuard } from './post/guard';
import { byCaller } from './post/input';
import { STATIC_FOLDERS } from './render/assets';
import { methodNotAllowed, missingAsset } from './render/refusals';
import { MAIL_SWEEP_CRON, purgeOutbox, sweepOutbox } from './records/mail';
import { purgePending } from './records/subscriptions';
import { logError } from './log';
import { security } from './render/security';

/**
 * The storefront worker, as a table of contents. Static assets are answered before the
 * worker runs. Every response gets the security headers; every request with a body (POST)
 * passes the guard (type, origin, size) before any route reads it. The JSON API (worker/api/) and the pages with their
 * no-JS form actions (worker/pages/) never import each other: a path both answer is split
 * here by what the caller wants (`byCaller`).
 */
export const app = new Hono<AppEnv>();

/**
 * What every page needs resolved, in order: origins → clock → edition → content → site, and
 * the visitor's consent, which also stitches the consent's parts into the page on the way out.
 */
const page = [origins(), clock(), edition(), content(), site(), consent()] as const;

// Watching comes first, so its line and counters see the answer every later step made.
app.use('*', observe(), config(), security());
app.onError(errorHandler);
// The API paths answer the site's own pages when an API base is another origin (preflights too).
for (const path of ['/account/*', '/support/*', '/campaign/*', '/api/*', '/ssr/timestamp']) app.use(path, apiCors());
// Every request that carries a body passes the guard before any route reads it: attached to
// every path, not a list of them, so a POST route added anywhere below cannot miss it.
app.use('*', postGuard());

// Crawlers, and a file missing from a static folder: a plain 404, not a redirect into an
// edition's not-found page, which an <img> or a PDF link cannot show. A file name is
// required: /manuals alone is the China edition's manuals page.
for (const folder of STATIC_FOLDERS) app.all(`/${folder}/:file{.+}`, missingAsset);
app.get('/robots.txt', origins(), robotsHandler);
app.get('/sitemap.xml', origins(), clock(), schedule(), sitemapHandler);
app.get('/:region/sitemap.xml', origins(), clock(), schedule(), editionSitemapHandler);

// Whether this version can serve pages (public, cheap: uptime checks, load balancers), and every
// binding's state (private: ops and the rollout, with HEALTH_TOKEN).
app.get('/healthz', healthHandler(readContent));
app.get('/healthz/deep', deepHealthHandler);

// The JSON API.
app.get('/ssr/timestamp', clock(), timestampApi);
app.get('/api/faq', faqApi);
app.route('/account/user', accountApi);

// Paths a script calls and a plain form posts to.
app.post('/account/user/subscribe/create', byCaller(subscribeApi, subscribeAction));
app.post('/support/forms/:kind', origins(), clock(), byCaller(formApi, formAction));
app.post('/campaign/lucky-draw', origins(), clock(), byCaller(luckyDrawApi, luckyDrawAction));

// Navigation and the tools of ops and developers.
app.get('/__preview', previewHandler);
app.get('/__outbox', outboxHandler);
app.get('/__timeline', clock(), schedule(), timelineHandler);
app.get('/region-select', origins(), regionSelectHandler);
app.get('/region-suggest/dismiss', dismissSuggestionHandler);

// Pages. The log-in page's form posts to the page itself (its action), and a mailed
// password-reset link opens it in its own, never stored, state (the China edition at the root).
app.post('/:region/login', ...page, loginAction);
app.post('/login', ...page, loginAction);
app.get('/:region/login', ...page, resetLinkPage);
app.get('/login', ...page, resetLinkPage);
// The cookie settings: the page holds this visitor's own choice (never stored), and its
// form (the banner's too) posts to it: a script in place, a plain form with a redirect back.
// Mailed links (decisions 0033, 0054): a GET shows a page whose one button (a POST) acts, so a
// mail scanner that fetches a link changes nothing; RFC 8058's one-click POST unsubscribes.
for (const prefix of ['/:region', '']) {
  app.get(`${prefix}/subscribe/confirm`, ...page, mailLinkPage('mail-confirm'));
  app.post(`${prefix}/subscribe/confirm`, ...page, confirmAction);
  app.get(`${prefix}/unsubscribe`, ...page, mailLinkPage('mail-unsubscribe'));
  app.post(`${prefix}/unsubscribe`, ...page, unsubscribeAction);
  app.get(`${prefix}/${PROOF_SLUG}`, ...page, mailLinkPage('mail-prove'));
  app.post(`${prefix}/${PROOF_SLUG}`, ...page, proofAction);
}
for (const path of ['/:region/cookie-settings', '/cookie-settings']) {
  app.get(path, ...page, settingsPage);
  app.post(path, ...page, byCaller(consentApi, consentAction));
}
app.get('*', ...page, pageHandler);
app.all('*', methodNotAllowed);

/**
 * The worker's entry: the app, except that an answer the app encoded itself (a cached page's
 * stored gzip bytes) is sent as it is (`encodeBody: 'manual'`): the runtime would otherwise
 * encode it again. Made here, at the very end, because a Response rebuilt on the way out
 * (hono does so when a header is set late) does not keep the option.
 */
export default {
  /**
   * The Cron Triggers (wrangler.toml): every minute, the mail outbox's sweep (decision 0064);
   * daily, sign-ups never confirmed go after 7 days (decision 0033) and old mail leaves the
   * outbox. A failure is logged (never sampled away) and fails the invocation.
   */
  async scheduled(controller: ScheduledController, env: AppEnv['Bindings']): Promise<void> {
    try {
      if (controller.cron === MAIL_SWEEP_CRON) {
        await sweepOutbox(env, controller.scheduledTime);
        return;
      }
      await purgePending(env.DB, controller.scheduledTime);
      await purgeOutbox(env, controller.scheduledTime);
    } catch (error) {
      logError(`scheduled: "${controller.cron}" failed`, error);
      throw error;
    }
  },
  async fetch(request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext): Promise<Response> {
    const res = await app.fetch(request, env, ctx);
    // The render cache's verdict is for us (tests, the probe, pre-production), not for anyone
    // in production: the counters and the request line have read it already (docs/decisions/0055).
    const verdict = res.headers.has('X-Render-Cache') && configOf(env).environment === 'production';
    if (!verdict && (!res.headers.has('Content-Encoding') || !res.body)) return res;
    const headers = new Headers(res.headers);
    if (verdict) headers.delete('X-Render-Cache');
    const encodeBody = headers.has('Content-Encoding') && res.body ? 'manual' : 'automatic';
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers, encodeBody });
  },
} satisfies ExportedHandler<AppEnv['Bindings']>;
