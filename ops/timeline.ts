/**
 * `npm run ops -- timeline`: every dated change of the schedule in force at a target (the
 * worker's own rule), or of a file under test merged over it, as text and as the HTML page
 * `/__timeline` draws (worker/pages/campaign/timeline-view.ts), with which schedule that is,
 * the dated words that contradict their windows and the contradictions between campaigns.
 */
import { REGIONS, type Region } from '../content/editions';
import { inForceWords, type ScheduleInForce } from '../worker/bundle/in-force';
import { timeline, timelineText } from '../worker/clock/timeline';
import { timelineHtml, timelineStatus } from '../worker/pages/campaign/timeline-view';
import { OpsError } from './command/error';
import { TARGET_FLAGS } from './command/target';
import { SCHEDULE, inForce } from './schedule/kind';
import { placeOf, type Command } from './versioned/commands';
import { readDocument, readState } from './versioned/document';

/** A moment a flag gives: an ISO date or instant. */
function when(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new OpsError(`timeline: --${name} is a date, e.g. 2024-11-01 or 2024-11-18T00:00:00-05:00, not "${value}"`);
  return ms;
}

export const TIMELINE: Command = {
  spec: {
    name: 'timeline',
    summary:
      'Every dated change of the schedule in force (or of FILE merged over it) in time order, printed and written as an HTML picture with preview links.',
    description: 'Preview links go to --origin, else the local site on $PORT (http://localhost:8787 unless PORT says).',
    args: [],
    flags: [
      { name: 'region', value: 'REGION', choices: REGIONS, help: 'one edition only' },
      { name: 'from', value: 'DATE', help: 'changes at or after DATE' },
      { name: 'to', value: 'DATE', help: 'changes at or before DATE' },
      { name: 'file', value: 'FILE', help: 'a schedule file under test, merged over what is in force as a push would' },
      { name: 'out', value: 'FILE', help: 'where to write the HTML (default: dist/timeline.html)' },
      { name: 'origin', value: 'URL', help: 'the site the preview links go to' },
      ...TARGET_FLAGS,
    ],
    examples: [
      'timeline',
      'timeline --region de --from 2026-11-01 --to 2026-12-31 --file my-schedule.json',
      'timeline --env production --origin https://preprod.robolux.com',
    ],
  },
  async run(parsed, io) {
    const region = parsed.flags.get('region') as Region | undefined;
    const regions = region ? [region] : undefined;
    const [from, to] = [when('from', parsed.flags.get('from')), when('to', parsed.flags.get('to'))];
    const file = parsed.flags.get('file');
    const place = placeOf(SCHEDULE, parsed, io);
    const state = await readState(place);
    const served = state.inForce.document ? SCHEDULE.withoutMeta(state.inForce.document) : null;
    const document = file ? SCHEDULE.merge(served, readDocument(SCHEDULE, io, file)).document : served;
    const schedule = inForce(document);
    const events = timeline(schedule, { regions, from, to });
    io.out(timelineText(events));
    const out = parsed.flags.get('out') ?? 'dist/timeline.html';
    // Preview links go to --origin, else the local site on PORT (as `npm start` serves it).
    const origin = (parsed.flags.get('origin') ?? `http://localhost:${io.env('PORT') ?? 8787}`).replace(/\/$/, '');
    const title = `Campaign timeline${region ? ` (${region})` : ''}${file ? ` — ${file}` : ''}`;
    const words = inForceWords(state.inForce, SCHEDULE.bundled);
    const status: ScheduleInForce = { ...(state.inForce as ScheduleInForce), schedule };
    const sentence = file
      ? `${file} merged over what ${place.target.local ? 'local KV' : 'KV'} serves (${words}), as a push would put it in force.`
      : undefined;
    const html = timelineHtml(events, {
      base: origin,
      now: io.now(),
      title,
      status: timelineStatus(status, regions ?? REGIONS, sentence),
      css: io.repoFile('client/styles/ops.css'),
    });
    try {
      io.writeFile(out, html);
    } catch (error) {
      throw new OpsError(`timeline: cannot write ${out}: ${(error as Error).message}`);
    }
    io.err(`timeline: ${events.length} changes; picture written to ${out} (previews link to ${origin})`);
  },
};
