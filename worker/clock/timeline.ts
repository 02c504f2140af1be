/**
 * The ops timeline: every dated change of every edition — campaign stages, pages opening
 * and closing (route windows), text banners, nav entries and home tiles showing and hiding —
 * in time order, from one schedule. It evaluates the same rules the pages use
 * (`itemShown`, `pageLive`, `stageIn`) just before and at each boundary, so it shows what the
 * site will do, not a second reading of the dates. `npm run ops -- timeline` prints it and
 * writes it as HTML; `/__timeline` draws it on local and pre-production hosts.
 */
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import { SECTION1, SECTION2 } from '../../content/home';
import { PACKS } from '../../content/packs';
import { PAGES, findPage, pageExists } from '../../content/pages';
import { CAMPAIGN_NAMES } from '../../content/schedule';
import type { NavItem } from '../../content/schema/region-pack';
import { CAMPAIGN_IDS, type CampaignId } from '../../content/schema/schedule';
import { editionPath } from '../../kernel/paths';
import { escapeHtml } from '../html';
import { opsMoment } from './check';
import { itemShown, pageLive, stageIn, thresholdsOf, type ScheduleLike } from './stage';

/** What a timeline entry is about. */
type TimelineKind = 'stage' | 'page' | 'banner' | 'nav' | 'tile';

/** One change at one moment in one edition. */
interface TimelineEvent {
  /** When, ms since epoch. */
  at: number;
  region: Region;
  kind: TimelineKind;
  /** Schedule id or campaign (`route:black-friday`, `banner:us:back-to-school`, `black-friday`). */
  subject: string;
  /** What happens: `opens`/`closes`, `shows`/`hides`, or `stage 2 Black Friday`. */
  change: string;
  /** The edition path to preview around it. */
  path: string;
}

/** What the timeline covers. */
interface TimelineOptions {
  regions?: readonly Region[];
  /** Only events at or after / before these moments (ms). */
  from?: number;
  to?: number;
}

interface Watched {
  kind: Exclude<TimelineKind, 'stage'>;
  subject: string;
  path: string;
  shown: (now: number) => boolean;
}

function flatten(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

/** Everything dated in one edition, each with the rule the site uses to show it. */
function watched(schedule: ScheduleLike, region: Region): Watched[] {
  const linked = (link: string | undefined) => (link?.startsWith('/') ? findPage(link.slice(1)) : undefined);
  const dated = (item: { id?: string; link?: string }) => item.id !== undefined || linked(item.link)?.window !== undefined;
  const exists = (link: string | undefined) => !link?.startsWith('/') || pageExists(link.slice(1), region);
  const out: Watched[] = [];
  for (const page of PAGES) {
    if (!page.window || !page.regions.includes(region)) continue;
    out.push({ kind: 'page', subject: page.window, path: editionPath(region, `/${page.slug}`), shown: (now) => pageLive(page, schedule, region, now) });
  }
  const pack = PACKS[region];
  for (const banner of pack.textBanner) {
    if (!exists(banner.link)) continue;
    out.push({
      kind: 'banner',
      subject: banner.id,
      path: editionPath(region, '/'),
      shown: (now) => itemShown(banner, schedule, region, now, linked(banner.link)),
    });
  }
  const seen = new Set<string>();
  for (const item of flatten(pack.navs)) {
    if (!dated(item) || !exists(item.link)) continue;
    const subject = item.id ?? `nav:${item.link}`;
    if (seen.has(subject)) continue;
    seen.add(subject);
    out.push({ kind: 'nav', subject, path: editionPath(region, '/'), shown: (now) => itemShown(item, schedule, region, now, linked(item.link)) });
  }
  for (const tile of [...SECTION1, ...SECTION2]) {
    if (!dated(tile) || !exists(tile.link)) continue;
    out.push({
      kind: 'tile',
      subject: tile.id ?? `home:${tile.key}`,
      path: editionPath(region, '/'),
      shown: (now) => itemShown(tile, schedule, region, now, linked(tile.link)),
    });
  }
  return out;
}

/** Every instant the schedule names for an edition: stage thresholds and window edges. */
function boundaries(schedule: ScheduleLike, region: Region): number[] {
  const times = new Set<number>();
  for (const t of schedule.stages[region] ?? []) times.add(Date.parse(t));
  for (const campaign of CAMPAIGN_IDS) for (const t of thresholdsOf(schedule, region, campaign)) times.add(Date.parse(t));
  for (const [id, window] of Object.entries(schedule.windows)) {
    const at = id.lastIndexOf('@');
    if (at >= 0 && id.slice(at + 1) !== region) continue;
    if (window.startTime) times.add(Date.parse(window.startTime));
    if (window.endTime) times.add(Date.parse(window.endTime));
  }
  return [...times].sort((a, b) => a - b);
}

/** The campaigns an edition runs: those with a page there. */
function campaignsOf(region: Region): CampaignId[] {
  return CAMPAIGN_IDS.filter((id) => findPage(id)?.regions.includes(region));
}

/** The timeline of a schedule, in time order (then region, then kind). */
export function timeline(schedule: ScheduleLike, options: TimelineOptions = {}): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const region of options.regions ?? REGIONS) {
    const items = watched(schedule, region);
    const campaigns = campaignsOf(region);
    for (const at of boundaries(schedule, region)) {
      for (const campaign of campaigns) {
        const before = stageIn(schedule, region, at - 1, campaign);
        const after = stageIn(schedule, region, at, campaign);
        if (before !== after) {
          const name = CAMPAIGN_NAMES[campaign].stages[after - 1] ?? '';
          events.push({
            at,
            region,
            kind: 'stage',
            subject: campaign,
            change: `stage ${after}${name ? ` ${name}` : ''}`,
            path: editionPath(region, `/${campaign}`),
          });
        }
      }
      for (const item of items) {
        const before = item.shown(at - 1);
        const after = item.shown(at);
        if (before === after) continue;
        const change = item.kind === 'page' ? (after ? 'opens' : 'closes') : after ? 'shows' : 'hides';
        events.push({ at, region, kind: item.kind, subject: item.subject, change, path: item.path });
      }
    }
  }
  const order: TimelineKind[] = ['stage', 'page', 'banner', 'nav', 'tile'];
  return events
    .filter((e) => (options.from === undefined || e.at >= options.from) && (options.to === undefined || e.at <= options.to))
    .sort((a, b) => a.at - b.at || REGIONS.indexOf(a.region) - REGIONS.indexOf(b.region) || order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** An instant in an edition's own time: `2024-11-18 00:00 (America/New_York)`. */
function localTime(region: Region, ms: number): string {
  const zone = EDITIONS[region].timeZone;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} (${zone})`;
}

/** The timeline as text, one line per change. */
export function timelineText(events: readonly TimelineEvent[]): string {
  if (events.length === 0) return 'No dated changes in this range.\n';
  return `${events
    .map((e) =>
      [new Date(e.at).toISOString(), e.region.padEnd(2), e.kind.padEnd(6), e.subject.padEnd(28), e.change.padEnd(30), localTime(e.region, e.at)].join('  '),
    )
    .join('\n')}\n`;
}

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
 * document and why, contradictions), an SVG with a lane per edition and a mark per change
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
    ? `<section class="timeline-status${status.rejected ? ' is-rejected' : ''}" aria-labelledby="status-heading">
<h2 id="status-heading">Schedule in force</h2>
<p data-status="in-force">${escape(status.inForce)}</p>
${
  status.rejected
    ? `<div class="timeline-alert" role="alert" data-status="rejected"><p><strong>${escape(status.rejected.summary)}</strong></p><ul>${status.rejected.problems.map((p) => `<li>${escape(p)}</li>`).join('')}</ul></div>`
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
