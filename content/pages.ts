import ROUTE_ERRORS from '../locales/dev/route-errors.json';
import { REGIONS, type Region } from './editions';
import type { ProductKey } from './schema/catalogue';
import { RouteRecord, type PageKind, type RouteMeta } from './schema/route';
import { NEWS } from './support/news';

/** A page as the worker serves it: one route record, flattened, with its inherited metadata. */
export interface PageDef {
  /** Unique name: the record's own, else derived from its path (`where-to-buy-hongkong-macao`). */
  name: string;
  /** Path under the edition: `flagship-bumblebee`, `where-to-buy/hongkong-macao`; '' is home. */
  slug: string;
  /** Editions where the page exists. */
  regions: readonly Region[];
  /** What the page is, which picks its view; a redirect has none. */
  kind: PageKind | 'redirect';
  /** Product shown, for product pages (JSON-LD, offers). */
  product?: ProductKey;
  /** Slug this page answers 301 to, in the same edition. */
  redirect?: string;
  /** Schedule id of the page's time window, if it has one. */
  window?: string;
  /** Listed in the sitemap (redirects and private pages are not). */
  indexable: boolean;
}

/**
 * A malformed route table. The message leads with the spec's Chinese developer message
 * (docs/spec/platform.md §8, "Route errors"; locales/dev/route-errors.json) and says which record.
 */
class RouteError extends Error {
  override name = 'RouteError';
  constructor(kind: keyof typeof ROUTE_ERRORS, detail: string) {
    super(`${ROUTE_ERRORS[kind]['zh-CN']} (${ROUTE_ERRORS[kind].en}): ${detail}`);
  }
}

/** The name a route gets from its full path when it has none of its own. */
export function routeName(slug: string): string {
  return slug === '' ? 'home' : slug.replaceAll('/', '-');
}

/**
 * Flattens route records into pages: checks each record's shape, joins paths, derives
 * names, passes metadata down to children, and refuses duplicate names. Throws RouteError.
 */
export function compileRoutes(records: readonly unknown[]): PageDef[] {
  const pages: PageDef[] = [];
  const names = new Map<string, string>();
  const visit = (raw: unknown, parentPath: string, inherited: RouteMeta, where: string) => {
    const parsed = RouteRecord.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RouteError('invalidRecord', `${where}${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'invalid'}`);
    }
    const record = parsed.data;
    const slug = [parentPath, record.path].filter(Boolean).join('/');
    const meta: RouteMeta = { ...inherited, ...record.meta };
    const kind: PageDef['kind'] | undefined = record.redirect ? 'redirect' : record.view;
    if (kind) {
      const name = record.name ?? routeName(slug);
      const taken = names.get(name);
      if (taken !== undefined) throw new RouteError('duplicateName', `"${name}" names both /${taken} and /${slug}`);
      names.set(name, slug);
      pages.push({
        name,
        slug,
        // A route without regions exists in every edition.
        regions: meta.regions ?? REGIONS,
        kind,
        ...(meta.product ? { product: meta.product } : {}),
        ...(record.redirect ? { redirect: record.redirect } : {}),
        ...(meta.window ? { window: meta.window } : {}),
        indexable: !record.redirect && (meta.indexable ?? true),
      });
    }
    record.children?.forEach((child, i) => visit(child, slug, meta, `${where}.children[${i}]`));
  };
  records.forEach((record, i) => visit(record, '', {}, `routes[${i}]`));
  return pages;
}

const except = (...out: Region[]): Region[] => REGIONS.filter((r) => !out.includes(r));
const EU_US: Region[] = ['us', 'uk', 'eu', 'fr', 'de'];

/**
 * Every route and where it exists (docs/spec/platform.md §2 table, with docs/design.md's readings; the
 * pages the spec only names in navigation are decided in docs/decisions/0002-page-availability.md).
 */
export const ROUTES: RouteRecord[] = [
  { path: '', view: 'home' },
  { path: 'login', view: 'login', meta: { indexable: false } },
  { path: 'account', view: 'account', meta: { indexable: false } },
  // Consent and privacy in every edition (decision 0033): the cookie settings, and the short
  // privacy notice in the edition's language (the us-only policies stay as the spec has them).
  { path: 'cookie-settings', view: 'consent', meta: { indexable: false } },
  { path: 'privacy', view: 'privacy' },
  { path: 'choose-your-region', view: 'chooser' },
  { path: 'flagship-bumblebee', view: 'product', meta: { regions: except('kr'), product: 'flagshipBumblebee' } },
  { path: 'new-release', redirect: 'flagship-bumblebee', meta: { regions: except('kr') } },
  { path: 'toy-story-buzz-lightyear', view: 'product', meta: { regions: [...EU_US, 'cn'], product: 'toyStoryBuzzLightyear' } },
  { path: 'elite-optimus-prime', view: 'product', meta: { regions: ['us'], product: 'eliteOptimusPrime' } },
  { path: 'grimlock-g1-flagship', view: 'product', meta: { regions: ['us'], product: 'grimlockG1Flagship' } },
  { path: 'bumblebee-g1-performance', view: 'product', meta: { regions: ['us'], product: 'bumblebeeG1Performance' } },
  { path: 'flagship-megatron', view: 'product', meta: { regions: ['us'], product: 'flagshipMegatron' } },
  { path: 'buzz-lightyear-space-ranger-alpha', view: 'product', meta: { regions: ['us'], product: 'buzzLightyearSpaceRangerAlpha' } },
  { path: 'ai-base', view: 'product', meta: { regions: ['us'], product: 'aiBase' } },
  { path: 'flagship-optimus-prime', view: 'product', meta: { regions: ['us'], product: 'flagshipOptimusPrime' } },
  { path: 'k1-pro-interstellar-scout', view: 'product', meta: { regions: [...EU_US, 'cn'], product: 'k1ProInterstellarScout' } },
  {
    path: 'optimus-prime-rise-of-the-beasts-signature-limited-edition',
    view: 'product',
    meta: { regions: ['us', 'cn'], product: 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition' },
  },
  { path: 'black-friday', view: 'campaign', meta: { regions: EU_US, window: 'route:black-friday' } },
  { path: 'christmas-sale', view: 'campaign', meta: { regions: EU_US, window: 'route:christmas-sale' } },
  { path: 'back-to-school', view: 'campaign', meta: { regions: ['us'], window: 'route:back-to-school' } },
  {
    path: 'where-to-buy',
    view: 'support',
    meta: { regions: EU_US },
    children: [{ path: 'hongkong-macao', view: 'support', meta: { regions: ['cn'] } }],
  },
  { path: 'manuals', view: 'support', meta: { regions: except('jp') } },
  { path: 'product-registration', view: 'form', meta: { regions: EU_US } },
  { path: 'return-manufacturer', view: 'form', meta: { regions: EU_US } },
  { path: 'support', view: 'support', meta: { regions: ['us'] } },
  { path: 'faq', view: 'faq', meta: { regions: ['us'] } },
  { path: 'technical-support', view: 'form', meta: { regions: ['us'] } },
  { path: 'apply-wholesale-account', view: 'form', meta: { regions: ['us'] } },
  { path: 'cookies-policy', view: 'info', meta: { regions: ['us'] } },
  // Every edition's legal pages in its language, as its market's law asks (docs/decisions/0056):
  // the spec's us-only privacy policy and terms of use, and a legal notice (Impressum, mentions
  // légales, 特定商取引法に基づく表記, 사업자 정보, 经营者信息).
  { path: 'privacy-policy', view: 'info' },
  { path: 'terms-use', view: 'info' },
  { path: 'legal-notice', view: 'info' },
  { path: 'download-center', view: 'support' },
  { path: 'about-us', view: 'info' },
  // Each news article is its own page, news/<slug> (content/support/news.ts).
  { path: 'news', view: 'info', children: NEWS.map((article) => ({ path: article.slug, view: 'info' })) },
  { path: 'contact-us', view: 'info', meta: { regions: EU_US } },
  { path: 'after-sale-service', view: 'support', meta: { regions: ['kr', 'jp', 'cn'] } },
  { path: 'warranty-information', view: 'support', meta: { regions: ['kr', 'jp', 'cn'] } },
];

/** Every page, compiled from ROUTES once (a malformed table fails the build and the tests). */
export const PAGES: readonly PageDef[] = compileRoutes(ROUTES);

const BY_SLUG = new Map(PAGES.map((p) => [p.slug, p]));

/** The page registered at a slug, whatever the edition. */
export function findPage(slug: string): PageDef | undefined {
  return BY_SLUG.get(slug);
}

/** Whether a page exists in an edition. */
export function pageExists(slug: string, region: Region): boolean {
  return BY_SLUG.get(slug)?.regions.includes(region) ?? false;
}
