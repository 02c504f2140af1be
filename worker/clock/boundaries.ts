import type { Schedule } from '../../content/schema/schedule';
import { datedInstants } from './dated';

/**
 * The instants at which a page can change on its own, with no new content: every dated
 * thing a page shows turns on or off at one of them. The render cache keeps a page until the
 * next one (decision 0020), so this file is the one place that knows which instants count.
 */

const bySchedule = new WeakMap<object, readonly number[]>();
const byTree = new WeakMap<object, readonly number[]>();

/** Ascending, distinct, finite instants (ms). */
function sorted(values: Iterable<number>): readonly number[] {
  return [...new Set([...values].filter(Number.isFinite))].sort((a, b) => a - b);
}

/** How many instants of an ascending list are at or before `now`, by binary search. */
function countAtOrBefore(instants: readonly number[], now: number): number {
  let lo = 0;
  let hi = instants.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (instants[mid]! <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first instant of an ascending list after `now`. */
const firstAfter = (instants: readonly number[], now: number): number | undefined => instants[countAtOrBefore(instants, now)];

/** The last instant of an ascending list at or before `now`. */
function lastAtOrBefore(instants: readonly number[], now: number): number | undefined {
  const count = countAtOrBefore(instants, now);
  return count > 0 ? instants[count - 1] : undefined;
}

/**
 * Every instant of a schedule that can change a page: each region's stage thresholds and
 * each campaign's own per region (any region's, since hreflang lists the editions where a
 * campaign page is live), and each window's start and end (`id@region` windows too) (routes, banners, nav entries, home tiles),
 * and the moment each dated word of the copy passes. Memoised per parsed
 * schedule object.
 */
function scheduleInstants(schedule: Schedule): readonly number[] {
  let instants = bySchedule.get(schedule);
  if (!instants) {
    const all: number[] = [];
    for (const thresholds of Object.values(schedule.stages)) for (const t of thresholds ?? []) all.push(Date.parse(t));
    for (const regions of Object.values(schedule.campaigns)) {
      for (const thresholds of Object.values(regions ?? {})) for (const t of thresholds ?? []) all.push(Date.parse(t));
    }
    for (const window of Object.values(schedule.windows)) {
      if (window.startTime !== undefined) all.push(Date.parse(window.startTime));
      if (window.endTime !== undefined) all.push(Date.parse(window.endTime));
    }
    // The dated words of the copy hide or change when they pass.
    all.push(...datedInstants(schedule));
    instants = sorted(all);
    bySchedule.set(schedule, instants);
  }
  return instants;
}

/** The next instant after `now` at which the schedule can change a page, if any. */
export function nextBoundary(schedule: Schedule, now: number): number | undefined {
  return firstAfter(scheduleInstants(schedule), now);
}

/**
 * Every `startTime`/`endTime` anywhere in a content tree (a bundle's nav items, banners,
 * tiles and offers carry their own windows, which the schedule may or may not override).
 * Memoised per parsed object.
 */
export function contentInstants(tree: object): readonly number[] {
  let instants = byTree.get(tree);
  if (!instants) {
    const all: number[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) for (const v of value) walk(v);
      else if (value && typeof value === 'object') {
        for (const [key, v] of Object.entries(value)) {
          if ((key === 'startTime' || key === 'endTime') && typeof v === 'string') all.push(Date.parse(v));
          else walk(v);
        }
      }
    };
    walk(tree);
    instants = sorted(all);
    byTree.set(tree, instants);
  }
  return instants;
}

/** The start of the next UTC year after `now` (the footer prints the year). */
function nextYear(now: number): number {
  return Date.UTC(new Date(now).getUTCFullYear() + 1, 0, 1);
}

/** The start of the UTC year of `now`. */
function thisYear(now: number): number {
  return Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
}

/**
 * When a page rendered at `now` from this schedule and content can first look different:
 * the earliest schedule boundary, dated content item or new year after `now`.
 */
export function nextChange(schedule: Schedule, content: object, now: number): number {
  const candidates = [nextBoundary(schedule, now), firstAfter(contentInstants(content), now), nextYear(now)];
  return Math.min(...candidates.filter((t): t is number => t !== undefined));
}

/**
 * The last instant at or before `now` at which a page from this schedule and content could
 * have changed: a page rendered before it may show what is over (the render cache never
 * serves such a page, even while it re-renders after a new version: decision 0028).
 */
export function lastChange(schedule: Schedule, content: object, now: number): number {
  const candidates = [lastAtOrBefore(scheduleInstants(schedule), now), lastAtOrBefore(contentInstants(content), now), thisYear(now)];
  return Math.max(...candidates.filter((t): t is number => t !== undefined));
}
