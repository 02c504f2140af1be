import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { renderToString } from 'react-dom/server';
import ConsentManager, { type ConsentProps, type GrantableScript } from '../../../client/islands/consent';
import { consentMode, consentState, OPTIONAL_CATEGORIES, type OptionalCategory } from '../../../kernel/consent';
import { consentOf, type Consent } from '../../context/consent';
import type { After } from '../../context/types';
import type { Site } from '../../context/site';
import { Island } from '../../render/island';
import { etagWith } from '../render-cache';

/** The edition-relative path of the cookie settings (the footer's "Cookie settings", the banner's action). */
export const SETTINGS_SLUG = 'cookie-settings';
/** The edition-relative path of the privacy notice (decision 0033). */
export const NOTICE_SLUG = 'privacy';

/** The scripts a visitor can grant here: every optional one configured for the edition. */
const grantable = (consent: Consent): GrantableScript[] =>
  consent.configured.flatMap((s) => (s.category === 'necessary' ? [] : [{ src: s.src, category: s.category }]));

/** The banner's (and the settings page's) props, in the edition's language. */
export function managerProps(site: Site, consent: Consent, mode: ConsentProps['mode'], next: string): ConsentProps {
  const t = (key: string) => site.t(`privacy.consent.${key}`);
  const categories = Object.fromEntries(
    (['necessary', ...OPTIONAL_CATEGORIES] as const).map((c) => [c, { name: t(`categories.${c}.name`), describe: t(`categories.${c}.describe`) }]),
  ) as ConsentProps['copy']['categories'];
  return {
    action: site.href(`/${SETTINGS_SLUG}`),
    next,
    model: consent.model,
    grants: consent.grants,
    gpc: consent.gpc,
    mode,
    scripts: grantable(consent),
    privacyHref: site.href(`/${NOTICE_SLUG}`),
    copy: {
      title: t('title'),
      text: t(`text.${consent.model}`),
      privacyLink: t('privacyLink'),
      acceptAll: t('acceptAll'),
      rejectAll: t('rejectAll'),
      settings: t('settings'),
      save: t('save'),
      ok: t('ok'),
      doNotSell: t('doNotSell'),
      gpc: t('gpc'),
      saved: t('saved'),
      failed: site.t('common.api.message.default'),
      categories,
    },
  };
}

/** The consent manager as an island (the banner, or the settings page's form). */
export function ConsentIsland(props: ConsentProps) {
  return (
    // Its own parent: the boot lines load an island when something beside it is touched.
    <div className="consent-root">
      <Island name="consent" component={ConsentManager} props={props} />
    </div>
  );
}

/**
 * What varies a page by consent, for its ETag: the grants and whether the banner shows. A
 * browser's copy is only confirmed (304) for the same consent: its scripts and banner are
 * that consent's.
 */
export function consentVariant(consent: Consent | undefined): string {
  if (!consent?.optional) return '';
  const letters = OPTIONAL_CATEGORIES.filter((c: OptionalCategory) => consent.grants[c])
    .map((c) => c[0])
    .join('');
  return `${letters || '-'}${consent.ask ? 'b' : ''}${consent.gpc ? 'g' : ''}`;
}

/**
 * The inline lines that go before the boot lines (so before any tag): the data layer's
 * Consent Mode v2 defaults for this visitor, and the consent state stamped on every virtual
 * page view (the boot lines push the page view; they have no bytes to spare for it).
 * Made for one response: allowed by its nonce, never part of a stored page.
 */
function defaultsScript(consent: Consent, nonce: string): string {
  const mode = JSON.stringify({ ...consentMode(consent.grants), wait_for_update: 500 });
  const state = JSON.stringify(consentState(consent.grants));
  const code =
    'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}' +
    `gtag('consent','default',${mode});` +
    `(function(l,s){var p=l.push;l.push=function(){for(var i=0;i<arguments.length;i++){var e=arguments[i];if(e&&e.event==='virtual_page_view'&&!e.consent)e.consent=s}return p.apply(l,arguments)}})(dataLayer,${state});`;
  return `<script nonce="${nonce}">${code}</script>`;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The optional scripts this visitor allows, as tags for the end of `<head>` (the necessary ones are in every page). */
const scriptTags = (consent: Consent) =>
  consent.allowed
    .filter((s) => s.category !== 'necessary')
    .map((s) => `<script async src="${escapeAttr(s.src)}" data-consent-category="${s.category}"></script>`).join('');

/**
 * Stitches this visitor's consent into a page (decision 0033): the rendered page, cached or
 * not, is the same for every visitor (decisions 0020, 0025), so what depends on the consent
 * cookie goes in on the way out, with HTMLRewriter: the Consent Mode defaults before the boot
 * lines, the allowed scripts at the end of `<head>`, and the banner (when the visitor has not
 * chosen) at the end of `<body>`, after the content, so it never holds up reading or the
 * first paint. Only where the edition has an optional script configured; other pages pass
 * untouched.
 */
function stitchConsent(c: Context<After<'site' | 'consent'>>, response: Response): Response {
  const { site, consent } = c.var;
  const type = response.headers.get('Content-Type') ?? '';
  if (!consent.optional || !response.body || !type.startsWith('text/html') || response.status === 304) return response;
  const headers = new Headers(response.headers);
  let body: ReadableStream<Uint8Array> = response.body;
  // A cached page comes as its stored gzip: unzipped here, the runtime encodes it again.
  if (headers.get('Content-Encoding') === 'gzip') {
    body = body.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
    headers.delete('Content-Encoding');
    headers.delete('Content-Length');
  }
  const etag = headers.get('ETag');
  if (etag) headers.set('ETag', etagWith(etag, consentVariant(consent)));
  const banner = consent.ask ? renderToString(<ConsentIsland {...managerProps(site, consent, 'banner', site.url.pathname)} />) : '';
  let defaultsPlaced = false;
  const rewriter = new HTMLRewriter()
    .on('head > script', {
      element(el) {
        if (defaultsPlaced) return;
        defaultsPlaced = true;
        el.before(defaultsScript(consent, site.nonce), { html: true });
      },
    })
    .on('head', {
      element(el) {
        el.append(scriptTags(consent), { html: true });
      },
    })
    .on('body', {
      element(el) {
        if (banner) el.append(banner, { html: true });
      },
    });
  return rewriter.transform(new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/**
 * The consent step of every page route (after the site): resolves the visitor's consent,
 * names the script origins this response's CSP may list (what they allow, and, on a page
 * that asks, what they can grant on it without a reload), and stitches the page on the way out.
 */
export function consent() {
  return createMiddleware<After<'site' | 'consent'>>(async (c, next) => {
    const { site } = c.var;
    const state = consentOf(c, { edition: site.edition, policy: site.bundle.pack.consent, config: c.var.config, now: site.now });
    c.set('consent', state);
    const asking = state.ask || site.slug === SETTINGS_SLUG;
    c.set('scriptOrigins', [...new Set((asking ? state.configured : state.allowed).map((s) => new URL(s.src).origin))]);
    await next();
    const stitched = stitchConsent(c, c.res);
    if (stitched === c.res) return;
    // Hono copies the old answer's headers onto a new one (its encoding and ETag too): let it go first.
    c.res = undefined;
    c.res = stitched;
  });
}
