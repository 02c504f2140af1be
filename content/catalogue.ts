import type { Region } from './editions';
import { storeProductUrl } from './links';
import type { Offer, ProductKey } from './schema/catalogue';
import { PriceFigureTable, type PriceFigures } from './schema/product';

/** Page slug of each product that has its own page. */
const PRODUCT_SLUGS: Partial<Record<ProductKey, string>> = {
  flagshipBumblebee: 'flagship-bumblebee',
  toyStoryBuzzLightyear: 'toy-story-buzz-lightyear',
  flagshipMegatron: 'flagship-megatron',
  buzzLightyearSpaceRangerAlpha: 'buzz-lightyear-space-ranger-alpha',
  flagshipOptimusPrime: 'flagship-optimus-prime',
  grimlockG1Flagship: 'grimlock-g1-flagship',
  eliteOptimusPrime: 'elite-optimus-prime',
  k1ProInterstellarScout: 'k1-pro-interstellar-scout',
  interstellarScoutK1: 'k1-pro-interstellar-scout',
  interstellarScoutK1pro: 'k1-pro-interstellar-scout',
  optimusPrimeRiseOfTheBeastsSignatureLimitedEdition: 'optimus-prime-rise-of-the-beasts-signature-limited-edition',
  bumblebeeG1Performance: 'bumblebee-g1-performance',
  aiBase: 'ai-base',
};

/**
 * Tile art (client/static/images/tiles/) of a tile or product key: its own, else the art of
 * the product it is sold as (the K1 and the K1 Pro share the K1 Pro's page and picture).
 */
const TILE_ART: Partial<Record<string, string>> = { interstellarScoutK1: 'k1ProInterstellarScout', interstellarScoutK1pro: 'k1ProInterstellarScout' };
export const tileImage = (key: string): string => `/images/tiles/${TILE_ART[key] ?? key}.svg`;

type OfferInput = Omit<Offer, 'link' | 'buy' | 'alt'> & { handle: string };

/** Per-region offers: price, sale price, stock and pre-sale, in the region's currency. */
const OFFERS: Partial<Record<Region, Partial<Record<ProductKey, OfferInput>>>> = {
  us: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 1299, stock: 100, isPreSale: false },
    // The spec publishes no price for these; the flagship Optimus Prime is sold out.
    flagshipOptimusPrime: { handle: 'flagship-optimus-prime', stock: 0, isPreSale: false },
    buzzLightyearSpaceRangerAlpha: { handle: 'buzz-lightyear-space-ranger-alpha', stock: 100, isPreSale: false },
    bumblebeeG1Performance: { handle: 'bumblebee-g1-performance', stock: 100, isPreSale: false },
    interstellarScoutK1pro: { handle: 'k1-pro-interstellar-scout', price: 399, stock: 100, isPreSale: false },
    toyStoryBuzzLightyear: { handle: 'buzz-lightyear', price: 699, activityPrice: 619, activityStages: [1, 2], stock: 100, isPreSale: false },
    flagshipMegatron: { handle: 'flagship-megatron', price: 1499, stock: 100, isPreSale: true },
    grimlockG1Flagship: { handle: 'grimlock', price: 1699, stock: 100, isPreSale: false },
    eliteOptimusPrime: { handle: 'elite-optimus-prime', price: 699, activityPrice: 599, activityStages: [1, 2], stock: 100, isPreSale: false },
    interstellarScoutK1: { handle: 'k1-interstellar-scout', price: 299, stock: 100, isPreSale: false },
    k1ProInterstellarScout: { handle: 'k1-pro-interstellar-scout', price: 399, stock: 100, isPreSale: false },
    aiBase: { handle: 'ai-base', price: 299, stock: 100, isPreSale: false },
    eliteOptimusPrimeAiBase: { handle: 'elite-optimus-prime-ai-base-bundle', price: 948, stock: 100, isPreSale: false },
    optimusPrimeRiseOfTheBeastsSignatureLimitedEdition: { handle: 'optimus-prime-signature-limited-edition', price: 899, stock: 0, isPreSale: false },
  },
  // Buzz Lightyear: the page prices of docs/spec/content.md §9 for DE, EU, FR, UK and CN; the US offer
  // follows the price list of docs/spec/platform.md §9 (docs/decisions/0006-catalogue-and-regional-offers.md).
  uk: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 1299, stock: 100, isPreSale: false },
    toyStoryBuzzLightyear: { handle: 'buzz-lightyear', price: 499, stock: 100, isPreSale: false },
  },
  eu: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 1599, stock: 100, isPreSale: false },
    toyStoryBuzzLightyear: { handle: 'buzz-lightyear', price: 599, stock: 100, isPreSale: false },
  },
  fr: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 1599, stock: 100, isPreSale: false },
    toyStoryBuzzLightyear: { handle: 'buzz-lightyear', price: 599, stock: 100, isPreSale: false },
  },
  de: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 1599, stock: 100, isPreSale: false },
    toyStoryBuzzLightyear: { handle: 'buzz-lightyear', price: 599, stock: 100, isPreSale: false },
  },
  jp: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 174900, stock: 100, isPreSale: true },
  },
  cn: {
    flagshipBumblebee: { handle: 'flagship-bumblebee', price: 8499, stock: 100, isPreSale: false },
    toyStoryBuzzLightyear: { handle: 'buzz-lightyear', price: 3999, stock: 100, isPreSale: false },
    interstellarScoutK1: { handle: 'k1', price: 1980, stock: 100, isPreSale: false },
    k1ProInterstellarScout: { handle: 'k1-pro', price: 2499, stock: 100, isPreSale: false },
    interstellarScoutK1pro: { handle: 'k1-pro', price: 2499, stock: 100, isPreSale: false },
    // Limited edition: sold only during its 2023 pre-sale (retail ¥5,999).
    optimusPrimeRiseOfTheBeastsSignatureLimitedEdition: { handle: 'optimus-prime-limited-edition', price: 5999, stock: 0, isPreSale: false },
    // The China catalogue's T9 and AI Base: announced, no price published yet.
    t9: { handle: 't9', stock: 100, isPreSale: true },
    interstellarAgentT9: { handle: 'interstellar-agent-t9', stock: 100, isPreSale: true },
    aiBase: { handle: 'ai-base', stock: 100, isPreSale: true },
  },
};

/**
 * Published price figures beside an offer's own price (docs/spec/content.md §9): the limited
 * edition's standard and presale prices beside its limited retail price (the offer's), and
 * the instalment examples the pages quote. Checked against their schema when loaded.
 */
export const PRICE_FIGURES: Partial<Record<Region, Partial<Record<ProductKey, PriceFigures>>>> = PriceFigureTable.parse({
  us: {
    grimlockG1Flagship: { instalment: { monthly: 141.6, months: 12, apr: 0 } },
    // $58.25 × 12 is the $699 presale price.
    optimusPrimeRiseOfTheBeastsSignatureLimitedEdition: { standard: 799, presale: 699, instalment: { monthly: 58.25, months: 12 } },
  },
  cn: {
    optimusPrimeRiseOfTheBeastsSignatureLimitedEdition: { standard: 5499, presale: 4999 },
  },
});

/** The offers of one region, with store links and image keys filled in. */
export function offersFor(region: Region): Partial<Record<ProductKey, Offer>> {
  const out: Partial<Record<ProductKey, Offer>> = {};
  for (const [key, input] of Object.entries(OFFERS[region] ?? {}) as [ProductKey, OfferInput][]) {
    const { handle, ...offer } = input;
    out[key] = { ...offer, link: `/${PRODUCT_SLUGS[key] ?? ''}`, buy: storeProductUrl(region, handle), alt: key };
  }
  return out;
}

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
