import type { ProductKey } from '../schema/catalogue';
import { ProductPage } from '../schema/product';
import type { Region } from '../editions';
import { AI_BASE } from './ai-base';
import { BUMBLEBEE_G1_PERFORMANCE } from './bumblebee-g1-performance';
import { BUZZ_LIGHTYEAR_SPACE_RANGER_ALPHA } from './buzz-lightyear-space-ranger-alpha';
import type { ProductPageInput } from './define';
import { ELITE_OPTIMUS_PRIME } from './elite-optimus-prime';
import { FLAGSHIP_BUMBLEBEE } from './flagship-bumblebee';
import { FLAGSHIP_MEGATRON } from './flagship-megatron';
import { FLAGSHIP_OPTIMUS_PRIME } from './flagship-optimus-prime';
import { GRIMLOCK_G1_FLAGSHIP } from './grimlock-g1-flagship';
import { K1_PRO_INTERSTELLAR_SCOUT } from './k1-pro-interstellar-scout';
import { OPTIMUS_PRIME_LIMITED_EDITION } from './optimus-prime-rise-of-the-beasts-signature-limited-edition';
import { TOY_STORY_BUZZ_LIGHTYEAR } from './toy-story-buzz-lightyear';

/** A product page that failed its schema; the message names the page and the field. */
class ProductPageError extends Error {
  override name = 'ProductPageError';
}

function checked(input: ProductPageInput): ProductPage {
  const parsed = ProductPage.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ProductPageError(`product page ${input.slug}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

/** Every product page as data, checked once (a malformed page fails the build and the tests). */
export const PRODUCT_PAGES: readonly ProductPage[] = [
  FLAGSHIP_BUMBLEBEE,
  FLAGSHIP_MEGATRON,
  FLAGSHIP_OPTIMUS_PRIME,
  ELITE_OPTIMUS_PRIME,
  GRIMLOCK_G1_FLAGSHIP,
  K1_PRO_INTERSTELLAR_SCOUT,
  TOY_STORY_BUZZ_LIGHTYEAR,
  BUZZ_LIGHTYEAR_SPACE_RANGER_ALPHA,
  BUMBLEBEE_G1_PERFORMANCE,
  AI_BASE,
  OPTIMUS_PRIME_LIMITED_EDITION,
].map(checked);

const BY_SLUG = new Map(PRODUCT_PAGES.map((p) => [p.slug, p]));
const BY_PRODUCT = new Map(PRODUCT_PAGES.map((p) => [p.product, p]));

/** The product page at a slug, if the slug is one. */
export function productPage(slug: string): ProductPage | undefined {
  return BY_SLUG.get(slug);
}

/**
 * A site-relative link with the product page's entry anchor added: `/flagship-megatron`
 * becomes `/flagship-megatron#banner`, so a shopper who follows a link from the navigation,
 * a tile, a banner or a campaign lands where docs/spec/platform.md §2 says the page enters. Links that
 * already name an anchor or carry a query, and links to other pages, stay as they are.
 */
export function withEntry(link: string): string {
  const page = /^\/[\w-]+$/.test(link) ? BY_SLUG.get(link.slice(1)) : undefined;
  return page ? `${link}#${page.entry}` : link;
}

/** The page of a product, if it has one. */
export function productPageOf(key: ProductKey): ProductPage | undefined {
  return BY_PRODUCT.get(key);
}

/** What an edition shows of a product page: its own menu and sections, else the page's. */
export function pageVariant(page: ProductPage, region: Region): Pick<ProductPage, 'menu' | 'sections'> {
  return page.editions?.[region] ?? page;
}
