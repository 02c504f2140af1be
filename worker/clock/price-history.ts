import { BLACK_FRIDAY, CHRISTMAS_SALE } from '../../content/campaigns';
import type { Region } from '../../content/editions';
import type { Offer, ProductKey } from '../../content/schema/catalogue';
import type { PricePeriod } from '../../kernel/reference-price';
import { thresholdsOf, windowOf, type ScheduleLike } from './stage';

const ms = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));

/**
 * Every price a product has had, or is set to have, in an edition, as the content and the
 * schedule in force hold them (docs/decisions/0056): the catalogue's list price, with no start;
 * its sale price in the region's promotion stages (`activityStages`), from each stage's start
 * to the next's; and each campaign's price for it, from the start of the stage that reveals
 * it (a group's `stage`, the Christmas sale's one stage) to the end of the campaign's page
 * window. A members-only price counts: members are consumers too, and the lowest price wins.
 */
export function priceHistory(schedule: ScheduleLike, region: Region, product: ProductKey, offer: Offer | undefined): PricePeriod[] {
  const history: PricePeriod[] = [];
  if (offer?.price !== undefined) history.push({ price: offer.price });
  if (offer?.activityPrice !== undefined) {
    const stages = thresholdsOf(schedule, region).map((t) => Date.parse(t));
    for (const stage of offer.activityStages ?? []) {
      const from = stages[stage - 1];
      if (from !== undefined) history.push({ price: offer.activityPrice, from, to: stages[stage] });
    }
  }
  const blackFriday = BLACK_FRIDAY[region];
  if (blackFriday) {
    const stages = thresholdsOf(schedule, region, 'black-friday').map((t) => Date.parse(t));
    const to = ms(windowOf(schedule, 'route:black-friday', region)?.endTime);
    for (const group of blackFriday.groups)
      for (const item of group.list) {
        const from = stages[group.stage - 1];
        if (item.key === product && from !== undefined) history.push({ price: item.activityPrice, from, to });
      }
  }
  const christmas = CHRISTMAS_SALE[region];
  if (christmas) {
    const from = thresholdsOf(schedule, region, 'christmas-sale').map((t) => Date.parse(t))[0];
    const to = ms(windowOf(schedule, 'route:christmas-sale', region)?.endTime);
    for (const item of christmas.membersOnly) if (item.key === product && from !== undefined) history.push({ price: item.activityPrice, from, to });
  }
  return history;
}
