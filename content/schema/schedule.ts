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
 * A dated word of the copy, as a period of the edition's calendar (docs/decisions/0029): a
 * day `2025-01-20`, a month `2025-08`, a quarter `2025-Q4` or a season `2023-late-fall`; or a
 * day counted from a campaign's stage in the same region, `{ after: 'black-friday', stage: 2,
 * days: 52 }`, so the terms move with the campaign. Its moment passes at the period's end.
 */
export const DatedValue = z.union([
  z.string().regex(/^\d{4}-(\d{2}(-\d{2})?|Q[1-4]|late-fall)$/, 'a day 2025-01-20, a month 2025-08, a quarter 2025-Q4 or a season 2023-late-fall'),
  z.strictObject({ after: CampaignId, stage: z.number().int().min(1), days: z.number().int() }),
]);
export type DatedValue = z.infer<typeof DatedValue>;

/** Who pushed a KV document and when (`npm run ops -- schedule push` writes it). */
export const ScheduleMeta = z.strictObject({
  /** Counts up by one with every push (rollbacks included). */
  version: z.number().int().positive(),
  /** Who pushed it: `--by`, else git's user.email, else the login name. */
  pushedBy: z.string().min(1).max(200),
  /** When, as an ISO instant. */
  pushedAt: Instant,
  /** What the push was: `push my-schedule.json`, `rollback to 3`, … */
  note: z.string().max(500).optional(),
});
export type ScheduleMeta = z.infer<typeof ScheduleMeta>;

/**
 * The ops schedule (docs/decisions/0018-campaign-dates.md, 0029). Stored in KV under `schedule`;
 * it overrides the bundled defaults entry by entry:
 *
 * - `stages`: the region's promotion stage thresholds (docs/spec/content.md §3, "Sale stage dates";
 *   us: Back to School). Stage = how many of them now has reached.
 * - `campaigns`: each campaign's own stage thresholds per region. A campaign without its own
 *   for a region follows the region's `stages`.
 * - `windows`: windows of dated items by id (`route:back-to-school`, `nav:new-release`,
 *   `banner:us:back-to-school`, `badge:new:flagship-bumblebee`, …). `id@region`
 *   (`route:black-friday@de`) holds one region's window and wins over the plain id; a
 *   window's `campaign` says whose stages it counts.
 * - `dates`: the dated words of the copy by id (`terms:returns@uk`, `ships:flagship-megatron`,
 *   `pre-order-opens:grimlock-g1-flagship`, …), `id@region` winning over the plain id.
 * - `meta`: who pushed the document and when (KV only).
 *
 * `worker/clock/check.ts` explains every mistake in words before this schema sees a document.
 */
export const Schedule = z
  .object({
    stages: z.partialRecord(z.enum(REGIONS), Thresholds).default({}),
    campaigns: z.partialRecord(CampaignId, z.partialRecord(z.enum(REGIONS), Thresholds)).default({}),
    windows: z.record(z.string().min(1).max(200), Window).default({}),
    dates: z.record(z.string().min(1).max(200), DatedValue).optional(),
    meta: ScheduleMeta.optional(),
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
