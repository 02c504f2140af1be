import { PRODUCT_IMAGES } from '../../content/catalogue';
import { findPage } from '../../content/pages';
import { BuyButton, Price } from './parts/offer';
import { useSite } from '../context/react';

/**
 * A page whose body lands with a later issue: its localized heading and introduction and,
 * for a product, its picture, the edition's price and the button out to the regional store,
 * so the page shows the offer its structured data describes.
 */
export function BasicPage() {
  const { t, slug, bundle } = useSite();
  const product = findPage(slug)?.product;
  const offer = product ? bundle.offers[product] : undefined;
  const image = product ? PRODUCT_IMAGES[product] : undefined;
  return (
    <section className="page-intro">
      <h1>{t(`head.${slug}.heading`)}</h1>
      <p className="lede">{t(`head.${slug}.lede`)}</p>
      {offer && (
        <div className="product-offer">
          {image && <img src={image} alt={offer.alt} width={320} height={240} />}
          <Price offer={offer} />
          <BuyButton offer={offer} />
        </div>
      )}
    </section>
  );
}
