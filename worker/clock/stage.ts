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
