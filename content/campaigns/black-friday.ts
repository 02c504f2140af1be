import { BlackFridayEdition, PerRegion } from '../schema/campaign';

const BENEFITS = (extra: 'instalments' | 'welcomeDiscount' | 'returns') =>
  [{ key: 'priceGuarantee' }, { key: 'warranty' }, { key: 'freeGifts' }, { key: 'support' }, { key: extra }] as const;

/**
 * Black Friday per region (docs/spec/content.md §2, §3): the banner's product, the benefits and the
 * product groups of the three stages — 1 Early Black Friday, 2 Black Friday, 3 Cyber Monday —
 * each item with its sale price in the edition's currency (original prices come from the
 * catalogue). The stages' dates are in the schedule (content/schedule.ts), not here.
 */
export const BLACK_FRIDAY = PerRegion(BlackFridayEdition).parse({
  us: {
    banner: { product: 'flagshipBumblebee' },
    benefits: BENEFITS('instalments'),
    groups: [
      {
        id: 'early-black-friday',
        stage: 1,
        list: [
          { key: 'flagshipBumblebee', activityPrice: 1149, identify: 'new', extendedWarrantyYears: 1 },
          { key: 'k1ProInterstellarScout', activityPrice: 339, extendedWarrantyYears: 1 },
        ],
      },
      {
        id: 'black-friday',
        stage: 2,
        list: [
          { key: 'flagshipMegatron', activityPrice: 1299, identify: 'bestSeller', extendedWarrantyYears: 1 },
          { key: 'grimlockG1Flagship', activityPrice: 1449, extendedWarrantyYears: 1 },
          { key: 'toyStoryBuzzLightyear', activityPrice: 549, extendedWarrantyYears: 1 },
        ],
      },
      {
        id: 'cyber-monday',
        stage: 3,
        list: [
          { key: 'eliteOptimusPrime', activityPrice: 559, identify: 'lowestPrice', extendedWarrantyYears: 1 },
          { key: 'aiBase', activityPrice: 239, extendedWarrantyYears: 1 },
        ],
      },
    ],
  },
  uk: {
    banner: { product: 'flagshipBumblebee' },
    benefits: BENEFITS('instalments'),
    groups: [
      { id: 'early-black-friday', stage: 1, list: [{ key: 'flagshipBumblebee', activityPrice: 1149, identify: 'new', extendedWarrantyYears: 1 }] },
      { id: 'black-friday', stage: 2, list: [{ key: 'toyStoryBuzzLightyear', activityPrice: 429, identify: 'bestSeller', extendedWarrantyYears: 1 }] },
      { id: 'cyber-monday', stage: 3, list: [{ key: 'flagshipBumblebee', activityPrice: 1099, identify: 'lowestPrice', extendedWarrantyYears: 1 }] },
    ],
  },
  ...Object.fromEntries(
    (['eu', 'fr', 'de'] as const).map((region) => [
      region,
      {
        banner: { product: 'flagshipBumblebee' },
        benefits: BENEFITS(region === 'eu' ? 'returns' : 'welcomeDiscount'),
        groups: [
          { id: 'early-black-friday', stage: 1, list: [{ key: 'flagshipBumblebee', activityPrice: 1399, identify: 'new', extendedWarrantyYears: 1 }] },
          { id: 'black-friday', stage: 2, list: [{ key: 'toyStoryBuzzLightyear', activityPrice: 499, identify: 'bestSeller', extendedWarrantyYears: 1 }] },
          { id: 'cyber-monday', stage: 3, list: [{ key: 'flagshipBumblebee', activityPrice: 1349, identify: 'lowestPrice', extendedWarrantyYears: 1 }] },
        ],
      },
    ]),
  ),
});
