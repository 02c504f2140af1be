import { PRICE_FIGURES } from '../../../../content/catalogue';
import { buyState, currentPrice } from '../../../../kernel/offers';
import type { Offer, ProductKey } from '../../../../content/schema/catalogue';
import { useSite } from '../../../context/react';
import { BuyButton, PaymentNote, Price } from '../../parts/offer';
import { formatMoney } from '../../../../kernel/figures';
import type { ProductView } from '../view';

/** "Available at the store": where a page is shown but no price is published; a link when no button follows. */
export function Unpublished({ link }: { link?: string }) {
  const { t } = useSite();
  const text = t('product.price.unpublished');
  return (
    <p className="price unpublished" data-unpublished="">
      {link ? (
        <a href={link} rel="noopener">
          {text}
        </a>
      ) : (
        text
      )}
    </p>
  );
}

/** The price as its currency sign and its number, in the locale's order (the Buzz page's price block). */
function PriceSign({ offer, product }: { offer: Offer; product: ProductKey }) {
  const site = useSite();
  const now = currentPrice(offer, site.stage)!;
  const parts = new Intl.NumberFormat(site.edition.htmlLang, {
    style: 'currency',
    currency: site.edition.currency,
    maximumFractionDigits: Number.isInteger(now) ? 0 : 2,
  }).formatToParts(now);
  const sign = parts
    .filter((p) => p.type === 'currency')
    .map((p) => p.value)
    .join('');
  const value = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  const signFirst = parts.findIndex((p) => p.type === 'currency') < parts.findIndex((p) => p.type === 'integer');
  const pieces = [
    <span key="sign" className="price-sign" data-price-sign="">
      {sign}
    </span>,
    <span key="value" className="price-value" data-price-value="">
      {value}
    </span>,
  ];
  return (
    <p className="price price-block" data-product={product}>
      {signFirst ? pieces : pieces.reverse()}
      {now !== offer.price && offer.price !== undefined ? (
        <>
          {' '}
          <span className="visually-hidden">{site.t('common.labels.listPrice')}</span>
          <del data-list-price="">{site.price(offer.price)}</del>
        </>
      ) : null}
    </p>
  );
}

function OfferLine({ product, offer, view, name, sign }: { product: ProductKey; offer: Offer; view: ProductView; name?: string; sign: boolean }) {
  const site = useSite();
  const price = currentPrice(offer, site.stage);
  const instalment = PRICE_FIGURES[site.edition.region]?.[product]?.instalment;
  const number = new Intl.NumberFormat(site.edition.htmlLang);
  return (
    <div className="offer" data-offer={product}>
      {name ? <p className="offer-name">{name}</p> : null}
      {price === undefined ? (
        buyState(offer) === 'soldOut' ? null : (
          <Unpublished />
        )
      ) : sign ? (
        <PriceSign offer={offer} product={product} />
      ) : (
        <Price offer={offer} product={product} />
      )}
      {price === undefined ? null : <PaymentNote offer={offer} plan={!instalment} />}
      {instalment ? (
        <p className="instalment" data-instalment="">
          {view.copy('price.instalment', {
            monthly: formatMoney(instalment.monthly, view.format),
            months: number.format(instalment.months),
            ...(instalment.apr === undefined
              ? {}
              : { apr: new Intl.NumberFormat(site.edition.htmlLang, { style: 'percent', maximumFractionDigits: 2 }).format(instalment.apr / 100) }),
          })}
        </p>
      ) : null}
      <p className="offer-actions">
        <BuyButton offer={offer} product={product} name={name} />
      </p>
    </div>
  );
}

/**
 * The offers a section shows: each product's price (or "Available at the store"), payment
 * note, published instalment example and buy button, by the catalogue's rules. Where the
 * edition has no offer at all, "Available at the store" links to its store.
 */
export function Offers({
  products,
  view,
  sign = false,
  buttonsOnly = false,
}: {
  products: readonly ProductKey[];
  view: ProductView;
  sign?: boolean;
  buttonsOnly?: boolean;
}) {
  const site = useSite();
  const offered = products.flatMap((key) => {
    const offer = site.bundle.offers[key];
    return offer ? [{ key, offer }] : [];
  });
  if (offered.length === 0) return <Unpublished link={site.bundle.pack.shop} />;
  const named = offered.length > 1;
  if (buttonsOnly) {
    return (
      <p className="offer-actions">
        {offered.map(({ key, offer }) => (
          <BuyButton key={key} offer={offer} product={key} name={named ? site.t(`product.names.${key}`) : undefined} />
        ))}
      </p>
    );
  }
  return (
    <div className={named ? 'offers several' : 'offers'}>
      {offered.map(({ key, offer }) => (
        <OfferLine key={key} product={key} offer={offer} view={view} sign={sign} name={named ? site.t(`product.names.${key}`) : undefined} />
      ))}
    </div>
  );
}
