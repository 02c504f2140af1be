import type { Region } from './editions';
import type { CampaignId, Schedule } from './schema/schedule';
import type { Window } from './schema/window';

/** Each campaign's name for ops, and its stages' names in order: as many as it has thresholds in every region (docs/spec/content.md §4). */
export const CAMPAIGN_NAMES: Record<CampaignId, { name: string; stages: readonly string[] }> = {
  'black-friday': { name: 'Black Friday', stages: ['Early Black Friday', 'Black Friday', 'Cyber Monday'] },
  'christmas-sale': { name: 'Christmas sale', stages: ['Christmas sale'] },
  // The US promotion stages: 1 and 2 are the sale, 3 is after it.
  'back-to-school': { name: 'Back to School', stages: ['Back to School sale', 'Back to School final days', 'after the sale'] },
};

/**
 * The calendar rule each campaign follows from year to year, for `npm run ops -- schedule roll`
 * (docs/decisions/0029): the day it is anchored to, and the year of the bundled dates, from
 * which each threshold's and window edge's offset to the anchor is derived.
 */
export const CAMPAIGN_CALENDAR: Record<CampaignId, { anchor: 'black-friday' | 'christmas-day' | 'second-monday-of-august'; year: number; rule: string }> = {
  'black-friday': { anchor: 'black-friday', year: 2024, rule: 'the day after the fourth Thursday of November; Cyber Monday the Monday after' },
  'christmas-sale': { anchor: 'christmas-day', year: 2024, rule: 'counted from Christmas Day, 25 December' },
  'back-to-school': { anchor: 'second-monday-of-august', year: 2025, rule: 'counted from the second Monday of August' },
};

/** The editions that run the Black Friday and Christmas campaigns. */
export const CAMPAIGN_REGIONS = ['us', 'uk', 'eu', 'fr', 'de'] as const satisfies readonly Region[];
type CampaignRegion = (typeof CAMPAIGN_REGIONS)[number];

/**
 * UTC offsets of the campaign editions' own time between November and January (docs/design.md,
 * "Campaigns": us America/New_York, uk Europe/London, eu/fr/de Europe/Berlin; no daylight
 * saving in those months).
 */
const WINTER_OFFSET: Record<CampaignRegion, string> = { us: '-05:00', uk: '+00:00', eu: '+01:00', fr: '+01:00', de: '+01:00' };

/** 00:00 of a date in a campaign edition's own time, as an ISO instant. */
const midnight = (date: string, region: CampaignRegion) => `${date}T00:00:00${WINTER_OFFSET[region]}`;

const perRegion = <T>(make: (region: CampaignRegion) => T) => Object.fromEntries(CAMPAIGN_REGIONS.map((r) => [r, make(r)])) as Record<CampaignRegion, T>;

/** `id@region` windows for every campaign edition. */
const regionalWindows = (id: string, make: (region: CampaignRegion) => Window) =>
  Object.fromEntries(CAMPAIGN_REGIONS.map((r) => [`${id}@${r}`, make(r)])) as Record<string, Window>;

/**
 * The bundled schedule (docs/design.md, "Campaigns", docs/decisions/0018): the region
 * promotion stages, each campaign's own stage thresholds per region, and dated windows. Ops
 * override any of it with the KV document `schedule` (see README, "Moving campaign dates").
 */
export const DEFAULT_SCHEDULE: Schedule = {
  stages: {
    // Back to School (docs/spec/platform.md §9): stage 1 and 2 are the sale, 3 is after it. It is the
    // US promotion stage, so Back to School has no thresholds of its own under `campaigns`.
    us: ['2025-08-11T15:00:00+08:00', '2025-08-23T15:00:00+08:00', '2025-08-26T15:00:00+08:00'],
  },
  campaigns: {
    // 1 Early Black Friday, 2 Black Friday, 3 Cyber Monday.
    'black-friday': perRegion((r) => [midnight('2024-11-18', r), midnight('2024-11-29', r), midnight('2024-12-02', r)]),
    // One stage: the sale.
    'christmas-sale': perRegion((r) => [midnight('2024-12-05', r)]),
  },
  windows: {
    'route:back-to-school': { campaign: 'back-to-school', stages: [1, 2] },
    'home:back-to-school': { campaign: 'back-to-school', stages: [1, 2] },
    'nav:back-to-school': { campaign: 'back-to-school', stages: [1, 2] },
    'banner:us:back-to-school': { campaign: 'back-to-school', stages: [1, 2] },
    ...regionalWindows('route:black-friday', (r) => ({ campaign: 'black-friday', startTime: midnight('2024-11-18', r), endTime: midnight('2024-12-04', r) })),
    ...regionalWindows('route:christmas-sale', (r) => ({
      campaign: 'christmas-sale',
      startTime: midnight('2024-12-05', r),
      endTime: midnight('2025-01-06', r),
    })),
    'nav:new-release': { startTime: '2025-03-27T23:00:00+08:00' },
    // The "New" badge of the Flagship Bumblebee (nav tag, home eyebrow): from its nav entry's
    // start until the last launch banner ends (the spec gives the badge no end of its own).
    'badge:new:flagship-bumblebee': { startTime: '2025-03-27T23:00:00+08:00', endTime: '2025-08-27T00:00:00+02:00' },
    // Launch banners end per region (docs/spec/platform.md §9). The spec gives uk, eu, de and fr a
    // date only: it is read as midnight at the start of that day, local time.
    'banner:us:new-release': { endTime: '2025-08-11T15:00:00+08:00' },
    'banner:uk:new-release': { endTime: '2025-08-20T00:00:00+01:00' },
    'banner:eu:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
    'banner:de:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
    'banner:fr:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
  },
  // The dated words of the copy (docs/decisions/0029): each passes at the end of the period it names.
  dates: {
    // Campaign terms (docs/spec/content.md §9, "Dates"), counted from each region's Black Friday
    // (stage 2, 29 Nov 2024), so they move with it: first customers on 29 November, prize draw
    // results before 10 Dec 2024, extended returns until 20 Jan 2025 (27 Jan 2025 in the UK).
    'terms:first-customers': { after: 'black-friday', stage: 2, days: 0 },
    'terms:draw-results': { after: 'black-friday', stage: 2, days: 11 },
    'terms:returns': { after: 'black-friday', stage: 2, days: 52 },
    'terms:returns@uk': { after: 'black-friday', stage: 2, days: 59 },
    // When a product ships (docs/spec/content.md §2, §4): a pre-sale is a pre-order until then.
    'ships:flagship-megatron': '2025-Q4',
    'ships:flagship-bumblebee': '2025-08',
    'ships:grimlock-g1-flagship': '2023-late-fall',
    'ships:optimus-prime-rise-of-the-beasts-signature-limited-edition': '2023-Q4',
    // Pre-order timelines (docs/spec/content.md §4).
    'pre-order-opens:grimlock-g1-flagship': '2023-07-19',
    'pre-order-closes:grimlock-g1-flagship': '2023-09-30',
    'regular-price:grimlock-g1-flagship': '2023-10-01',
    'pre-order-opens:optimus-prime-rise-of-the-beasts-signature-limited-edition': '2023-05-25',
    'pre-order-closes:optimus-prime-rise-of-the-beasts-signature-limited-edition': '2023-07-25',
    'early-bird:optimus-prime-rise-of-the-beasts-signature-limited-edition': '2023-07-24',
  },
};
