import type { CampaignTerms } from '../schema/campaign';
import { CampaignTerms as Schema } from '../schema/campaign';
import { PerRegion } from '../schema/campaign';

/** What every campaign edition shares (docs/spec/content.md §9, "Campaign terms"). */
const COMMON = {
  priceGuaranteeDays: 30,
  warrantyYears: 2,
  deliveryDelayDays: [3, 5],
  supportReplyHours: 24,
  // On Black Friday (29 Nov 2024): the day, like every date of the terms, is in the schedule (content/schedule.ts, `dates`).
  firstCustomers: { counts: [3, 5], gift: 'cap' },
} as const;

const EURO_GIFTS: CampaignTerms['gifts'] = [
  { gift: 'mug', over: 399, picture: 'insulatedCup' },
  { gift: 'tshirt', over: 739, picture: 'clothing' },
];

const XL_UP: CampaignTerms['tshirtSizes'] = ['XL', 'XXL', 'XXXL'];

/**
 * Campaign terms per region, as figures (docs/spec/content.md §9): gifts over a spend in the
 * region's currency (the dates — returns extended to 20 Jan 2025 (EU, US) or 27 Jan 2025 (UK),
 * the draw's results before 10 Dec 2024 — are the schedule's `terms:` entries),
 * instalments (3 monthly payments in the UK, 12 months in the US), the 5% welcome discount
 * in DE and FR, T-shirt sizes XL–XXXL (L–XXXL in the UK, docs/spec/content.md §5).
 */
export const CAMPAIGN_TERMS = PerRegion(Schema).parse({
  us: {
    ...COMMON,
    gifts: [
      { gift: 'cap', over: 499, picture: 'hat' },
      { gift: 'expressUpgrade', over: 599 },
    ],
    instalmentMonths: 12,
    tshirtSizes: XL_UP,
  },
  uk: {
    ...COMMON,
    gifts: [
      { gift: 'bottle', over: 299, picture: 'insulatedCup' },
      { gift: 'tshirt', over: 699, picture: 'clothing' },
    ],
    instalmentMonths: 3,
    tshirtSizes: ['L', 'XL', 'XXL', 'XXXL'],
  },
  eu: { ...COMMON, gifts: EURO_GIFTS, tshirtSizes: XL_UP },
  fr: { ...COMMON, gifts: EURO_GIFTS, welcomeDiscountPercent: 5, tshirtSizes: XL_UP },
  de: { ...COMMON, gifts: EURO_GIFTS, welcomeDiscountPercent: 5, tshirtSizes: XL_UP },
});
