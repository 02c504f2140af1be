import type { Handler } from 'hono';
import { REGIONS, type Region } from '../../../content/editions';
import { CACHE } from '../../cache';
import { allowsUnsignedPreview } from '../../clock/preview';
import { timeline } from '../../clock/timeline';
import { store } from '../../context/content';
import type { After } from '../../context/types';
import { MANIFEST } from '../../render/assets';
import { timelineHtml, timelineStatus } from './timeline-view';

/** A query moment: an ISO date or ms; undefined when absent or unreadable. */
function moment(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * GET /__timeline[?region=de&from=…&to=…], locally only (elsewhere, pre-production included,
 * it is an unknown path like any other; `npm run ops -- timeline` draws the same): the
 * timeline of the schedule in force (worker/bundle/in-force.ts) with which schedule that is
 * (a KV version, who pushed it and when, the last good version, or the bundled one; a refused
 * KV document and why), the dated words that contradict their windows, the contradictions
 * between one edition's campaigns, the effective now marked and a preview link a minute
 * before and after every change. Styled by the site's stylesheet (client/styles/ops.css).
 */
export const timelineHandler: Handler<After<'now' | 'schedule'>> = async (c, next) => {
  if (!allowsUnsignedPreview(c.var.config)) return next();
  const region = c.req.query('region');
  const regions: Region[] = region && (REGIONS as readonly string[]).includes(region) ? [region as Region] : [...REGIONS];
  const status = await store.scheduleStatus(c.env.CONTENT, c.env.DB);
  const events = timeline(status.schedule, { regions, from: moment(c.req.query('from')), to: moment(c.req.query('to')) });
  const title = `Campaign timeline${regions.length === 1 ? ` (${regions[0]})` : ''}`;
  return c.html(timelineHtml(events, { now: c.var.now, title, status: timelineStatus(status, regions), stylesheet: MANIFEST.css }), 200, {
    'Cache-Control': CACHE.none,
  });
};
