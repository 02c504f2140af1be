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

/** A published instalment example: so much a month, for so many months. */
interface InstalmentExample {
  monthly: number;
  months: number;
}

/**
 * Whether an instalment example pays off a price, so it may sit under it: the months'
 * payments make the price, within the rounding of the monthly figure as published ($141.6 ×
 * 12 = $1,699.20 for $1,699; $58.25 × 12 = $699, not the $899 retail price). A line under a
 * price it does not divide tells the shopper a wrong monthly figure (docs/decisions/0031).
 */
export function instalmentDivides(example: InstalmentExample, price: number): boolean {
  const decimals = (String(example.monthly).split('.')[1] ?? '').length;
  const slack = 0.5 * 10 ** -decimals * example.months;
  return Math.abs(example.monthly * example.months - price) <= slack + 1e-9;
}

/**
 * Whether a product page offers to tell the shopper when they can buy it: only while they
 * cannot yet (sold out, or a pre-order that has not shipped). A "notify me" beside Buy Now
 * contradicts the button (docs/decisions/0031).
 */
export function offersNotice(state: BuyState | undefined): boolean {
  return state === 'soldOut' || state === 'preOrder';
}

/** The labels a campaign item may wear (`campaign.identify.*`). */
type Badge = 'bestSeller' | 'new' | 'limited' | 'lowestPrice' | 'preOrder';

/**
 * The badge an item wears, from what the shopper can do with it: a pre-order says so (it has
 * sold nothing yet, so never "Best seller"); a sold-out item wears none beside its Sold Out;
 * an item for sale wears the campaign's own label (docs/decisions/0031).
 */
export function badgeFor(label: Exclude<Badge, 'preOrder'> | undefined, state: BuyState): Badge | undefined {
  if (state === 'soldOut') return undefined;
  return state === 'preOrder' ? 'preOrder' : label;
}
