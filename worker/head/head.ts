import { buyState, currentPrice, type BuyState } from '../../kernel/offers';
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import type { PageDef } from '../../content/pages';
import { productPageOf } from '../../content/products';
import { lookup } from '../bundle/build';
import { preSaleOver } from '../clock/dated';
import { liveRegions } from '../clock/stage';
import { quotedFigures } from '../context/figures';
import type { Site } from '../context/site';
import type { Head } from '../render/document';
import { breadcrumbsFor } from './breadcrumbs';

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
  const figures = product ? quotedFigures(site, product.figures) : undefined;
  const params = figures?.params ?? {};
  const t = (key: string) => site.t(key, params);
  const title = t(`head.${headKey}.title`);
  // A description that quotes a date that has passed gives way to its `descriptionPassed`.
  const passed = new Set(Object.keys(figures?.passed ?? {}));
  const described =
    passed.size && quotesPassed(site, `head.${headKey}.description`, passed) ? `head.${headKey}.descriptionPassed` : `head.${headKey}.description`;
  const description = t(described);
  const keywords = t(`head.${headKey}.keywords`);
  // What every page shares with a social card: the brand, the edition's locale, a summary card.
  const social = { siteName: t('common.brand'), ogType: 'website' as const, ogLocale: edition.ogLocale, ogLocaleAlternates: [] as string[] };
  if (!page) {
    return { title, description, keywords, canonical: editionUrl(edition.region, site.slug, origins), alternates: [], index: false, ...social };
  }
  const canonical = editionUrl(edition.region, page.slug, origins);
  const regions = liveRegions(page, site.schedule, site.now);
  const head: Head = {
    title,
    description,
    keywords,
    canonical,
    alternates: page.indexable ? alternatesFor({ ...page, regions }, edition.region, origins) : [],
    index: page.indexable,
    ...social,
    ogType: page.kind === 'product' ? 'product' : 'website',
    // The same page in the other editions' languages (uk and eu share English, one entry each way).
    ogLocaleAlternates: [...new Set(REGIONS.filter((r) => r !== edition.region && regions.includes(r)).map((r) => EDITIONS[r].ogLocale))].filter(
      (l) => l !== edition.ogLocale,
    ),
  };
  // Products and campaigns: the build's share picture in the edition's words (scripts/build/pictures.ts).
  const share = sharePicture(page.slug, edition.region);
  if (share) head.image = { url: `${editionOrigin(edition.region, origins)}${share.src}`, ...SHARE_SIZE, alt: share.alt };
  head.breadcrumbs = breadcrumbsFor(page, edition.region, origins, (slug) =>
    slug === '' ? site.t('common.nav.home') : slug === page.slug ? t(`head.${headKey}.heading`) : site.t(`head.${slug}.heading`),
  );
  const data: object[] = [];
  if (page.product && product) data.push(productData(site, page, product, { name: t(`head.${page.slug}.heading`), description, canonical }));
  if (head.breadcrumbs.length > 1) {
    data.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: head.breadcrumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
    });
  }
  head.jsonLd = data.map(safeJsonLd);
  return head;
}

/**
 * A product page's structured data. Where the edition publishes a price: a `Product` with its
 * `Offer` (price, currency, the buy button's availability). Where it does not, no `Product`:
 * Google's Product rich results require an offer, a review or a rating, and the site has no
 * honest one to give; the page is then a `WebPage` about the product, with the same name,
 * description, image and key (docs/decisions/0034-brand-experience.md).
 */
function productData(
  site: Site,
  page: PageDef,
  product: NonNullable<ReturnType<typeof productPageOf>>,
  { name, description, canonical }: { name: string; description: string; canonical: string },
): object {
  const { edition, origins } = site;
  const image = `${editionOrigin(edition.region, origins)}${product.images.hero!.src}`;
  const offer = site.bundle.offers[page.product!];
  const price = offer ? currentPrice(offer, site.stage) : undefined;
  if (!offer || price === undefined) {
    return {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name,
      description,
      url: canonical,
      inLanguage: edition.htmlLang,
      primaryImageOfPage: { '@type': 'ImageObject', url: image },
      about: { '@type': 'Thing', name, description, image, identifier: page.product },
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description,
    sku: product.sku,
    productID: page.product,
    brand: { '@type': 'Brand', name: site.t('common.brand') },
    image,
    url: canonical,
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: edition.currency,
      availability: AVAILABILITY[buyState(offer, preSaleOver(site.schedule, edition.region, page.slug, site.now))],
      url: canonical,
    },
  };
}
