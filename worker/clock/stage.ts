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

/**
 * The editions where a page is live at `now`: those it exists in, less those where its time
 * window (a campaign's route) is closed for that edition's stage. Sitemaps and hreflang list
 * only these, so no alternate points at a page that would redirect.
 */
export function liveRegions<R extends string>(
  page: { regions: readonly R[]; window?: string },
  schedule: { stages: Partial<Record<R, readonly string[]>>; windows: Record<string, Window> },
  now: number,
): R[] {
  if (!page.window) return [...page.regions];
  const window = schedule.windows[page.window];
  return page.regions.filter((r) => isVisible(window, now, stageAt(schedule.stages[r], now)));
}
