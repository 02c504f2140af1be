import type { Region } from './editions';
import type { Schedule } from './schema/schedule';
import type { Window } from './schema/window';

/** The editions that run the Black Friday and Christmas campaigns. */
const CAMPAIGN_REGIONS = ['us', 'uk', 'eu', 'fr', 'de'] as const satisfies readonly Region[];
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
    // Launch banners end per region (docs/spec/platform.md §9). The spec gives uk, eu, de and fr a
    // date only: it is read as midnight at the start of that day, local time.
    'banner:us:new-release': { endTime: '2025-08-11T15:00:00+08:00' },
    'banner:uk:new-release': { endTime: '2025-08-20T00:00:00+01:00' },
    'banner:eu:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
    'banner:de:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
    'banner:fr:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
  },
};
