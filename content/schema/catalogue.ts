import { z } from 'zod';

/** Every product key the content names (docs/spec/platform.md §3). */
export const PRODUCT_KEYS = [
  'flagshipBumblebee',
  'toyStoryBuzzLightyear',
  'flagshipMegatron',
  'buzzLightyearSpaceRangerAlpha',
  'flagshipOptimusPrime',
  'grimlockG1Flagship',
  'eliteOptimusPrime',
  'interstellarScoutK1',
  'interstellarScoutK1pro',
  'k1ProInterstellarScout',
  'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition',
  'bumblebeeG1Performance',
  'aiBase',
  'eliteOptimusPrimeAiBase',
  'interstellarAgentT9',
  't9',
] as const;
export const ProductKey = z.enum(PRODUCT_KEYS);
export type ProductKey = z.infer<typeof ProductKey>;

/** A product's offer in one region (docs/spec/platform.md §3, "Product (per region)"). */
export const Offer = z.object({
  /** Edition-relative page of the product. */
  link: z.string().startsWith('/'),
  /** External purchase URL at the regional store. */
  buy: z.string().url(),
  /** Image key. */
  alt: z.string(),
  /** List price in the region's currency (whole or decimal units); absent where none is published (sold out, announced). */
  price: z.number().positive().optional(),
  /** Units in stock; 0 means sold out. */
  stock: z.number().int().min(0),
  /** Whether the product is on pre-sale. */
  isPreSale: z.boolean(),
  /** Sale price while one of `activityStages` is on. */
  activityPrice: z.number().positive().optional(),
  /** Stages in which `activityPrice` applies. */
  activityStages: z.array(z.number().int().min(1)).optional(),
});
export type Offer = z.infer<typeof Offer>;
