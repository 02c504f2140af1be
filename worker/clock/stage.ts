import type { Region } from '../../content/editions';
import type { CampaignId, Schedule } from '../../content/schema/schedule';
import type { Window } from '../../content/schema/window';

/** Stage of a region at `now`: how many of its thresholds now has reached (0 before the first). */
export function stageAt(thresholds: readonly string[] | undefined, now: number): number {
  let stage = 0;
  for (const t of thresholds ?? []) if (now >= Date.parse(t)) stage++;
  return stage;
}

function matches(wanted: number | readonly number[] | undefined, stage: number): boolean {
  if (wanted === undefined) return true;
  return typeof wanted === 'number' ? wanted === stage : wanted.includes(stage);
}

/**
 * Whether an item is visible: now at or after its start, before its end, and the region's
 * stage among its `stage`/`stages`. Each condition applies only when the item sets it.
 */
export function isVisible(window: Window | undefined, now: number, stage: number): boolean {
  if (!window) return true;
  if (window.startTime !== undefined && now < Date.parse(window.startTime)) return false;
  if (window.endTime !== undefined && now >= Date.parse(window.endTime)) return false;
  return matches(window.stage, stage) && matches(window.stages, stage);
}

/** The part of a schedule the clock reads (the KV document's shape, defaults filled in). */
export type ScheduleLike = Pick<Schedule, 'stages' | 'windows'> & Partial<Pick<Schedule, 'campaigns'>>;

/**
 * The stage thresholds a campaign counts in a region: its own (`campaigns`), else the
 * region's promotion stage (`stages`), which is also what an item without a campaign counts.
 */
export function thresholdsOf(schedule: ScheduleLike, region: Region, campaign?: CampaignId): readonly string[] {
  return (campaign ? schedule.campaigns?.[campaign]?.[region] : undefined) ?? schedule.stages[region] ?? [];
}

/** A campaign's (or the region's) stage at `now`. */
export function stageIn(schedule: ScheduleLike, region: Region, now: number, campaign?: CampaignId): number {
  return stageAt(thresholdsOf(schedule, region, campaign), now);
}

/** An item's window in a region: `id@region` wins over the plain `id`. */
export function windowOf(schedule: ScheduleLike, id: string, region: Region): Window | undefined {
  return schedule.windows[`${id}@${region}`] ?? schedule.windows[id];
}

/** Whether a window is open in a region at `now`, counting the stage its campaign names. */
export function isOpen(window: Window | undefined, schedule: ScheduleLike, region: Region, now: number): boolean {
  return isVisible(window, now, stageIn(schedule, region, now, window?.campaign));
}

/** The schedule id of a campaign's page window. */
const routeWindowId = (campaign: CampaignId) => `route:${campaign}`;

/**
 * The editions where a page is live at `now`: those it exists in, less those where its time
 * window (a campaign's route) is closed. Sitemaps, hreflang, nav entries and the page step
 * all read this, so no link points at a page that would redirect.
 */
export function liveRegions<R extends Region>(page: { regions: readonly R[]; window?: string }, schedule: ScheduleLike, now: number): R[] {
  const id = page.window;
  if (!id) return [...page.regions];
  return page.regions.filter((r) => isOpen(windowOf(schedule, id, r), schedule, r, now));
}

/** Whether a page with an optional window is live in a region at `now`. */
export function pageLive(page: { window?: string }, schedule: ScheduleLike, region: Region, now: number): boolean {
  return !page.window || isOpen(windowOf(schedule, page.window, region), schedule, region, now);
}

/**
 * Whether a dated item (nav entry, banner, tile) is shown: its window (the schedule's by id,
 * else its own fields) is open, and the page it links to, when that page has a window, is
 * live — so a campaign's entries follow its route window without dates of their own.
 */
export function itemShown(
  item: { id?: string; link?: string } & Window,
  schedule: ScheduleLike,
  region: Region,
  now: number,
  linkedPage?: { window?: string },
): boolean {
  const own = (item.id ? windowOf(schedule, item.id, region) : undefined) ?? item;
  return isOpen(own, schedule, region, now) && (!linkedPage || pageLive(linkedPage, schedule, region, now));
}

/** Where a campaign stands in a region at a moment. */
export interface CampaignMoment {
  /** The campaign's stage (0 before its first threshold). */
  stage: number;
  /** Its stage thresholds in the region, ms. */
  thresholds: number[];
  /** Its page window in the region, ms (undefined when open-ended). */
  start: number | undefined;
  end: number | undefined;
  /** Whether the page is live. */
  live: boolean;
  /** The next moment anything of the campaign changes (a stage, the page's end), if any. */
  next: number | undefined;
}

/** A campaign's stage, window and next boundary in a region, from one schedule and one now. */
export function campaignMoment(schedule: ScheduleLike, campaign: CampaignId, region: Region, now: number): CampaignMoment {
  const window = windowOf(schedule, routeWindowId(campaign), region);
  const thresholds = thresholdsOf(schedule, region, campaign).map((t) => Date.parse(t));
  const start = window?.startTime ? Date.parse(window.startTime) : undefined;
  const end = window?.endTime ? Date.parse(window.endTime) : undefined;
  const next = [...thresholds, start, end].filter((t): t is number => t !== undefined && t > now).sort((a, b) => a - b)[0];
  return { stage: thresholds.filter((t) => now >= t).length, thresholds, start, end, live: isOpen(window, schedule, region, now), next };
}
