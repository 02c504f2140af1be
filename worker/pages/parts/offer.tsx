import { buyState, currentPrice } from '../../../content/catalogue';
import type { Offer, ProductKey } from '../../../content/schema/catalogue';
import { useSite } from '../../context/react';

/** The price now, beside the crossed-out list price while a sale stage is on. */
export function Price({ offer, product }: { offer: Offer; product?: ProductKey }) {
  const site = useSite();
  const now = currentPrice(offer, site.stage);
  if (now === undefined || offer.price === undefined) return null;
  if (now === offer.price) {
    return (
      <p className="price" data-product={product}>
        <span data-price>{site.price(offer.price)}</span>
      </p>
    );
  }
  return (
    <p className="price" data-product={product}>
      <span className="visually-hidden">{site.t('common.labels.salePrice')}</span>
      <span data-price className="sale">
        {site.price(now)}
      </span>{' '}
      <span className="visually-hidden">{site.t('common.labels.listPrice')}</span>
      <del data-list-price>{site.price(offer.price)}</del>
    </p>
  );
}

/**
 * The buy button: a link out to the regional store, or a disabled Sold Out. `name` tells
 * apart several buttons on one page (read by screen readers only).
 */
export function BuyButton({ offer, product, name }: { offer: Offer; product?: ProductKey; name?: string }) {
  const { t } = useSite();
  const state = buyState(offer);
  const suffix = name ? <span className="visually-hidden">: {name}</span> : null;
  if (state === 'soldOut') {
    return (
      <span className="button disabled" aria-disabled="true" data-buy="soldOut" data-product={product}>
        {t('common.labels.soldOut')}
        {suffix}
      </span>
    );
  }
  return (
    <a className="button primary" href={offer.buy} rel="noopener" data-buy={state} data-product={product}>
      {t(state === 'preOrder' ? 'common.labels.preOrder' : 'common.labels.buy')}
      {suffix}
    </a>
  );
}

const METHOD_NAMES = { paypal: 'PayPal', klarna: 'Klarna' } as const;

/**
 * How the regional store lets the shopper pay (region pack): the payment methods, and the
 * installment offer — a number of months (the monthly amount worked out from the price
 * now) or the edition's own wording. `plan={false}` leaves the installment out, where the
 * page quotes a published instalment example instead.
 */
export function PaymentNote({ offer, plan: showPlan = true }: { offer: Offer; plan?: boolean }) {
  const site = useSite();
  const { paymentMethods } = site.bundle.pack;
  const installment = showPlan ? site.bundle.pack.installment : undefined;
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
