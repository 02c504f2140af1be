import { z } from 'zod';
import { REGIONS } from '../editions';
import { CampaignId, Instant, Window } from './window';

export { CAMPAIGN_IDS, CampaignId } from './window';

const Thresholds = z.array(Instant);

function ascending(list: readonly string[] | undefined): boolean {
  const times = (list ?? []).map((t) => Date.parse(t));
  return !times.some((t, i) => i > 0 && t < times[i - 1]!);
}

/**
 * The ops schedule (docs/decisions/0018-campaign-dates.md). Stored in KV under `schedule`;
 * it overrides the bundled defaults field by field:
 *
 * - `stages`: the region's promotion stage thresholds (docs/spec/content.md §3, "Sale stage dates";
 *   us: Back to School). Stage = how many of them now has reached.
 * - `campaigns`: each campaign's own stage thresholds per region. A campaign without its own
 *   for a region follows the region's `stages`.
 * - `windows`: windows of dated items by id (`route:back-to-school`, `nav:new-release`,
 *   `banner:us:back-to-school`, …). `id@region` (`route:black-friday@de`) holds one region's
 *   window and wins over the plain id; a window's `campaign` says whose stages it counts.
 */
export const Schedule = z
  .object({
    stages: z.partialRecord(z.enum(REGIONS), Thresholds).default({}),
    campaigns: z.partialRecord(CampaignId, z.partialRecord(z.enum(REGIONS), Thresholds)).default({}),
    windows: z.record(z.string().min(1).max(200), Window).default({}),
  })
  .superRefine((schedule, ctx) => {
    for (const [region, list] of Object.entries(schedule.stages)) {
      if (!ascending(list)) ctx.addIssue({ code: 'custom', path: ['stages', region], message: 'stage thresholds must ascend' });
    }
    for (const [campaign, regions] of Object.entries(schedule.campaigns)) {
      for (const [region, list] of Object.entries(regions ?? {})) {
        if (!ascending(list)) ctx.addIssue({ code: 'custom', path: ['campaigns', campaign, region], message: 'stage thresholds must ascend' });
      }
    }
    for (const [id, window] of Object.entries(schedule.windows)) {
      const at = id.lastIndexOf('@');
      if (at >= 0 && !(REGIONS as readonly string[]).includes(id.slice(at + 1))) {
        ctx.addIssue({ code: 'custom', path: ['windows', id], message: `"${id.slice(at + 1)}" is not a region` });
      }
      if (window.startTime && window.endTime && Date.parse(window.endTime) <= Date.parse(window.startTime)) {
        ctx.addIssue({ code: 'custom', path: ['windows', id], message: 'endTime must be after startTime' });
      }
    }
  });
export type Schedule = z.infer<typeof Schedule>;
