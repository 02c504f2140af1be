import type { Handler } from 'hono';
import { REGIONS, type Region } from '../../../content/editions';
import { CACHE } from '../../cache';
import { allowsUnsignedPreview } from '../../clock/preview';
import { timeline, timelineHtml } from '../../clock/timeline';
import type { After } from '../../context/types';

/** A query moment: an ISO date or ms; undefined when absent or unreadable. */
function moment(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * GET /__timeline[?region=de&from=…&to=…], locally only (elsewhere, pre-production included,
 * it is an unknown path like any other; `npm run ops -- timeline` draws the same): the
 * timeline of the schedule in force — bundled
 * defaults with the KV document over them — with the effective now marked and a preview
 * link a minute before and after every change.
 */
export const timelineHandler: Handler<After<'now' | 'schedule'>> = async (c, next) => {
  if (!allowsUnsignedPreview(c.var.config)) return next();
  const region = c.req.query('region');
  const regions: Region[] = region && (REGIONS as readonly string[]).includes(region) ? [region as Region] : [...REGIONS];
  const events = timeline(c.var.schedule, { regions, from: moment(c.req.query('from')), to: moment(c.req.query('to')) });
  const title = `Campaign timeline${regions.length === 1 ? ` (${regions[0]})` : ''}`;
  return c.html(timelineHtml(events, { now: c.var.now, title }), 200, { 'Cache-Control': CACHE.none });
};
