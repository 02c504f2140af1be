import type { ProductPage } from '../../../content/schema/product';
import { useSite } from '../../context/react';
import { SectionList } from '../parts/sections';
import { PRODUCT_SECTIONS } from './sections';
import { productView } from './view';

/**
 * Every product page: the product's sections for this edition, in order, each rendered by
 * the shared component of its kind, with the in-page menu after the first screen. The
 * article names the anchor the page enters at (`data-entry`).
 */
export function ProductPageView({ page }: { page: ProductPage }) {
  const site = useSite();
  const view = productView(site, page);
  const [hero, ...rest] = view.sections;
  return (
    <article className="product" data-product={page.product} data-entry={page.entry} data-sections={view.sections.length}>
      <SectionList sections={[hero!]} view={view} components={PRODUCT_SECTIONS} />
      <nav className="product-menu" aria-label={site.t('product.menuLabel', { name: view.heading })}>
        <ul>
          {view.menu.map((anchor) => (
            <li key={anchor}>
              <a href={`#${anchor}`}>{view.copy(`menu.${anchor}`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <SectionList sections={rest} view={view} components={PRODUCT_SECTIONS} />
    </article>
  );
}
