import type { Handler } from 'hono';
import { REGIONS, type Region } from '../../../content/editions';
import type { ScheduleMeta } from '../../../content/schema/schedule';
import type { ScheduleStatus } from '../../bundle/store';
import { CACHE } from '../../cache';
import { contradictions, problemLine } from '../../clock/check';
import { allowsUnsignedPreview } from '../../clock/preview';
import { timeline, timelineHtml, type TimelineStatus } from '../../clock/timeline';
import { store } from '../../context/content';
import type { After } from '../../context/types';
import { MANIFEST } from '../../render/assets';

/** A query moment: an ISO date or ms; undefined when absent or unreadable. */
function moment(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const ms = /^\d{1,15}$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `version 7, pushed by ana@example.com on 2026-11-26 10:02 UTC` */
const pushed = (meta: ScheduleMeta) =>
  `version ${meta.version}, pushed by ${meta.pushedBy} on ${meta.pushedAt
    .replace('T', ' ')
    .replace(/:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/, ' $2')
    .replace(/ Z$/, ' UTC')}`;

/** The status panel's words: which schedule is in force, and a refused KV document with its reasons. */
function statusOf(status: Pick<ScheduleStatus, 'source' | 'meta' | 'rejected'>, warnings: string[]): TimelineStatus {
  const inForce =
    status.source === 'kv'
      ? `The KV schedule is in force over the bundled one: ${status.meta ? pushed(status.meta) : 'a document pushed without the ops command (no version)'}.`
      : 'The bundled schedule (content/schedule.ts) is in force: KV holds no schedule document that counts.';
  const rejected = status.rejected
    ? {
        summary: `KV's current document (${status.rejected.meta ? pushed(status.rejected.meta) : 'no version'}) was refused, so the ${status.source === 'kv' ? 'last good KV document' : 'bundled schedule'} stays in force:`,
        problems: status.rejected.problems.map(problemLine),
      }
    : undefined;
  return { inForce, ...(rejected ? { rejected } : {}), warnings };
}

/**
 * GET /__timeline[?region=de&from=…&to=…], locally only (elsewhere, pre-production included,
 * it is an unknown path like any other; `npm run ops -- timeline` draws the same): the
 * timeline of the schedule in force — bundled defaults with the KV document over them — with
 * which schedule that is (a KV version, who pushed it and when, or the bundled one; a refused
 * KV document and why), the contradictions between one edition's campaigns, the effective
 * now marked and a preview link a minute before and after every change. Styled by the site's
 * stylesheet (client/styles/ops.css).
 */
export const timelineHandler: Handler<After<'now' | 'schedule'>> = async (c, next) => {
  if (!allowsUnsignedPreview(c.var.config)) return next();
  const region = c.req.query('region');
  const regions: Region[] = region && (REGIONS as readonly string[]).includes(region) ? [region as Region] : [...REGIONS];
  const status = await store.scheduleStatus(c.env.CONTENT);
  const events = timeline(status.schedule, { regions, from: moment(c.req.query('from')), to: moment(c.req.query('to')) });
  const title = `Campaign timeline${regions.length === 1 ? ` (${regions[0]})` : ''}`;
  const warnings = contradictions(status.schedule, regions).map(problemLine);
  return c.html(timelineHtml(events, { now: c.var.now, title, status: statusOf(status, warnings), stylesheet: MANIFEST.css }), 200, {
    'Cache-Control': CACHE.none,
  });
};
