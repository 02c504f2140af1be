import { REGIONS, type Region } from './editions';
import type { ProductKey } from './schema/catalogue';

/** What a page is, which decides the component that renders it. */
export type PageKind = 'home' | 'product' | 'campaign' | 'support' | 'info' | 'account' | 'chooser' | 'redirect';

export interface PageDef {
  /** Path under the edition: `flagship-bumblebee`, `where-to-buy/hongkong-macao`; '' is home. */
  slug: string;
  /** Editions where the page exists. */
  regions: readonly Region[];
  kind: PageKind;
  /** Product shown, for product pages (JSON-LD, offers). */
  product?: ProductKey;
  /** Slug this page answers 301 to, in the same edition. */
  redirect?: string;
  /** Schedule id of the page's time window, if it has one. */
  window?: string;
  /** Listed in the sitemap (redirects and private pages are not). */
  indexable: boolean;
}

const ALL = REGIONS;
const except = (...out: Region[]): Region[] => REGIONS.filter((r) => !out.includes(r));
const EU_US: Region[] = ['us', 'uk', 'eu', 'fr', 'de'];

/**
 * Every page and where it exists (platform spec §2 table, with DESIGN.md's readings; the
 * pages the spec only names in navigation are decided in docs/decisions/0002-page-availability.md).
 */
export const PAGES: readonly PageDef[] = [
  { slug: '', regions: ALL, kind: 'home', indexable: true },
  { slug: 'login', regions: ALL, kind: 'account', indexable: false },
  { slug: 'account', regions: ALL, kind: 'account', indexable: false },
  { slug: 'choose-your-region', regions: ALL, kind: 'chooser', indexable: true },
  { slug: 'flagship-bumblebee', regions: except('kr'), kind: 'product', product: 'flagshipBumblebee', indexable: true },
  { slug: 'new-release', regions: except('kr'), kind: 'redirect', redirect: 'flagship-bumblebee', indexable: false },
  { slug: 'toy-story-buzz-lightyear', regions: [...EU_US, 'cn'], kind: 'product', product: 'toyStoryBuzzLightyear', indexable: true },
  { slug: 'elite-optimus-prime', regions: ['us'], kind: 'product', product: 'eliteOptimusPrime', indexable: true },
  { slug: 'grimlock-g1-flagship', regions: ['us'], kind: 'product', product: 'grimlockG1Flagship', indexable: true },
  { slug: 'bumblebee-g1-performance', regions: ['us'], kind: 'product', product: 'bumblebeeG1Performance', indexable: true },
  { slug: 'flagship-megatron', regions: ['us'], kind: 'product', product: 'flagshipMegatron', indexable: true },
  { slug: 'buzz-lightyear-space-ranger-alpha', regions: ['us'], kind: 'product', product: 'buzzLightyearSpaceRangerAlpha', indexable: true },
  { slug: 'ai-base', regions: ['us'], kind: 'product', product: 'aiBase', indexable: true },
  { slug: 'flagship-optimus-prime', regions: ['us'], kind: 'product', product: 'flagshipOptimusPrime', indexable: true },
  { slug: 'k1-pro-interstellar-scout', regions: [...EU_US, 'cn'], kind: 'product', product: 'k1ProInterstellarScout', indexable: true },
  {
    slug: 'optimus-prime-rise-of-the-beasts-signature-limited-edition',
    regions: ['us', 'cn'],
    kind: 'product',
    product: 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition',
    indexable: true,
  },
  { slug: 'black-friday', regions: EU_US, kind: 'campaign', window: 'route:black-friday', indexable: true },
  { slug: 'christmas-sale', regions: EU_US, kind: 'campaign', window: 'route:christmas-sale', indexable: true },
  { slug: 'back-to-school', regions: ['us'], kind: 'campaign', window: 'route:back-to-school', indexable: true },
  { slug: 'where-to-buy', regions: EU_US, kind: 'support', indexable: true },
  { slug: 'where-to-buy/hongkong-macao', regions: ['cn'], kind: 'support', indexable: true },
  { slug: 'manuals', regions: except('jp'), kind: 'support', indexable: true },
  { slug: 'product-registration', regions: EU_US, kind: 'support', indexable: true },
  { slug: 'return-manufacturer', regions: EU_US, kind: 'support', indexable: true },
  { slug: 'support', regions: ['us'], kind: 'support', indexable: true },
  { slug: 'faq', regions: ['us'], kind: 'support', indexable: true },
  { slug: 'technical-support', regions: ['us'], kind: 'support', indexable: true },
  { slug: 'apply-wholesale-account', regions: ['us'], kind: 'support', indexable: true },
  { slug: 'cookies-policy', regions: ['us'], kind: 'info', indexable: true },
  { slug: 'privacy-policy', regions: ['us'], kind: 'info', indexable: true },
  { slug: 'terms-use', regions: ['us'], kind: 'info', indexable: true },
  { slug: 'download-center', regions: ALL, kind: 'support', indexable: true },
  { slug: 'about-us', regions: ALL, kind: 'info', indexable: true },
  { slug: 'news', regions: ALL, kind: 'info', indexable: true },
  { slug: 'contact-us', regions: EU_US, kind: 'info', indexable: true },
  { slug: 'after-sale-service', regions: ['kr', 'jp', 'cn'], kind: 'support', indexable: true },
  { slug: 'warranty-information', regions: ['kr', 'jp', 'cn'], kind: 'support', indexable: true },
];

const BY_SLUG = new Map(PAGES.map((p) => [p.slug, p]));

/** The page registered at a slug, whatever the edition. */
export function findPage(slug: string): PageDef | undefined {
  return BY_SLUG.get(slug);
}

/** Whether a page exists in an edition. */
export function pageExists(slug: string, region: Region): boolean {
  return BY_SLUG.get(slug)?.regions.includes(region) ?? false;
}
