import { renderToString } from 'react-dom/server';
import ConsentManager, { type ConsentProps, type GrantableScript } from '../../../client/islands/consent';
import { consentMode, consentState, OPTIONAL_CATEGORIES, type Grants, type OptionalCategory } from '../../../kernel/consent';
import type { Consent } from '../../context/consent';
import type { Site } from '../../context/site';
import { Island } from '../../render/island';

/**
 * The consent manager's parts of a page (decision 0033): the banner, the Consent Mode lines
 * and the scripts a visitor allows. None of them is ever in a stored page: ../visitor.ts
 * stitches them in with the visitor's other parts (decision 0028), on the way out.
 */

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
    // Its own parent: the boot lines load an island when something beside it is touched. As a
    // banner, the parent is what sticks to the foot of the window (client/styles/consent.css).
    <div className={props.mode === 'banner' ? 'consent-root consent-root-banner' : 'consent-root'}>
      <Island name="consent" component={ConsentManager} props={props} />
    </div>
  );
}

/**
 * What varies a page by consent (part of the visitor's variant, ../visitor.ts): the grants,
 * whether the banner shows, and GPC; '' where the edition asks nothing. A browser's copy is
 * only confirmed (304), and a stitched copy only reused, for the same.
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
 * page view (the boot lines push the page view; they have no bytes to spare for it). Their
 * text depends on the grants alone (eight variants), so a stitched copy of a page can be kept
 * and sent again: the CSP allows them by hash (`consentHash`), not by a response's nonce.
 */
function defaultsScript(grants: Grants): string {
  const mode = JSON.stringify({ ...consentMode(grants), wait_for_update: 500 });
  const state = JSON.stringify(consentState(grants));
  return (
    'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}' +
    `gtag('consent','default',${mode});` +
    `(function(l,s){var p=l.push;l.push=function(){for(var i=0;i<arguments.length;i++){var e=arguments[i];if(e&&e.event==='virtual_page_view'&&!e.consent)e.consent=s}return p.apply(l,arguments)}})(dataLayer,${state});`
  );
}

/** CSP hash sources of the defaults lines, by their text (eight at most). */
const hashes = new Map<string, string>();

/** The CSP hash source (`'sha256-…'`) of a visitor's defaults lines. */
export async function consentHash(grants: Grants): Promise<string> {
  const code = defaultsScript(grants);
  let hash = hashes.get(code);
  if (!hash) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
    hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    hashes.set(code, hash);
  }
  return hash;
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The optional scripts this visitor allows, as tags for the end of `<head>` (the necessary ones are in every page). */
const scriptTags = (consent: Consent) =>
  consent.allowed
    .filter((s) => s.category !== 'necessary')
    .map((s) => `<script async src="${escapeAttr(s.src)}" data-consent-category="${s.category}"></script>`)
    .join('');

/** A visitor's consent parts of a page, as HTML: what ../visitor.ts stitches in. */
export interface ConsentParts {
  /** The Consent Mode defaults, before the first script of `<head>`. */
  defaults: string;
  /** The optional scripts the visitor allows, at the end of `<head>`. */
  scripts: string;
  /** The banner, at the end of the page, before the first frame's marker ('' once the visitor has chosen). */
  banner: string;
}

/**
 * A visitor's consent parts of the page `site` shows; undefined where the edition asks nothing
 * (no optional script configured: the page goes out as it is). The banner comes after the
 * content, so it never holds up reading or the first paint.
 */
export function consentParts(site: Site, consent: Consent | undefined): ConsentParts | undefined {
  if (!consent?.optional) return undefined;
  return {
    defaults: `<script>${defaultsScript(consent.grants)}</script>`,
    scripts: scriptTags(consent),
    banner: consent.ask ? renderToString(<ConsentIsland {...managerProps(site, consent, 'banner', site.url.pathname)} />) : '',
  };
}
