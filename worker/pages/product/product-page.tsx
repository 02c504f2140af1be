import type { ProductPage } from '../../../content/schema/product';
import { currentPrice } from '../../../kernel/offers';
import { useSite } from '../../context/react';
import { BuyButton } from '../parts/offer';
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
      <div className="product-bar">
        <nav className="product-menu" aria-label={site.t('product.menuLabel', { name: view.heading })}>
          <ul>
            {view.menu.map((anchor) => (
              <li key={anchor}>
                <a href={`#${anchor}`}>{view.copy(`menu.${anchor}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <BuyBar page={page} name={view.heading} />
      </div>
      <SectionList sections={rest} view={view} components={PRODUCT_SECTIONS} />
    </article>
  );
}

/**
 * The buy bar: the product's name, price and buy button beside the in-page menu, the two held
 * at the top of the window while the article scrolls by (`position: sticky` inside the
 * article: in flow, so it never lies over the page's last section or the footer and its
 * form, and it leaves with the article). Only where the edition sells the product.
 */
function BuyBar({ page, name }: { page: ProductPage; name: string }) {
  const site = useSite();
  const offer = site.bundle.offers[page.product];
  const price = offer ? currentPrice(offer, site.stage) : undefined;
  if (!offer || price === undefined) return null;
  return (
    <div className="buy-bar">
      <p className="buy-bar-name">{name}</p>
      <p className="buy-bar-price" data-product={page.product}>
        {site.price(price)}
      </p>
      <BuyButton offer={offer} product={page.product} />
    </div>
  );
}
