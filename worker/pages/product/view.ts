import type { IslandName } from '../../../kernel/islands';
import { PRICE_FIGURES } from '../../../content/catalogue';
import { pageVariant } from '../../../content/products';
import type { ProductPage, Section } from '../../../content/schema/product';
import { quotedFigures } from '../../context/figures';
import type { Site } from '../../context/site';
import type { FigureFormat } from '../../../kernel/figures';
import { resolvePicture, type ResolvedPicture } from '../../../kernel/picture';
import { lookup } from '../../bundle/build';

/** A product page as one edition shows it: what every section component reads. */
export interface ProductView {
  page: ProductPage;
  /** The page heading (head.{slug}.heading), as the head's structured data names the product. */
  heading: string;
  /** The edition's in-page menu. */
  menu: readonly string[];
  /** The edition's sections, in page order. */
  sections: readonly Section[];
  /** Page copy under the page namespace, the product's figures as parameters ('' when missing). */
  copy: (key: string, params?: Record<string, string | number>) => string;
  /** A list of strings from the page copy, the figures filled in. */
  list: (key: string) => string[];
  /** A figure as this edition shows it; undefined where the edition has none, or when it is a date that has passed. */
  figure: (name: string) => string | undefined;
  /** A dated figure as the edition shows it even once it has passed, and whether it has (the steps of a timeline). */
  /** A dated figure's text and where it stands at the page's moment: over, running now (a pre-order open), or still to come. */
  dated: (name: string) => { text: string; state: 'past' | 'current' | 'upcoming' } | undefined;
  /** An image of the product with its alt text, resolved for where it is served from (kernel/picture.tsx). */
  image: (key: string) => ResolvedPicture;
  /** How this edition formats figures and money. */
  format: FigureFormat;
}

/** Whether a message's template (its `{{name}}` placeholders intact) quotes one of some parameters. */
function quotes(messages: object, key: string, names: ReadonlySet<string>): boolean {
  const template = lookup(messages, key);
  return typeof template === 'string' && [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].some((m) => names.has(m[1]!));
}

/**
 * Whether a section shows at the request's moment: a section about a dated figure
 * (`shownWhile`) only while it holds, a timeline while any of its steps has not passed.
 */
function sectionShows(section: Section, holds: (name: string) => boolean, known: (name: string) => boolean): boolean {
  if (section.shownWhile && !holds(section.shownWhile)) return false;
  if (section.kind === 'timeline') return section.items.some((i) => holds(i.at)) || !section.items.every((i) => known(i.at));
  return true;
}

/** The price points page copy may quote: `{{presalePrice}}`, `{{retailPrice}}`, `{{standardPrice}}`, `{{presaleSaving}}`. */
const PRICE_PARAMS = ['presalePrice', 'retailPrice', 'standardPrice', 'presaleSaving'] as const;

/**
 * The edition's published price points of the page's product, as copy quotes them (the
 * early-bird offer): from the catalogue, the one place prices live; none where the edition
 * publishes none.
 */
function priceParams(site: Site, page: ProductPage): Partial<Record<(typeof PRICE_PARAMS)[number], string>> {
  const points = PRICE_FIGURES[site.edition.region]?.[page.product];
  const retail = site.bundle.offers[page.product]?.price;
  return {
    ...(points?.presale !== undefined ? { presalePrice: site.price(points.presale) } : {}),
    ...(points?.standard !== undefined ? { standardPrice: site.price(points.standard) } : {}),
    ...(retail !== undefined ? { retailPrice: site.price(retail) } : {}),
    ...(retail !== undefined && points?.presale !== undefined && retail > points.presale ? { presaleSaving: site.price(retail - points.presale) } : {}),
  };
}

/** The view of a product page in the request's edition. */
export function productView(site: Site, page: ProductPage): ProductView {
  const format: FigureFormat = { lang: site.edition.htmlLang, region: site.edition.region, currency: site.edition.currency, t: site.t };
  // The schedule's dated words: those that hold, and those that have passed (docs/decisions/0029).
  const { current, passed, ongoing, params: figures, past } = quotedFigures(site, page.figures);
  const prices = priceParams(site, page);
  const params: Record<string, string> = { ...figures, ...prices };
  // Dated figures that do not hold now, and prices the edition does not publish: copy quoting
  // one is left out rather than shown stale or half-filled.
  const gone = new Set([
    ...Object.entries(page.figures).flatMap(([name, value]) => (('scheduled' in value || 'scheduledRange' in value) && !(name in current) ? [name] : [])),
    ...PRICE_PARAMS.filter((name) => !(name in prices)),
  ]);
  const copy = (key: string, extra?: Record<string, string | number>) => {
    const full = `${page.namespace}.${key}`;
    if (gone.size && quotes(site.bundle.messages, full, gone)) return '';
    return site.t(full, extra ? { ...params, ...extra } : params);
  };
  const variant = pageVariant(page, site.edition.region);
  const sections = variant.sections.filter((s) =>
    sectionShows(
      s,
      (name) => name in current,
      (name) => name in current || name in passed,
    ),
  );
  const anchors = new Set(sections.map((s) => s.id));
  const menu = variant.menu.filter((anchor) => anchors.has(anchor));
  return {
    page,
    heading: site.t(`head.${page.slug}.heading`, params),
    menu,
    sections,
    copy,
    list: (key) => site.list(`${page.namespace}.${key}`, params),
    figure: (name) => params[name],
    dated: (name) =>
      params[name] !== undefined
        ? { text: params[name], state: ongoing.has(name) ? 'current' : 'upcoming' }
        : past[name] !== undefined
          ? { text: past[name], state: 'past' }
          : undefined,
    image: (key) => {
      const image = page.images[key]!;
      return resolvePicture({ src: image.src, width: image.width, height: image.height, alt: copy(image.alt ?? `images.${key}`) }, site.mediaOrigin);
    },
    format,
  };
}

/** The islands any edition of the page shows, for the document to point the boot lines at the hydration entry. */
export function productIslands(page: ProductPage): IslandName[] {
  const sections = [page, ...Object.values(page.editions ?? {})].flatMap((v) => v!.sections);
  const islands = new Set<IslandName>();
  for (const s of sections) {
    if (s.kind === 'voice') islands.add('voice-commands');
    if (s.kind === 'gallery') islands.add('gallery');
    if (s.kind === 'video') islands.add('video');
    if (s.kind === 'cards' && s.layout === 'carousel') islands.add('carousel');
    if (s.kind === 'cards' && s.layout === 'dialog') islands.add('action-dialog');
  }
  return [...islands];
}
