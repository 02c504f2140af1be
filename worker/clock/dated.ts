/**
 * The dated words of the copy (docs/decisions/0029): campaign terms, delivery and shipping
 * estimates, pre-order timelines. Each is a schedule entry under `dates` (`id@region` wins over
 * the plain id) naming a period of the edition's calendar — a day, a month, a quarter, a
 * season — or a day counted from a campaign's stage; it passes at the end of that period, and
 * then the copy that quotes it hides or changes.
 */
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import type { FigureValue } from '../../content/schema/product';
import type { DatedValue, Schedule } from '../../content/schema/schedule';
import { addDays, localParts, zonedTime, type Day } from './calendar';
import { thresholdsOf, type ScheduleLike } from './stage';

/** The shape a product figure of a date takes (content/schema/product.ts). */
type DateFigure = { date: string } | { month: string } | { quarter: number; year: number } | { season: 'lateFall'; year: number };

/** A dated entry as one edition reads it. */
export interface Dated {
  /** The period's first instant and the instant it passes, ms. */
  start: number;
  end: number;
  /** The same as a product figure, for formatting (`{ date: '2025-01-20' }`, `{ quarter: 4, year: 2025 }`). */
  figure: DateFigure;
  /** The calendar day it starts on. */
  day: Day;
}

type WithDates = ScheduleLike & Pick<Partial<Schedule>, 'dates'>;

/** The entry a region reads: `id@region`, else the plain `id`. */
function datedValue(schedule: WithDates, id: string, region: Region): DatedValue | undefined {
  return schedule.dates?.[`${id}@${region}`] ?? schedule.dates?.[id];
}

const two = (n: number) => String(n).padStart(2, '0');

/** A period of the region's calendar from a written value; undefined when it names none. */
function periodOf(value: DatedValue, schedule: ScheduleLike, region: Region): Dated | undefined {
  const zone = EDITIONS[region].timeZone;
  const at = (day: Day) => zonedTime(day, zone);
  if (typeof value !== 'string') {
    const threshold = thresholdsOf(schedule, region, value.after)[value.stage - 1];
    if (threshold === undefined) return undefined;
    const local = localParts(Date.parse(threshold), zone);
    const day = addDays(local, value.days);
    return dayPeriod(day, at);
  }
  const [y, rest] = [Number(value.slice(0, 4)), value.slice(5)];
  if (rest === 'late-fall') {
    // Late fall: November to the winter solstice.
    const day = { year: y, month: 11, day: 1 };
    return { start: at(day), end: at({ year: y, month: 12, day: 21 }), figure: { season: 'lateFall', year: y }, day };
  }
  if (rest.startsWith('Q')) {
    const q = Number(rest.slice(1));
    const day = { year: y, month: 3 * q - 2, day: 1 };
    return { start: at(day), end: at({ year: y, month: 3 * q + 1, day: 1 }), figure: { quarter: q, year: y }, day };
  }
  const [m, d] = rest.split('-').map(Number) as [number, number | undefined];
  if (d === undefined) {
    const day = { year: y, month: m, day: 1 };
    return { start: at(day), end: at({ year: y, month: m + 1, day: 1 }), figure: { month: `${y}-${two(m)}` }, day };
  }
  return dayPeriod({ year: y, month: m, day: d }, at);
}

function dayPeriod(day: Day, at: (day: Day) => number): Dated {
  const iso = `${day.year}-${two(day.month)}-${two(day.day)}`;
  return { start: at(day), end: at(addDays(day, 1)), figure: { date: iso }, day };
}

/**
 * Dated entries already read, per schedule object (a schedule is never changed once loaded,
 * as `versionOf` assumes too): a page quotes the same entries at every render, and each reading
 * asks the zone's calendar (Intl) several times.
 */
const periods = new WeakMap<object, Map<string, Readonly<Dated> | undefined>>();

/** A dated entry in a region, whether or not it has passed. */
export function datedIn(schedule: WithDates, id: string, region: Region): Readonly<Dated> | undefined {
  let known = periods.get(schedule);
  if (!known) periods.set(schedule, (known = new Map()));
  const key = `${id}@${region}`;
  if (known.has(key)) return known.get(key);
  const value = datedValue(schedule, id, region);
  const dated = value === undefined ? undefined : periodOf(value, schedule, region);
  known.set(key, dated);
  return dated;
}

/** A dated entry in a region while it holds at `now`; undefined once its period has ended (or when there is none). */
export function currentDated(schedule: WithDates, id: string, region: Region, now: number): Dated | undefined {
  const dated = datedIn(schedule, id, region);
  return dated && now < dated.end ? dated : undefined;
}

/**
 * Whether a product's pre-sale is over in a region: its `ships:<page>` entry has passed. A
 * pre-sale is a pre-order until then, and on sale after.
 */
export function preSaleOver(schedule: WithDates, region: Region, pageSlug: string | undefined, now: number): boolean {
  if (!pageSlug) return false;
  const ships = datedIn(schedule, `ships:${pageSlug}`, region);
  return ships !== undefined && now >= ships.end;
}

/** Every instant at which a dated entry passes, in any region (the render cache's boundaries). */
export function datedInstants(schedule: WithDates): number[] {
  const out: number[] = [];
  for (const key of Object.keys(schedule.dates ?? {})) {
    const at = key.lastIndexOf('@');
    const id = at >= 0 ? key.slice(0, at) : key;
    const regions = at >= 0 ? [key.slice(at + 1) as Region] : REGIONS;
    for (const region of regions) {
      if (!(REGIONS as readonly string[]).includes(region)) continue;
      const dated = datedIn(schedule, id, region);
      if (dated) out.push(dated.end);
    }
  }
  return out;
}

/** A product's figures as an edition reads them at a moment: those that hold, and the dated ones that have passed. */
export interface ResolvedFigures {
  /** Every figure that holds now, schedule entries turned into the dates they name. */
  current: Record<string, FigureValue>;
  /** Dated figures whose moment has passed, as the dates they named (a past step of a timeline). */
  passed: Record<string, FigureValue>;
  /** The current dated figures whose period has begun and not ended (a pre-order running now). */
  ongoing: Set<string>;
}

/**
 * Turns a product's schedule figures (`{ scheduled: id }`, `{ scheduledRange: [a, b] }`) into
 * the dates the edition's schedule names for them, split into those that hold at `now` and
 * those that have passed. A figure whose entry is missing is left out of both.
 */
export function resolveFigures(figures: Record<string, FigureValue>, schedule: WithDates, region: Region, now: number): ResolvedFigures {
  const current: Record<string, FigureValue> = {};
  const passed: Record<string, FigureValue> = {};
  const ongoing = new Set<string>();
  for (const [name, value] of Object.entries(figures)) {
    if ('scheduled' in value) {
      const dated = datedIn(schedule, value.scheduled, region);
      if (dated) (now < dated.end ? current : passed)[name] = dated.figure;
      if (dated && dated.start <= now && now < dated.end) ongoing.add(name);
    } else if ('scheduledRange' in value) {
      const [from, to] = value.scheduledRange.map((id) => datedIn(schedule, id, region));
      if (from && to && 'date' in from.figure && 'date' in to.figure) (now < to.end ? current : passed)[name] = { dates: [from.figure.date, to.figure.date] };
      if (from && to && from.start <= now && now < to.end) ongoing.add(name);
    } else current[name] = value;
  }
  return { current, passed, ongoing };
}
