import { buyState, currentPrice } from '../../../kernel/offers';
import { preSaleOver } from '../../clock/dated';
import type { Offer, ProductKey } from '../../../content/schema/catalogue';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { currencyDigits, formatList } from '../../../kernel/format';
import { ForName } from './for-name';

/**
 * The tax-included label where the edition's shoppers expect one beside a shelf price
 * (`common.labels.taxIncluded`: Japanese 「（税込）」, empty elsewhere; docs/decisions/0031).
 * Only beside the price a product sells at now: not on a struck list price, not in a sentence.
 */
export function TaxLabel() {
  const label = useSite().t('common.labels.taxIncluded');
  return label ? (
    <span className="price-tax" data-tax="">
      {label}
    </span>
  ) : null;
}

/** The price now, beside the crossed-out list price while a sale stage is on. */
export function Price({ offer, product }: { offer: Offer; product?: ProductKey }) {
  const site = useSite();
  const now = currentPrice(offer, site.stage);
  if (now === undefined || offer.price === undefined) return null;
  if (now === offer.price) {
    return (
      <p className="price" data-product={product}>
        <span data-price>{site.price(offer.price)}</span>
        <TaxLabel />
      </p>
    );
  }
  return (
    <p className="price" data-product={product}>
      <span className="visually-hidden">{site.t('common.labels.salePrice')}</span>
      <span data-price className="sale">
        {site.price(now)}
      </span>
      <TaxLabel /> <span className="visually-hidden">{site.t('common.labels.listPrice')}</span>
      <del data-list-price>{site.price(offer.price)}</del>
    </p>
  );
}

/**
 * The buy button: a link out to the regional store, or a disabled Sold Out. `name` tells
 * apart several buttons on one page (read by screen readers only).
 */
export function BuyButton({ offer, product, name }: { offer: Offer; product?: ProductKey; name?: string }) {
  const { t, schedule, edition, now } = useSite();
  // A pre-sale is a pre-order until its product ships (the schedule's `ships:<page>` entry).
  const state = buyState(offer, preSaleOver(schedule, edition.region, offer.link.slice(1), now));
  const suffix = name ? <ForName name={name} /> : null;
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

/** The payment methods' names: brand names, the same in every language. */
const METHOD_NAMES: Record<Site['bundle']['pack']['paymentMethods'][number], string> = { paypal: 'PayPal', klarna: 'Klarna' };

/** How the regional store lets the shopper pay ("Pay with PayPal or Klarna"), or '' when the pack names no method. */
export function paymentMethodsText(site: Site): string {
  const { paymentMethods } = site.bundle.pack;
  if (paymentMethods.length === 0) return '';
  const methods = formatList(
    paymentMethods.map((m) => METHOD_NAMES[m]),
    site.edition.htmlLang,
    'or',
  );
  return site.t('common.payments.with', { methods });
}

/**
 * The region's installment offer on `price`: the edition's own wording, or a number of
 * monthly payments of the price divided (`hidden` in place of the amount while prices are
 * hidden); '' when the region offers none or there is no price.
 */
export function installmentText(site: Site, price: number | undefined, hidden?: string): string {
  const { installment } = site.bundle.pack;
  if (typeof installment === 'string') return site.t(installment);
  if (installment === undefined || price === undefined) return '';
  const minor = 10 ** currencyDigits(site.edition.currency);
  return site.t('common.installment.months', { n: installment, amount: hidden ?? site.price(Math.round((price / installment) * minor) / minor) });
}

/**
 * How the regional store lets the shopper pay (region pack): the payment methods, and the
 * installment offer — a number of months (the monthly amount worked out from the price
 * now) or the edition's own wording. `plan={false}` leaves the installment out, where the
 * page quotes a published instalment example instead.
 */
export function PaymentNote({ offer, plan: showPlan = true }: { offer: Offer; plan?: boolean }) {
  const site = useSite();
  const methods = paymentMethodsText(site);
  const plan = showPlan ? installmentText(site, currentPrice(offer, site.stage)) : '';
  if (!methods && !plan) return null;
  return (
    <p className="payment-note" data-payment>
      {methods}
      {methods && plan ? ' · ' : null}
      {plan}
    </p>
  );
}
