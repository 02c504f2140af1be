import type { Offer } from '../content/schema/catalogue';

/** The rules an offer of content/catalogue.ts is read by: what a shopper can do with it, and at what price. */

/** What a shopper can do with an offer (docs/design.md, "Content and i18n"). */
export type BuyState = 'soldOut' | 'preOrder' | 'buy';

/**
 * The one availability rule: stock 0 is sold out, else a pre-sale is a pre-order until the
 * product ships (`preSaleOver`: its schedule `ships:` entry has passed), else it is for
 * sale. The buy button and the structured data both read it.
 */
export function buyState(offer: Pick<Offer, 'stock' | 'isPreSale'>, preSaleOver = false): BuyState {
  if (offer.stock === 0) return 'soldOut';
  return offer.isPreSale && !preSaleOver ? 'preOrder' : 'buy';
}

/** The price a shopper pays at `stage`: the sale price while its stage is on; undefined when none is published. */
export function currentPrice(offer: Pick<Offer, 'price' | 'activityPrice' | 'activityStages'>, stage: number): number | undefined {
  return offer.activityPrice !== undefined && offer.activityStages?.includes(stage) ? offer.activityPrice : offer.price;
}
