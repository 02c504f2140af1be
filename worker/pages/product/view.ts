import type { IslandName } from '../../../content/islands';
import { pageVariant } from '../../../content/products';
import type { ProductPage, Section } from '../../../content/schema/product';
import type { Site } from '../../context/site';
import type { FigureFormat } from '../../../content/products/figures';
import { productParams } from '../../head/head';

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
  /** A figure as this edition shows it; undefined where the edition has none. */
  figure: (name: string) => string | undefined;
  /** An image of the product with its alt text. */
  image: (key: string) => { src: string; width: number; height: number; alt: string };
  /** How this edition formats figures and money. */
  format: FigureFormat;
}

/** The view of a product page in the request's edition. */
export function productView(site: Site, page: ProductPage): ProductView {
  const format: FigureFormat = { lang: site.edition.htmlLang, region: site.edition.region, currency: site.edition.currency, t: site.t };
  const params = productParams(site, page.figures);
  const copy = (key: string, extra?: Record<string, string | number>) => site.t(`${page.namespace}.${key}`, extra ? { ...params, ...extra } : params);
  const { menu, sections } = pageVariant(page, site.edition.region);
  return {
    page,
    heading: site.t(`head.${page.slug}.heading`, params),
    menu,
    sections,
    copy,
    // Lists are not templated by the translator: fill in the figures here.
    list: (key) => site.list(`${page.namespace}.${key}`).map((line) => line.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')),
    figure: (name) => params[name],
    image: (key) => {
      const image = page.images[key]!;
      return { src: image.src, width: image.width, height: image.height, alt: copy(image.alt ?? `images.${key}`) };
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
