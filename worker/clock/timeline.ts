/**
 * The ops timeline: every dated change of every edition — campaign stages, pages opening
 * and closing (route windows), text banners, nav entries and home tiles showing and hiding —
 * in time order, from one schedule. It evaluates the same rules the pages use
 * (`itemShown`, `pageLive`, `stageIn`) just before and at each boundary, so it shows what the
 * site will do, not a second reading of the dates. `npm run ops -- timeline` prints it; the
 * picture of it is worker/pages/campaign/timeline-view.ts.
 */
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import { SECTION1, SECTION2 } from '../../content/home';
import { PACKS } from '../../content/packs';
import { PAGES, findPage, pageExists } from '../../content/pages';
import { CAMPAIGN_NAMES } from '../../content/schedule';
import type { NavItem } from '../../content/schema/region-pack';
import { CAMPAIGN_IDS, type CampaignId } from '../../content/schema/schedule';
import { editionPath } from '../../kernel/paths';
import { itemShown, pageLive, stageIn, thresholdsOf, type ScheduleLike } from './stage';

/** What a timeline entry is about. */
export type TimelineKind = 'stage' | 'page' | 'banner' | 'nav' | 'tile';

/** One change at one moment in one edition. */
export interface TimelineEvent {
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
