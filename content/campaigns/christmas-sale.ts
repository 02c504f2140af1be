import { ChristmasEdition, PerRegion } from '../schema/campaign';

const EURO = {
  membersOnly: [
    { key: 'flagshipBumblebee', activityPrice: 1449, identify: 'new', extendedWarrantyYears: 1 },
    { key: 'toyStoryBuzzLightyear', activityPrice: 539, extendedWarrantyYears: 1 },
  ],
  giftGuide: [
    { key: 'toyStoryBuzzLightyear', for: 'families' },
    { key: 'flagshipBumblebee', for: 'collectors' },
  ],
  benefits: [{ key: 'freeGifts' }, { key: 'priceGuarantee' }, { key: 'returns' }, { key: 'support' }],
} as const;

/**
 * The Christmas sale per region (docs/spec/content.md §2): members-only offers (sale prices in the
 * edition's currency; originals from the catalogue), the gift guide's suggestions, and the
 * benefits. Tiered rewards are the region's free gifts by spend (content/campaigns/terms.ts).
 */
export const CHRISTMAS_SALE = PerRegion(ChristmasEdition).parse({
  us: {
    membersOnly: [
      { key: 'flagshipBumblebee', activityPrice: 1179, identify: 'new', extendedWarrantyYears: 1 },
      { key: 'flagshipMegatron', activityPrice: 1349, identify: 'bestSeller', extendedWarrantyYears: 1 },
      { key: 'interstellarScoutK1', activityPrice: 259, extendedWarrantyYears: 1 },
    ],
    giftGuide: [
      { key: 'interstellarScoutK1', for: 'beginners' },
      { key: 'k1ProInterstellarScout', for: 'coders' },
      { key: 'toyStoryBuzzLightyear', for: 'families' },
      { key: 'grimlockG1Flagship', for: 'collectors' },
    ],
    benefits: [{ key: 'freeGifts' }, { key: 'priceGuarantee' }, { key: 'instalments' }, { key: 'support' }],
  },
  uk: {
    membersOnly: [
      { key: 'flagshipBumblebee', activityPrice: 1179, identify: 'new', extendedWarrantyYears: 1 },
      { key: 'toyStoryBuzzLightyear', activityPrice: 449, extendedWarrantyYears: 1 },
    ],
    giftGuide: EURO.giftGuide,
    benefits: [{ key: 'freeGifts' }, { key: 'priceGuarantee' }, { key: 'instalments' }, { key: 'support' }],
  },
  eu: EURO,
  fr: { ...EURO, benefits: [...EURO.benefits, { key: 'welcomeDiscount' }] },
  de: { ...EURO, benefits: [...EURO.benefits, { key: 'welcomeDiscount' }] },
});
