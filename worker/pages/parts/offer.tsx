import { buyState, currentPrice } from '../../../content/catalogue';
import type { Offer } from '../../../content/schema/catalogue';
import { useSite } from '../../context/react';

/** The price now, beside the crossed-out list price while a sale stage is on. */
export function Price({ offer }: { offer: Offer }) {
  const site = useSite();
  const now = currentPrice(offer, site.stage);
  if (now === undefined || offer.price === undefined) return null;
  if (now === offer.price) {
    return (
      <p className="price">
        <span data-price>{site.price(offer.price)}</span>
      </p>
    );
  }
  return (
    <p className="price">
      <span className="visually-hidden">{site.t('common.labels.salePrice')}</span>
      <span data-price className="sale">
        {site.price(now)}
      </span>{' '}
      <span className="visually-hidden">{site.t('common.labels.listPrice')}</span>
      <del data-list-price>{site.price(offer.price)}</del>
    </p>
  );
}

/** The buy button: a link out to the regional store, or a disabled Sold Out. */
export function BuyButton({ offer }: { offer: Offer }) {
  const { t } = useSite();
  const state = buyState(offer);
  if (state === 'soldOut') {
    return (
      <span className="button disabled" aria-disabled="true" data-buy="soldOut">
        {t('common.labels.soldOut')}
      </span>
    );
  }
  return (
    <a className="button primary" href={offer.buy} rel="noopener" data-buy={state}>
      {t(state === 'preOrder' ? 'common.labels.preOrder' : 'common.labels.buy')}
    </a>
  );
}

const METHOD_NAMES = { paypal: 'PayPal', klarna: 'Klarna' } as const;

/**
 * How the regional store lets the shopper pay (region pack): the payment methods, and the
 * installment offer — a number of months (the monthly amount worked out from the price
 * now) or the edition's own wording.
 */
export function PaymentNote({ offer }: { offer: Offer }) {
  const site = useSite();
  const { paymentMethods, installment } = site.bundle.pack;
  if (paymentMethods.length === 0 && installment === undefined) return null;
  const methods = new Intl.ListFormat(site.edition.htmlLang, { type: 'disjunction' }).format(paymentMethods.map((m) => METHOD_NAMES[m]));
  const price = currentPrice(offer, site.stage);
  let plan = '';
  if (typeof installment === 'string') plan = site.t(installment);
  else if (installment !== undefined && price !== undefined) {
    plan = site.t('common.installment.months', { n: installment, amount: site.price(Math.round((price / installment) * 100) / 100) });
  }
  return (
    <p className="payment-note" data-payment>
      {paymentMethods.length > 0 ? site.t('common.payments.with', { methods }) : null}
      {paymentMethods.length > 0 && plan ? ' · ' : null}
      {plan}
    </p>
  );
}
