/**
 * The ops timeline as an HTML page (`/__timeline` locally, and the file `npm run ops --
 * timeline` writes): which schedule is in force, the dated words that contradict their
 * windows, the contradictions between one edition's campaigns, a picture and a table of every
 * change with preview links. The changes themselves are worker/clock/timeline.ts.
 */
import { REGIONS, type Region } from '../../../content/editions';
import { inForceWords, type ScheduleInForce } from '../../bundle/in-force';
import { contradictions, datedConflicts, opsMoment, problemLine } from '../../clock/check';
import type { TimelineEvent, TimelineKind } from '../../clock/timeline';
import { escapeHtml } from '../../html';

/** A preview link one minute before or after an event. */
function previewLink(base: string, event: Pick<TimelineEvent, 'at' | 'path'>, offsetMs: number): string {
  return `${base}/__preview?at=${event.at + offsetMs}&next=${encodeURIComponent(event.path)}`;
}

const escape = escapeHtml;

const KINDS: TimelineKind[] = ['stage', 'page', 'banner', 'nav', 'tile'];

/** Which schedule the timeline draws, in words (the page's status panel). */
export interface TimelineStatus {
  /** One sentence: the bundled schedule, a KV version (who pushed it, when), or a file under test. */
  inForce: string;
  /** When KV holds a document that was refused: what it was, and each reason. */
  rejected?: { summary: string; problems: string[] };
  /** Dated words that contradict the window or stage they describe (a push would be refused). */
  conflicts?: string[];
  /** Contradictions between one edition's campaigns (warnings: the schedule still counts). */
  warnings?: string[];
}

/** What the picture is drawn with. */
interface TimelineHtmlOptions {
  /** The site's origin for preview links ('' on the site itself). */
  base?: string;
  /** The effective now, marked on the picture. */
  now?: number;
  title?: string;
  status?: TimelineStatus;
  /** Stylesheet link (the site's, on /__timeline), or CSS inlined (the CLI's file, which opens without a server). */
  stylesheet?: string;
  css?: string;
}

/**
 * The status panel's words: which schedule is in force (the words the ops command uses), a
 * refused KV document with its reasons, the dated words that contradict their windows, and
 * the contradictions between one edition's campaigns. `inForce` may say it otherwise (a file
 * under test over what is in force).
 */
export function timelineStatus(
  status: ScheduleInForce,
  regions: readonly Region[],
  inForce = `${status.source === 'bundled' ? 'In force' : 'In force over the bundled schedule'}: ${inForceWords(status)}.`,
): TimelineStatus {
  const rejected = status.refused
    ? {
        summary: `Why KV's document (${status.refused.meta ? `version ${status.refused.meta.version}, pushed by ${status.refused.meta.pushedBy}` : 'no version'}) is refused:`,
        problems: status.refused.problems,
      }
    : undefined;
  return {
    inForce,
    ...(rejected ? { rejected } : {}),
    conflicts: datedConflicts(status.schedule, regions).map(problemLine),
    warnings: contradictions(status.schedule, regions).map(problemLine),
  };
}

/** Marks of one lane, moved down a row where they would overlap one already drawn. */
function dodge<T extends { x: number }>(marks: T[], gap: number): (T & { row: number })[] {
  const rows: number[] = [];
  return marks
    .toSorted((a, b) => a.x - b.x)
    .map((m) => {
      let row = rows.findIndex((last) => m.x - last >= gap);
      if (row < 0) row = rows.length;
      rows[row] = m.x;
      return { ...m, row };
    });
}

/**
 * The timeline as an HTML page: a status panel (which schedule is in force, a refused KV
 * document and why, dated words that contradict their windows, contradictions), an SVG with a lane per edition and a mark per change
 * (marks that would overlap stack; each links to a preview a minute after it), the effective
 * now, and a table with preview links a minute before and after each change, which reads as
 * cards on a phone. Styled by client/styles/ops.css: linked on the site, inlined in the CLI's
 * file. No script, so it passes the site's CSP.
 */
export function timelineHtml(
  events: readonly TimelineEvent[],
  { base = '', now, title = 'Campaign timeline', status, stylesheet, css }: TimelineHtmlOptions = {},
): string {
  const regions = REGIONS.filter((r) => events.some((e) => e.region === r));
  const times = events.map((e) => e.at);
  const min = Math.min(...times, ...(now !== undefined ? [now] : []));
  const max = Math.max(...times, ...(now !== undefined ? [now] : []));
  const width = 1200;
  const left = 60;
  const right = 24;
  const top = 36;
  const row = 14;
  const x = (ms: number) => (max === min ? left + (width - left - right) / 2 : left + ((ms - min) / (max - min)) * (width - left - right));
  let y = top;
  const lanes: string[] = [];
  const marks: string[] = [];
  for (const region of regions) {
    const placed = dodge(
      events.map((e, i) => ({ e, i, x: x(e.at) })).filter((m) => m.e.region === region),
      12,
    );
    const rowsUsed = Math.max(1, ...placed.map((m) => m.row + 1));
    const height = 18 + rowsUsed * row;
    lanes.push(
      `<g class="lane"><rect x="0" y="${y}" width="${width}" height="${height}" class="lane-bg"/><text x="12" y="${y + 20}" class="lane-label">${region}</text><line x1="${left}" x2="${width - right}" y1="${y + 10}" y2="${y + 10}" class="lane-axis"/></g>`,
    );
    for (const m of placed) {
      const label = `${m.e.region} ${m.e.kind} ${m.e.subject} ${m.e.change} at ${opsMoment(m.e.at, m.e.region)}`;
      marks.push(
        `<a href="${escape(previewLink(base, m.e, 60_000))}" id="m${m.i}" class="mark mark-${m.e.kind}"><title>${escape(label)}</title><circle cx="${m.x.toFixed(1)}" cy="${y + 18 + m.row * row}" r="5"/></a>`,
      );
    }
    y += height + 6;
  }
  const height = y + 28;
  // A faint line and label at each new year between the first and last change.
  const years: string[] = [];
  const ticks: number[] = [];
  for (let year = new Date(min).getUTCFullYear() + 1; events.length > 0 && Date.UTC(year, 0, 1) < max; year++) {
    ticks.push(x(Date.UTC(year, 0, 1)));
    const at = x(Date.UTC(year, 0, 1)).toFixed(1);
    years.push(
      `<line x1="${at}" x2="${at}" y1="26" y2="${y}" class="year-line"/><text x="${at}" y="20" text-anchor="middle" class="axis-label">${year}</text>`,
    );
  }
  // The first and last change's day, unless a year's label stands there already.
  const clear = (px: number) => !ticks.some((t) => Math.abs(t - px) < 70);
  const axis =
    events.length > 0
      ? [
          clear(x(min)) ? `<text x="${left}" y="20" class="axis-label">${escape(new Date(min).toISOString().slice(0, 10))}</text>` : '',
          clear(x(max))
            ? `<text x="${width - right}" y="20" text-anchor="end" class="axis-label">${escape(new Date(max).toISOString().slice(0, 10))}</text>`
            : '',
        ].join('')
      : '';
  const nowLine =
    now !== undefined && events.length > 0
      ? `<line x1="${x(now).toFixed(1)}" x2="${x(now).toFixed(1)}" y1="26" y2="${y}" class="now-line"/><text x="${x(now).toFixed(1)}" y="${y + 16}" text-anchor="middle" class="axis-label">now</text>`
      : '';
  const legend = KINDS.map(
    (k, i) =>
      `<g class="mark-${k}"><circle cx="${left + i * 110}" cy="${height - 6}" r="5"/><text x="${left + i * 110 + 10}" y="${height - 2}" class="axis-label">${k}</text></g>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height + 4}" class="timeline-svg" role="img" aria-labelledby="timeline-title"><title id="timeline-title">${escape(title)}</title>${axis}${lanes.join('')}${years.join('')}${nowLine}${marks.join('')}${legend}</svg>`;
  const rows = events
    .map(
      (e) =>
        `<tr data-event="${e.region} ${e.kind} ${escape(e.subject)}"><td data-label="When"><span><time datetime="${new Date(e.at).toISOString()}">${escape(opsMoment(e.at, e.region))}</time><small>${new Date(e.at).toISOString()}</small></span></td><td data-label="Edition">${e.region}</td><td data-label="Kind"><span class="kind kind-${e.kind}">${e.kind}</span></td><td data-label="Item"><span>${escape(e.subject)}</span></td><td data-label="Change"><span>${escape(e.change)}</span></td><td data-label="Preview"><span><a href="${escape(previewLink(base, e, -60_000))}">a minute before</a> · <a href="${escape(previewLink(base, e, 60_000))}">a minute after</a></span></td></tr>`,
    )
    .join('\n');
  const statusPanel = status
    ? `<section class="timeline-status${status.rejected || status.conflicts?.length ? ' is-rejected' : ''}" aria-labelledby="status-heading">
<h2 id="status-heading">Schedule in force</h2>
<p data-status="in-force">${escape(status.inForce)}</p>
${
  status.rejected
    ? `<div class="timeline-alert" role="alert" data-status="rejected"><p><strong>${escape(status.rejected.summary)}</strong></p><ul>${status.rejected.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul></div>`
    : ''
}
${
  status.conflicts?.length
    ? `<div class="timeline-alert" role="alert" data-status="conflicts"><h3>Dated words that contradict their windows (${status.conflicts.length})</h3><p>A push of this schedule would be refused until they agree.</p><ul>${status.conflicts.map((w) => `<li>${escape(w)}</li>`).join('')}</ul></div>`
    : ''
}
${
  status.warnings?.length
    ? `<div class="timeline-warnings" data-status="warnings"><h3>Contradictions (${status.warnings.length})</h3><ul>${status.warnings.map((w) => `<li>${escape(w)}</li>`).join('')}</ul></div>`
    : '<p class="timeline-ok" data-status="no-warnings">No contradictions between one edition&#39;s campaigns.</p>'
}
</section>`
    : '';
  const style = stylesheet ? `<link rel="stylesheet" href="${escape(stylesheet)}">` : css ? `<style>${css}</style>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>${style}</head>
<body class="ops-timeline">
<main>
<h1>${escape(title)}</h1>
<p class="timeline-lede">${events.length} dated changes${now !== undefined ? `; now is ${new Date(now).toISOString()}` : ''}. Each mark and row links to a preview of the site around it.</p>
${statusPanel}
<figure class="timeline-picture">${svg}</figure>
<table class="timeline-table">
<caption>Changes in time order</caption>
<thead><tr><th scope="col">When (the edition's own time, and UTC)</th><th scope="col">Edition</th><th scope="col">Kind</th><th scope="col">Item</th><th scope="col">Change</th><th scope="col">Preview</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`;
}
