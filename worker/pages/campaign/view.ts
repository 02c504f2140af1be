import { CAMPAIGN_TERMS } from '../../../content/campaigns';
import type { Edition } from '../../../content/editions';
import type { CampaignId, CampaignItem, CampaignTerms, Gift, MiniPicture } from '../../../content/schema/campaign';
import { tileImage } from '../../../content/catalogue';
import type { Offer } from '../../../content/schema/catalogue';
import { campaignMoment, type CampaignMoment } from '../../clock/stage';
import { currentDated, preSaleOver } from '../../clock/dated';
import { badgeFor, buyState } from '../../../kernel/offers';
import { withEntry } from '../../../content/products';
import type { Site } from '../../context/site';
import { installmentText, paymentMethodsText } from '../parts/offer';
import { reductionFrom } from '../parts/reference-price';
import { formatDay, formatInstant as formatInstantAt, formatInstantDay, instantDayFormat } from '../../../kernel/format';

/** What the page shows in place of a price before its stage: the spec's placeholder. */
const HIDDEN_PRICE = '??';

/** An instant as the edition's calendar day, in its own time zone. */
export const formatInstant = (edition: Edition, ms: number) => formatInstantDay(ms, edition);

/** An instant with its time of day and time zone, in the edition's time zone (the countdown's fallback text). */
export const formatInstantTime = (edition: Edition, ms: number) => formatInstantAt(ms, edition);

/** The dated words of the campaign terms (schedule `dates`, `terms:<name>`; docs/decisions/0029). */
export type TermDate = 'first-customers' | 'draw-results' | 'returns';

/**
 * A dated word of the terms as this edition reads it at the request's effective now: the
 * day (kernel/format.ts `formatDay`, long and day-and-month), or undefined once it has passed, when the line that
 * quotes it is left out.
 */
export function termDate(site: Pick<Site, 'schedule' | 'edition' | 'now'>, name: TermDate): { day: string; text: string; dayMonth: string } | undefined {
  const dated = currentDated(site.schedule, `terms:${name}`, site.edition.region, site.now);
  if (!dated || !('date' in dated.figure)) return undefined;
  const day = dated.figure.date;
  return { day, text: formatDay(day, site.edition), dayMonth: formatDay(day, site.edition, 'dayMonth') };
}

/** The gift an item of this sale price earns: the dearest gift with a picture it is over, else the welcome discount. */
function giftFor(price: number, terms: CampaignTerms): { picture: MiniPicture; gift?: Gift['gift'] } | undefined {
  const earned = terms.gifts.filter((g) => g.picture && price > g.over).sort((a, b) => b.over - a.over)[0];
  if (earned) return { picture: earned.picture!, gift: earned.gift };
  return terms.welcomeDiscountPercent ? { picture: 'discount' } : undefined;
}

/** Percent off, rounded down so the page never promises more than the prices give. */
const percentOff = (sale: number, original: number) => Math.floor((1 - sale / original) * 100);

/**
 * The price a campaign deal is reduced from (../parts/reference-price.ts): its original or the
 * list price, or, where the law sets it, the lowest of the 30 days before `from`, the start of
 * the stage that reveals it; undefined where no reduction may be announced.
 */
function dealReference(site: Pick<Site, 'edition' | 'schedule'>, item: CampaignItem, offer: Offer, from: number | undefined): number | undefined {
  return reductionFrom(site, item.key, offer, { price: item.activityPrice, from, original: item.signPrice });
}

/** The largest percentage a campaign's deals may announce (0: none may). */
export function bestPercent(site: Pick<Site, 'edition' | 'schedule' | 'bundle'>, deals: readonly { item: CampaignItem; from: number | undefined }[]): number {
  return Math.max(
    0,
    ...deals.flatMap(({ item, from }) => {
      const offer = site.bundle.offers[item.key];
      const sign = offer ? dealReference(site, item, offer, from) : undefined;
      return sign ? [percentOff(item.activityPrice, sign)] : [];
    }),
  );
}

/** One campaign item as the page shows it (docs/spec/content.md §3, every field). */
export interface ItemView {
  key: CampaignItem['key'];
  name: string;
  describe: string;
  /** Image path and alt. */
  image: string;
  alt: string;
  /** Whether its stage has not been reached: prices show as "??" and it is marked "unlock soon". */
  locked: boolean;
  /** When it unlocks (ms), while locked. */
  unlocksAt: number | undefined;
  /** Numbers (undefined while locked; the reference also where none may be shown). */
  activityPrice: number | undefined;
  signPrice: number | undefined;
  /** Formatted, or "??" while locked; the reference, saving and discount '' where none may be shown. */
  activityPriceText: string;
  signPriceText: string;
  save: string;
  discount: string;
  installment: string;
  paymentMethods: string;
  buy: string;
  learnMore: string | undefined;
  identify: string | undefined;
  extendedWarranty: string;
  miniPicture: { picture: MiniPicture; alt: string } | undefined;
}

/**
 * Builds an item's view: prices from the item and the catalogue offer, hidden until `stage`
 * reaches the item's `fromStage`; the labels from the copy and the region's terms.
 */
export function itemView(site: Site, item: CampaignItem, offer: Offer, revealed: boolean, unlocksAt: number | undefined): ItemView {
  const { t } = site;
  const terms = CAMPAIGN_TERMS[site.edition.region];
  // What the deal is reduced from, as the edition's law asks: none where no reduction may be announced.
  const sign = dealReference(site, item, offer, unlocksAt);
  const locked = !revealed;
  const name = t(`campaign.products.${item.key}.name`);
  const gift = terms ? giftFor(item.activityPrice, terms) : undefined;
  const badge = badgeFor(item.identify, buyState(offer, preSaleOver(site.schedule, site.edition.region, offer.link.slice(1), site.now)));
  return {
    key: item.key,
    name,
    describe: t(`campaign.products.${item.key}.describe`),
    image: tileImage(item.key),
    alt: t('campaign.item.imageAlt', { name }),
    locked,
    unlocksAt: locked ? unlocksAt : undefined,
    activityPrice: locked ? undefined : item.activityPrice,
    signPrice: locked ? undefined : sign,
    activityPriceText: locked ? HIDDEN_PRICE : site.price(item.activityPrice),
    signPriceText: locked ? HIDDEN_PRICE : sign === undefined ? '' : site.price(sign),
    // A saving is announced only against the price the deal may be struck through from.
    save: locked ? t('campaign.item.save', { amount: HIDDEN_PRICE }) : sign === undefined ? '' : t('campaign.item.save', { amount: site.price(sign - item.activityPrice) }),
    discount: locked
      ? t('campaign.item.discount', { percent: HIDDEN_PRICE })
      : sign === undefined
        ? ''
        : t('campaign.item.discount', { percent: String(percentOff(item.activityPrice, sign)) }),
    installment: installmentText(site, item.activityPrice, locked ? HIDDEN_PRICE : undefined),
    paymentMethods: paymentMethodsText(site),
    buy: offer.buy,
    learnMore: offer.link && offer.link !== '/' ? site.href(withEntry(offer.link)) : undefined,
    identify: badge ? t(`campaign.identify.${badge}`) : undefined,
    extendedWarranty: t('campaign.item.extendedWarranty', {
      years: item.extendedWarrantyYears,
      total: (terms?.warrantyYears ?? 0) + item.extendedWarrantyYears,
    }),
    miniPicture: gift
      ? {
          picture: gift.picture,
          alt:
            gift.picture === 'discount'
              ? t('campaign.miniPicture.discount', { percent: terms?.welcomeDiscountPercent ?? 0 })
              : t('campaign.miniPicture.gift', { gift: t(`campaign.gifts.${gift.gift}`) }),
        }
      : undefined,
  };
}

/** Where a campaign stands for this request: the same schedule and effective now as everything else. */
export function momentOf(site: Site, campaign: CampaignId): CampaignMoment {
  return campaignMoment(site.schedule, campaign, site.edition.region, site.now);
}

/** An ISO instant for a data attribute. */
export const iso = (ms: number) => new Date(ms).toISOString();

/** A campaign's dates, "November 18 – December 3, 2024", from its window (the end is exclusive). */
export function rangeText(edition: Edition, start: number | undefined, end: number | undefined): string {
  const format = instantDayFormat(edition);
  if (start !== undefined && end !== undefined) return format.formatRange(new Date(start), new Date(Math.max(start, end - 1)));
  if (start !== undefined) return format.format(new Date(start));
  return end !== undefined ? format.format(new Date(end - 1)) : '';
}

/** The countdown's label: the stage that starts next, or the campaign's end. */
export function nextLabel(site: Site, moment: CampaignMoment, stageTitle: (n: number) => string, campaignTitle: string): string {
  if (moment.next === undefined) return '';
  const k = moment.thresholds.indexOf(moment.next);
  return k >= 0 ? site.t('campaign.countdown.startsIn', { name: stageTitle(k + 1) }) : site.t('campaign.countdown.endsIn', { name: campaignTitle });
}
