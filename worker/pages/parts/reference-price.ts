import { MARKET_RULES } from '../../../content/legal/markets';
import type { Offer, ProductKey } from '../../../content/schema/catalogue';
import { referencePrice } from '../../../kernel/reference-price';
import { priceHistory } from '../../clock/price-history';
import { thresholdsOf } from '../../clock/stage';
import type { Site } from '../../context/site';

/**
 * The price a deal is shown reduced from, as its edition's law asks (content/legal/markets.ts,
 * docs/decisions/0056): where the law sets it (de, fr, eu), the lowest price of the 30 days
 * before the deal began (kernel/reference-price.ts), or none; elsewhere the list price (the
 * campaign's original where it names one, else the catalogue's). `from`: when the deal began.
 */
export function reductionFrom(
  site: Pick<Site, 'edition' | 'schedule'>,
  product: ProductKey,
  offer: Offer,
  deal: { price: number; from: number | undefined; original?: number | undefined },
): number | undefined {
  if (MARKET_RULES[site.edition.region].priceReference === 'list') return deal.original ?? offer.price;
  if (deal.from === undefined) return undefined;
  return referencePrice(priceHistory(site.schedule, site.edition.region, product, offer), { price: deal.price, from: deal.from });
}

/**
 * When the sale price the region's promotion stage gives an offer began: the start of the
 * first of the consecutive sale stages that lead to the current one.
 */
export function saleStart(site: Pick<Site, 'edition' | 'schedule' | 'stage'>, offer: Offer): number | undefined {
  const stages = offer.activityStages ?? [];
  let first = site.stage;
  while (stages.includes(first - 1)) first--;
  const start = thresholdsOf(site.schedule, site.edition.region)[first - 1];
  return start === undefined ? undefined : Date.parse(start);
}

/**
 * What the struck price is called: the lowest of 30 days, said where the law makes it so (the
 * shopper must be able to tell what it is), else the list price, for screen readers.
 */
export function referenceLabel(site: Pick<Site, 'edition' | 't'>): { text: string; visible: boolean } {
  return MARKET_RULES[site.edition.region].priceReference === 'lowest-30-days'
    ? { text: site.t('legal.price.reference'), visible: true }
    : { text: site.t('common.labels.listPrice'), visible: false };
}
