import { pageExists, type PageDef } from '../../content/pages';
import type { Region } from '../../content/editions';
import type { PageKind } from '../../content/schema/route';
import { editionUrl, type Origins } from '../edition/paths';
import type { Crumb } from '../render/document';

/** Pages that show where they sit: products, campaigns, and the support and information pages. */
const WITH_TRAIL: ReadonlySet<PageKind | 'redirect'> = new Set(['product', 'campaign', 'support', 'info', 'faq', 'form']);
/** Pages that sit under the support hub, where the edition has one. */
const UNDER_SUPPORT: ReadonlySet<PageKind | 'redirect'> = new Set(['support', 'faq', 'form']);
const SUPPORT_HUB = 'support';

/**
 * The trail to a page in an edition, home first, the page last: its parent pages by path
 * (`news` above a news article) and, for support pages, the edition's support hub. Empty for
 * a page that shows none (home, the chooser, log-in and account). `name` says what a page is
 * called: its heading in the edition's language.
 */
export function breadcrumbsFor(page: Pick<PageDef, 'slug' | 'kind'>, region: Region, origins: Origins, name: (slug: string) => string): Crumb[] {
  if (!WITH_TRAIL.has(page.kind) || page.slug === '') return [];
  const parts = page.slug.split('/');
  const parents = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
  if (UNDER_SUPPORT.has(page.kind) && page.slug !== SUPPORT_HUB) parents.unshift(SUPPORT_HUB);
  const trail = ['', ...parents.filter((slug) => pageExists(slug, region)), page.slug];
  return trail.map((slug) => ({ name: name(slug), url: editionUrl(region, slug, origins) }));
}
