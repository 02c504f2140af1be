import { buyState, currentPrice } from '../../../kernel/offers';
import { preSaleOver } from '../../clock/dated';
import { ProductKey, type Offer } from '../../../content/schema/catalogue';
import { reductionFrom, referenceLabel, saleStart } from './reference-price';
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

/**
 * A price a deal is reduced from, struck through, with what it is: the lowest of 30 days, said
 * where the law makes it so, else the list price for screen readers (./reference-price.ts).
 */
export function StruckPrice({ price, Tag = 'del' }: { price: number; Tag?: 'del' | 's' }) {
  const site = useSite();
  const label = referenceLabel(site);
  return (
    <>
      <span className={label.visible ? 'price-reference' : 'visually-hidden'} data-reference-label="">
        {label.text}
      </span>{' '}
      {Tag === 'del' ? <del data-list-price>{site.price(price)}</del> : <s data-sign-price="">{site.price(price)}</s>}
    </>
  );
}

/**
 * What a sale price on a product page or tile is reduced from (./reference-price.ts): the list
 * price, or where the law sets it the lowest of the 30 days before the sale stage began.
 */
export function offerReference(site: Site, offer: Offer, now: number, product?: ProductKey): number | undefined {
  const key = product ?? ProductKey.safeParse(offer.alt).data;
  if (key === undefined || now === offer.price) return undefined;
  const from = reductionFrom(site, key, offer, { price: now, from: saleStart(site, offer) });
  return from !== undefined && from > now ? from : undefined;
}

/** The price now, beside the price it is reduced from while a sale stage is on (none where the law allows none). */
export function Price({ offer, product }: { offer: Offer; product?: ProductKey }) {
  const site = useSite();
  const now = currentPrice(offer, site.stage);
  if (now === undefined || offer.price === undefined) return null;
  const from = offerReference(site, offer, now, product);
  if (from === undefined) {
    return (
      <p className="price" data-product={product}>
        <span data-price>{site.price(now)}</span>
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
      <TaxLabel /> <StruckPrice price={from} />
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
