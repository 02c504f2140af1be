/**
 * Calendar arithmetic in an edition's own time zone: the schedule's dated words are days,
 * months and quarters of the edition's calendar, and its campaign dates are local midnights,
 * so every instant is computed where it is read (summer time included).
 */

const OFFSET_FORMATS = new Map<string, Intl.DateTimeFormat>();

function partsIn(timeZone: string, ms: number): Record<string, number> {
  let format = OFFSET_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    OFFSET_FORMATS.set(timeZone, format);
  }
  const out: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(ms))) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at an instant, in minutes (Berlin in winter: 60). */
export function offsetMinutes(timeZone: string, ms: number): number {
  const p = partsIn(timeZone, ms);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** A calendar day: month 1–12. Out-of-range months and days roll over (month 13 is January of the next year). */
export interface Day {
  year: number;
  month: number;
  day: number;
}

/** The same day normalised (2024-11-31 → 2024-12-01). */
function normal({ year, month, day }: Day): Day {
  const d = new Date(Date.UTC(year, month - 1, day));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The instant of a wall-clock time on a day in a zone (00:00 unless told). */
export function zonedTime(day: Day, timeZone: string, hour = 0, minute = 0): number {
  const { year, month, day: d } = normal(day);
  const wall = Date.UTC(year, month - 1, d, hour, minute);
  // The offset at the guess, then at the answer: right on both sides of a change of offset.
  let ms = wall - offsetMinutes(timeZone, wall) * 60_000;
  ms = wall - offsetMinutes(timeZone, ms) * 60_000;
  return ms;
}

/** The calendar day and time of an instant in a zone. */
export function localParts(ms: number, timeZone: string): Day & { hour: number; minute: number } {
  const p = partsIn(timeZone, ms);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** A day so many days after another. */
export function addDays(day: Day, days: number): Day {
  return normal({ ...day, day: day.day + days });
}

/** Whole days from one day to another. */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** `2024-11-29` */
const isoDay = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** An instant as ISO 8601 with the zone's offset at that moment: `2026-11-27T00:00:00+01:00`. */
export function isoInZone(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  const offset = offsetMinutes(timeZone, ms);
  const sign = offset < 0 ? '-' : '+';
  return `${isoDay(p)}T${pad(p.hour)}:${pad(p.minute)}:00${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** Days in a month of a year (February of a leap year: 29). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The nth weekday (0 Sunday … 6 Saturday) of a month: the fourth Thursday of November is `nthWeekday(y, 11, 4, 4)`. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return { year, month, day: 1 + ((weekday - first + 7) % 7) + (n - 1) * 7 };
}
