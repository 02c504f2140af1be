import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { REGION_OPTIONS } from '../../content/chooser';
import { SiteProvider } from '../context/react';
import type { Consent } from '../context/consent';
import type { Site } from '../context/site';
import { regionLabel } from '../edition/country';
import { PAGE_END } from '../render/document';
import { consentParts, consentVariant, type ConsentParts } from './consent/parts';
import { SuggestionBanner } from './parts/suggestion-banner';

/**
 * The parts of a page that are the visitor's own, not the page's (decision 0028): the
 * region label (header, footer, the chooser's current option), the suggestion banner
 * naming another edition and the visitor's country, and their consent's parts (decision
 * 0033: the Consent Mode lines, the scripts they allow, the consent banner). The render cache renders a page once
 * without them (`neutral`) and `stitch` fills them in for each visitor with the runtime's
 * HTMLRewriter, as the stored or freshly rendered body streams out. The views mark where
 * they go with the attributes below; a view that shows anything else that varies by visitor
 * must join this list, or every visitor would be sent the first one's.
 */
const STITCH = {
  /** An element whose whole text is the region label: the header's, and the footer's link. */
  label: 'data-region-label',
  footerLabel: 'data-footer-label',
  /** The header's region link, whose `aria-label` names the label. */
  labelled: 'data-region-link',
  /** The element the suggestion banner follows (the skip link, first in the body). */
  suggestion: 'data-suggestion-slot',
  /** The chooser's options (`region-country`); the visitor's own carries `aria-current`. */
  option: 'data-option',
  /** The consent's parts need no mark of their own: the first script of `<head>`, its end, and
   * the body's closing marker (the banner goes before it, so the first frame holds it). */
} as const;

/** The Site a page is rendered with for every visitor: no country, so the edition's own label and no suggestion. */
export function neutral(site: Site): Site {
  if (site.country === undefined) return site;
  return { ...site, country: undefined, regionLabel: regionLabel(site.edition, undefined), suggestion: undefined };
}

/** What a visitor's copy of a page differs in from the neutral one; undefined when nothing. */
export interface VisitorParts {
  /** The region label, where it is not the edition's own. */
  label?: { text: string; aria: string; option: string | undefined };
  /** The suggestion banner's HTML, when there is one. */
  banner?: string;
  /** The consent's parts, where the edition asks (./consent/parts.tsx). */
  consent?: ConsentParts;
}

/** The chooser option (`data-option` value) a label marks as current in an edition. */
function optionOf(site: Pick<Site, 'edition'>, label: string): string | undefined {
  const option = REGION_OPTIONS.find((o) => o.region === site.edition.region && o.label === label);
  return option ? `${option.region}-${option.country ?? ''}` : undefined;
}

/**
 * What sets a visitor's copy of a page apart from the neutral one, as a string (their label,
 * the edition suggested and the country it names); undefined when the neutral page is theirs
 * as it is. Two visitors with the same variant get the same bytes.
 */
export function variantOf(site: Site, consent?: Consent): string | undefined {
  const own = site.regionLabel !== regionLabel(site.edition, undefined);
  const chosen = consentVariant(consent);
  if (!own && !site.suggestion && !chosen) return undefined;
  return [site.regionLabel, site.suggestion ?? '', site.suggestion ? (site.country ?? '') : '', chosen].join('|');
}

/** A visitor's parts of a page rendered with `site`'s URL (and their consent, where the edition asks); undefined when the neutral page is theirs as it is. */
export function visitorParts(site: Site, consent?: Consent): VisitorParts | undefined {
  const own = site.regionLabel !== regionLabel(site.edition, undefined);
  const chosen = consentParts(site, consent);
  if (!own && !site.suggestion && !chosen) return undefined;
  return {
    ...(chosen ? { consent: chosen } : {}),
    ...(own
      ? { label: { text: site.regionLabel, aria: site.t('common.region.current', { label: site.regionLabel }), option: optionOf(site, site.regionLabel) } }
      : {}),
    // The very component the page frame renders, so a stitched page is byte for byte the page
    // rendered for this visitor (tests/worker/pages/render-cache.test.ts).
    ...(site.suggestion
      ? { banner: renderToStaticMarkup(createElement(SiteProvider, { value: site }, createElement(SuggestionBanner, { region: site.suggestion }))) }
      : {}),
  };
}

/** Text escaped as React escapes text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * A page response with the visitor's parts filled in, streaming (HTMLRewriter); the body must
 * be the plain HTML. The neutral page's label is replaced where it is marked, the banner is
 * inserted after its slot, and the consent's parts go in (decision 0033): its Consent Mode
 * lines before the first script of `<head>` (so before the boot lines and any tag), the
 * scripts the visitor allows at the end of `<head>`, its banner at the end of the page, before
 * the marker the first frame waits for (`PAGE_END`, decision 0053; at the body's end in a page
 * without one).
 */
export function stitch(response: Response, parts: VisitorParts): Response {
  let rewriter = new HTMLRewriter();
  const { label, banner, consent } = parts;
  if (label) {
    const text = escapeHtml(label.text);
    // HTMLRewriter writes an attribute value as given but for `"`: escaped beforehand, it comes out as React writes it.
    const aria = escapeHtml(label.aria);
    rewriter = rewriter
      .on(`[${STITCH.label}], [${STITCH.footerLabel}]`, { element: (e) => void e.setInnerContent(text, { html: true }) })
      .on(`[${STITCH.labelled}]`, { element: (e) => void e.setAttribute('aria-label', aria) })
      .on(`a[${STITCH.option}]`, {
        element: (e) => void (e.getAttribute(STITCH.option) === label.option ? e.setAttribute('aria-current', 'true') : e.removeAttribute('aria-current')),
      });
  }
  if (banner) rewriter = rewriter.on(`[${STITCH.suggestion}]`, { element: (e) => void e.after(banner, { html: true }) });
  if (consent) {
    let placed = false;
    let bannerPlaced = false;
    rewriter = rewriter
      .on('head > script', {
        element: (e) => {
          if (placed) return;
          placed = true;
          e.before(consent.defaults, { html: true });
        },
      })
      .on('head', {
        element: (e) =>
          void e.onEndTag((end) => {
            // A head with no script of its own still gets the defaults before the tags.
            end.before(placed ? consent.scripts : consent.defaults + consent.scripts, { html: true });
            placed = true;
          }),
      })
      .on(`#${PAGE_END}`, {
        element: (e) => {
          if (!consent.banner) return;
          e.before(consent.banner, { html: true });
          bannerPlaced = true;
        },
      })
      .on('body', {
        element: (e) =>
          void e.onEndTag((end) => {
            if (consent.banner && !bannerPlaced) end.before(consent.banner, { html: true });
          }),
      });
  }
  return rewriter.transform(response);
}
