import { buyState, currentPrice, type BuyState } from '../../kernel/offers';
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import type { PageDef } from '../../content/pages';
import { productPageOf } from '../../content/products';
import { figureParams } from '../../kernel/figures';
import { lookup } from '../bundle/build';
import { preSaleOver, resolveFigures } from '../clock/dated';
import { liveRegions } from '../clock/stage';
import type { Site } from '../context/site';
import type { Head } from '../render/document';

export type { Head };
import { editionOrigin, editionUrl, type Origins } from '../edition/paths';
import { SHARE_SIZE } from '../../kernel/picture';
import { sharePicture } from './share';

/**
 * Alternates: one per edition where the page exists, plus x-default — the China page on the
 * China site, else us, else eu, else the page itself.
 */
export function alternatesFor(page: Pick<PageDef, 'slug' | 'regions'>, current: Region, origins: Origins): Head['alternates'] {
  const regions = REGIONS.filter((r) => page.regions.includes(r));
  const links = regions.map((r) => ({ hreflang: EDITIONS[r].hreflang, href: editionUrl(r, page.slug, origins) }));
  const fallback = current === 'cn' ? 'cn' : ((['us', 'eu'] as const).find((r) => page.regions.includes(r)) ?? current);
  links.push({ hreflang: 'x-default', href: editionUrl(fallback, page.slug, origins) });
  return links;
}

/** schema.org availability of each buy state. */
export const AVAILABILITY: Record<BuyState, string> = {
  soldOut: 'https://schema.org/OutOfStock',
  preOrder: 'https://schema.org/PreOrder',
  buy: 'https://schema.org/InStock',
};

/**
 * Serialises JSON-LD for a `<script>` element: `<`, `>`, `&` and the JS line separators are
 * escaped so no content can close the element or start markup.
 */
export function safeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Whether a message's template (its `{{name}}` placeholders intact) quotes one of some parameters. */
function quotesPassed(site: Site, key: string, names: ReadonlySet<string>): boolean {
  const template = lookup(site.bundle.messages, key);
  return typeof template === 'string' && [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].some((m) => names.has(m[1]!));
}

/** The head of a page; `headKey` picks the message entry (`home-back-to-school`, `not-found`, …). */
export function buildHead(site: Site, page: PageDef | undefined, headKey: string): Head {
  const { edition, origins } = site;
  const product = page?.product ? productPageOf(page.product) : undefined;
  // A product page's head copy quotes its figures, formatted for the edition: the schedule's
  // dated words only while they hold (docs/decisions/0029).
  const figures = product ? resolveFigures(product.figures, site.schedule, edition.region, site.now) : undefined;
  const params = product ? figureParams(figures!.current, { lang: edition.htmlLang, region: edition.region, currency: edition.currency, t: site.t }) : {};
  const t = (key: string) => site.t(key, params);
  const title = t(`head.${headKey}.title`);
  // A description that quotes a date that has passed gives way to its `descriptionPassed`.
  const passed = new Set(Object.keys(figures?.passed ?? {}));
  const described =
    passed.size && quotesPassed(site, `head.${headKey}.description`, passed) ? `head.${headKey}.descriptionPassed` : `head.${headKey}.description`;
  const description = t(described);
  const keywords = t(`head.${headKey}.keywords`);
  if (!page) {
    return { title, description, keywords, canonical: editionUrl(edition.region, site.slug, origins), alternates: [], index: false };
  }
  const canonical = editionUrl(edition.region, page.slug, origins);
  const head: Head = {
    title,
    description,
    keywords,
    canonical,
    alternates: page.indexable ? alternatesFor({ ...page, regions: liveRegions(page, site.schedule, site.now) }, edition.region, origins) : [],
    index: page.indexable,
  };
  // Products and campaigns: the build's share picture in the edition's words (scripts/pictures.ts).
  const share = sharePicture(page.slug, edition.region);
  if (share) head.image = { url: `${editionOrigin(edition.region, origins)}${share.src}`, ...SHARE_SIZE, alt: share.alt };
  if (page.product && product) {
    // Every product page describes its product; the offer only where a price is published,
    // its availability by the rule the buy button follows (docs/decisions/0012-product-pages.md).
    const offer = site.bundle.offers[page.product];
    const price = offer ? currentPrice(offer, site.stage) : undefined;
    head.jsonLd = safeJsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: t(`head.${page.slug}.heading`),
      description,
      sku: product.sku,
      productID: page.product,
      brand: { '@type': 'Brand', name: t('common.brand') },
      image: `${editionOrigin(edition.region, origins)}${product.images.hero!.src}`,
      url: canonical,
      ...(offer && price !== undefined
        ? {
            offers: {
              '@type': 'Offer',
              price,
              priceCurrency: edition.currency,
              availability: AVAILABILITY[buyState(offer, preSaleOver(site.schedule, edition.region, page.slug, site.now))],
              url: canonical,
            },
          }
        : {}),
    });
  }
  return head;
}
