import { PRICE_FIGURES } from '../../../../content/catalogue';
import { buyState, currentPrice, instalmentDivides } from '../../../../kernel/offers';
import type { Offer, ProductKey } from '../../../../content/schema/catalogue';
import type { Region } from '../../../../content/editions';
import { useSite } from '../../../context/react';
import { BuyButton, offerReference, PaymentNote, Price, StruckPrice, TaxLabel } from '../../parts/offer';
import { formatPercent, moneyParts, numberFormat } from '../../../../kernel/format';
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
  const from = offerReference(site, offer, now, product);
  const { sign, value, signFirst, gap } = moneyParts(now, site.edition);
  const pieces = [
    <span key="sign" className="price-sign" data-price-sign="">
      {sign}
    </span>,
    gap,
    <span key="value" className="price-value" data-price-value="">
      {value}
    </span>,
  ];
  return (
    <p className="price price-block" data-product={product}>
      {signFirst ? pieces : pieces.reverse()}
      <TaxLabel />
      {from !== undefined ? (
        <>
          {' '}
          <StruckPrice price={from} />
        </>
      ) : null}
    </p>
  );
}

/** A published instalment example, in the page's words: "$141.60/month for 12 months at 0% APR". */
export function Instalment({ product, view }: { product: ProductKey; view: ProductView }) {
  const site = useSite();
  const instalment = PRICE_FIGURES[site.edition.region]?.[product]?.instalment;
  if (!instalment) return null;
  return (
    <span className="instalment" data-instalment="">
      {view.copy('price.instalment', {
        monthly: site.price(instalment.monthly),
        months: numberFormat(site.edition.htmlLang).format(instalment.months),
        ...(instalment.apr === undefined ? {} : { apr: formatPercent(instalment.apr, site.edition.htmlLang) }),
      })}
    </span>
  );
}

/** Whether the product's published instalment example divides a price, so it may sit under it. */
export function instalmentUnder(region: Region, product: ProductKey, price: number | undefined): boolean {
  const instalment = PRICE_FIGURES[region]?.[product]?.instalment;
  return instalment !== undefined && price !== undefined && instalmentDivides(instalment, price);
}

function OfferLine({ product, offer, view, name, sign }: { product: ProductKey; offer: Offer; view: ProductView; name?: string; sign: boolean }) {
  const site = useSite();
  const price = currentPrice(offer, site.stage);
  // The published example sits under the price it pays off; under any other the region's own plan is named.
  const instalment = instalmentUnder(site.edition.region, product, price);
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
        <p>
          <Instalment product={product} view={view} />
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
    // Several buttons say which product each buys: its name over it ("K1" / "K1 Pro", not two
    // "Buy Now" side by side); the button's own name already carries it for a screen reader.
    return (
      <p className="offer-actions">
        {offered.map(({ key, offer }) => {
          if (!named) return <BuyButton key={key} offer={offer} product={key} />;
          const name = site.t(`product.names.${key}`);
          return (
            <span key={key} className="offer-choice">
              <span className="offer-choice-name" aria-hidden="true">
                {name}
              </span>
              <BuyButton offer={offer} product={key} name={name} />
            </span>
          );
        })}
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
