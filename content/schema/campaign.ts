import { z } from 'zod';
import { REGIONS } from '../editions';
import { ProductKey } from './catalogue';
import { CampaignId } from './window';

export { CampaignId };

/** An element id the page can be entered at (`special-offers`). */
const Anchor = z.string().regex(/^[a-z][a-z0-9-]*$/, 'a lowercase element id');

/** The mini picture of what an item brings with it (docs/spec/content.md §3): a gift, or a discount. */
export const MiniPicture = z.enum(['clothing', 'hat', 'insulatedCup', 'discount']);
export type MiniPicture = z.infer<typeof MiniPicture>;

/**
 * A campaign product item in one region (docs/spec/content.md §3, "Campaign product item"). The
 * product's offer (content/catalogue.ts) supplies the buy link, the learn-more route, the
 * image key and the list price; the copy supplies name and description; the rest is here.
 * The savings label, discount, instalment text and gift picture are derived from these
 * figures and the region's terms, so they cannot disagree with them.
 */
export const CampaignItem = z
  .strictObject({
    /** The product. */
    key: ProductKey,
    /** Sale price in the edition's currency. */
    activityPrice: z.number().positive(),
    /** Original price; the offer's list price when absent. */
    signPrice: z.number().positive().optional(),
    /** Optional label on the item (`campaign.identify.{key}`): best seller, new, limited. */
    identify: z.enum(['bestSeller', 'new', 'limited', 'lowestPrice']).optional(),
    /** Extra years of warranty the item carries during the campaign (beyond the standard 2). */
    extendedWarrantyYears: z.number().int().min(1).max(5),
  })
  .refine((item) => item.signPrice === undefined || item.activityPrice < item.signPrice, {
    message: 'the sale price must be below the original price',
    path: ['activityPrice'],
  });
export type CampaignItem = z.infer<typeof CampaignItem>;

/** A product group (docs/spec/content.md §3): its copy is `{namespace}.groups.{id}.{label,title,content}`. */
const ProductGroup = z.strictObject({
  /** Element id and copy key of the group. */
  id: Anchor,
  /** The campaign stage from which its prices are revealed (1 to 3). */
  stage: z.number().int().min(1).max(3),
  list: z.array(CampaignItem).min(1),
});
type ProductGroup = z.infer<typeof ProductGroup>;

/** A benefit (docs/spec/content.md §3): icon under /images/campaigns/, label and alt from the copy. */
export const Benefit = z.strictObject({
  /** Copy key under `campaign.benefits` (label, alt) and icon name. */
  key: z.enum(['priceGuarantee', 'warranty', 'support', 'freeGifts', 'returns', 'instalments', 'welcomeDiscount']),
});

/** What a spend threshold earns (docs/spec/content.md §9, "Free gifts"). */
export const Gift = z.strictObject({
  /** Copy key under `campaign.gifts`. */
  gift: z.enum(['mug', 'tshirt', 'bottle', 'cap', 'expressUpgrade']),
  /** Spend over which it is earned, in the edition's currency. */
  over: z.number().positive(),
  /** Its mini picture, when it has one. */
  picture: MiniPicture.optional(),
});
export type Gift = z.infer<typeof Gift>;

/** A region's campaign terms (docs/spec/content.md §9, "Campaign terms"), as figures. */
export const CampaignTerms = z.strictObject({
  priceGuaranteeDays: z.number().int().positive(),
  warrantyYears: z.number().int().positive(),
  deliveryDelayDays: z.tuple([z.number().int().positive(), z.number().int().positive()]),
  supportReplyHours: z.number().int().positive(),
  /** Free gifts by spend, ascending. */
  gifts: z.array(Gift).min(1),
  /**
   * The first customers on a day who get a cap: "first 3 or 5 customers on 29 November". The
   * day, the returns deadline and the draw's results are the schedule's dated words
   * (`terms:first-customers`, `terms:returns`, `terms:draw-results`; docs/decisions/0029).
   */
  firstCustomers: z.strictObject({ counts: z.array(z.number().int().positive()).min(1), gift: Gift.shape.gift }),
  /** Instalments the region offers: a number of monthly payments. */
  instalmentMonths: z.number().int().positive().optional(),
  /** Welcome discount for new customers, percent. */
  welcomeDiscountPercent: z.number().positive().max(100).optional(),
  /** T-shirt sizes the region's gifts and prize draw come in. */
  tshirtSizes: z.array(z.enum(['S', 'M', 'L', 'XL', 'XXL', 'XXXL'])).min(1),
});
export type CampaignTerms = z.infer<typeof CampaignTerms>;

/** The Black Friday campaign in one region. */
export const BlackFridayEdition = z.strictObject({
  /** The banner's product (its discount is the largest of the groups'). */
  banner: z.strictObject({ product: ProductKey }),
  benefits: z.array(Benefit).min(1),
  /** Groups in stage order: Early Black Friday, Black Friday, Cyber Monday. */
  groups: z.array(ProductGroup).min(1),
});
export type BlackFridayEdition = z.infer<typeof BlackFridayEdition>;

/** The Christmas sale in one region. */
export const ChristmasEdition = z.strictObject({
  /** Offers only members get (shown to logged-in members; everyone else sees what they would get). */
  membersOnly: z.array(CampaignItem).min(1),
  /** Products the gift guide suggests, by copy key under `christmas-sale.guide`. */
  giftGuide: z.array(z.strictObject({ key: ProductKey, for: z.enum(['beginners', 'collectors', 'coders', 'families']) })).min(1),
  benefits: z.array(Benefit).min(1),
});
export type ChristmasEdition = z.infer<typeof ChristmasEdition>;

/** The Back to School promotion (US, docs/spec/content.md §9). */
export const BackToSchoolEdition = z.strictObject({
  /** "Save up to $529" — the largest saving, in the edition's currency. */
  saveUpTo: z.number().positive(),
  /** "plus an extra 8%". */
  extraPercent: z.number().positive().max(100),
  benefits: z.array(Benefit).min(1),
});
export type BackToSchoolEdition = z.infer<typeof BackToSchoolEdition>;

/** Per-region tables. */
export const PerRegion = <T extends z.ZodType>(schema: T) => z.partialRecord(z.enum(REGIONS), schema);
