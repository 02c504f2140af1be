/**
 * The calendar roll (`npm run ops -- schedule roll --year 2026`, docs/decisions/0029): each
 * campaign's dates for another year on its own rule — Black Friday the day after the fourth
 * Thursday of November (Cyber Monday the Monday after), Christmas counted from 25 December,
 * Back to School from the second Monday of August. Every threshold and page-window edge keeps
 * its offset in days from the campaign's anchor and its local time of day, both read off the
 * bundled dates, so the bundled year is the rule's own example.
 */
import { EDITIONS, type Region } from '../content/editions';
import { CAMPAIGN_CALENDAR, DEFAULT_SCHEDULE } from '../content/schedule';
import type { CampaignId, Schedule } from '../content/schema/schedule';
import { addDays, daysBetween, isoInZone, localParts, nthWeekday, zonedTime, type Day } from '../worker/clock/calendar';
import { campaignRegions } from '../worker/clock/catalog';
import { thresholdsOf, windowOf } from '../worker/clock/stage';

/** A campaign's anchor day in a year. */
function anchorDay(campaign: CampaignId, year: number): Day {
  switch (CAMPAIGN_CALENDAR[campaign].anchor) {
    case 'black-friday':
      // The day after the fourth Thursday of November (Thursday = 4).
      return addDays(nthWeekday(year, 11, 4, 4), 1);
    case 'christmas-day':
      return { year, month: 12, day: 25 };
    case 'second-monday-of-august':
      return nthWeekday(year, 8, 1, 2);
  }
}

/** An instant of the bundled year moved to another year: same offset in days from the anchor, same local time. */
function rollInstant(iso: string, campaign: CampaignId, region: Region, year: number): string {
  const zone = EDITIONS[region].timeZone;
  const local = localParts(Date.parse(iso), zone);
  const offset = daysBetween(anchorDay(campaign, CAMPAIGN_CALENDAR[campaign].year), local);
  const day = addDays(anchorDay(campaign, year), offset);
  return isoInZone(zonedTime(day, zone, local.hour, local.minute), zone);
}

/** What to roll: all campaigns and regions unless told. */
interface RollOptions {
  campaigns?: readonly CampaignId[];
  regions?: readonly Region[];
}

/**
 * A schedule document with the chosen campaigns' thresholds and page windows in `year`, for
 * the chosen regions (those that run each campaign). Back to School's thresholds are the US
 * promotion stages (`stages.us`).
 */
export function rollSchedule(year: number, { campaigns, regions }: RollOptions = {}): Schedule {
  const doc: Schedule = { stages: {}, campaigns: {}, windows: {} };
  for (const campaign of campaigns ?? (Object.keys(CAMPAIGN_CALENDAR) as CampaignId[])) {
    for (const region of campaignRegions(campaign)) {
      if (regions && !regions.includes(region)) continue;
      const thresholds = thresholdsOf(DEFAULT_SCHEDULE, region, campaign).map((t) => rollInstant(t, campaign, region, year));
      if (campaign === 'back-to-school') doc.stages[region] = thresholds;
      else doc.campaigns[campaign] = { ...doc.campaigns[campaign], [region]: thresholds };
      const window = windowOf(DEFAULT_SCHEDULE, `route:${campaign}`, region);
      if (window?.startTime || window?.endTime) {
        doc.windows[`route:${campaign}@${region}`] = {
          ...window,
          ...(window.startTime ? { startTime: rollInstant(window.startTime, campaign, region, year) } : {}),
          ...(window.endTime ? { endTime: rollInstant(window.endTime, campaign, region, year) } : {}),
        };
      }
    }
  }
  return doc;
}
