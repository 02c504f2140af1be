/**
 * The schedule as an ops document (docs/decisions/0029, 0061): its check, the worker's rule
 * for what is in force, a file merged over it entry by entry, and what a change means for
 * visitors — stage thresholds, page windows and dated words in each edition's own time, the
 * pages a push takes off, two campaign pages of an edition live at once, a stage moved into
 * the past, dated words that contradict their windows.
 */
import { REGIONS, type Region } from '../../content/editions';
import { PAGES } from '../../content/pages';
import { CAMPAIGN_NAMES, DEFAULT_SCHEDULE } from '../../content/schedule';
import { CAMPAIGN_IDS, type CampaignId, type Schedule } from '../../content/schema/schedule';
import { editionPath } from '../../kernel/paths';
import { scheduleInForce } from '../../worker/bundle/in-force';
import { campaignsIn, datedIds, windowIds } from '../../worker/clock/catalog';
import { checkSchedule, contradictions, datedConflicts, opsMoment, overlappingPages, overlapWords, problemLine } from '../../worker/clock/check';
import { datedIn } from '../../worker/clock/dated';
import { mergeSchedule } from '../../worker/clock/merge';
import { pageLive, thresholdsOf, windowOf } from '../../worker/clock/stage';
import type { DocumentKind } from '../versioned/kind';

/** The document without its meta (what ops wrote). */
function withoutMeta(document: Schedule): Schedule {
  const { meta: _meta, ...rest } = document;
  return rest;
}

/** The schedule in force with a document over the bundled one (none: the bundled one). */
export const inForce = (document: Schedule | null) => mergeSchedule(DEFAULT_SCHEDULE, document);

/** A schedule entry of a document, named by its path: `campaigns.black-friday.de`, `windows.route:black-friday@de`. */
function entries(document: Schedule): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [r, v] of Object.entries(document.stages)) out.set(`stages.${r}`, v);
  for (const [c, regions] of Object.entries(document.campaigns)) for (const [r, v] of Object.entries(regions ?? {})) out.set(`campaigns.${c}.${r}`, v);
  for (const [id, v] of Object.entries(document.windows)) out.set(`windows.${id}`, v);
  for (const [id, v] of Object.entries(document.dates ?? {})) out.set(`dates.${id}`, v);
  return out;
}

/**
 * Merges a document over the one in force, entry by entry: a region's stages, a campaign's
 * thresholds in one region, a window, a dated word. A plain id (`route:black-friday`) stands
 * for every region, so it replaces the document's `id@region` entries too. `replaced` names
 * the entries of the old document the new one changes or shadows.
 */
function mergeDocuments(current: Schedule | null, next: Schedule): { document: Schedule; replaced: string[] } {
  const base = current ? withoutMeta(current) : { stages: {}, campaigns: {}, windows: {} };
  const replaced: string[] = [];
  const old = entries(base as Schedule);
  const incoming = entries(next);
  const campaigns: Schedule['campaigns'] = {};
  for (const id of CAMPAIGN_IDS) {
    const merged = { ...base.campaigns?.[id], ...next.campaigns[id] };
    if (Object.keys(merged).length) campaigns[id] = merged;
  }
  const overlay = <T>(a: Record<string, T>, b: Record<string, T>, section: string) => {
    const out = { ...a };
    for (const id of Object.keys(b)) {
      if (id.includes('@')) continue;
      for (const key of Object.keys(out)) {
        if (key.startsWith(`${id}@`)) {
          delete out[key];
          replaced.push(`${section}.${key}`);
        }
      }
    }
    return { ...out, ...b };
  };
  for (const path of incoming.keys()) if (old.has(path) && JSON.stringify(old.get(path)) !== JSON.stringify(incoming.get(path))) replaced.push(path);
  const dates = overlay(base.dates ?? {}, next.dates ?? {}, 'dates');
  const document: Schedule = {
    stages: { ...base.stages, ...next.stages },
    campaigns,
    windows: overlay(base.windows ?? {}, next.windows, 'windows'),
    ...(Object.keys(dates).length ? { dates } : {}),
  };
  return { document, replaced };
}

const campaignName = (c: CampaignId) => CAMPAIGN_NAMES[c].name;

/** A window id in words: `Black Friday page (route:black-friday)` for a campaign's route, else the id. */
function windowName(id: string): string {
  const campaign = CAMPAIGN_IDS.find((c) => id === `route:${c}`);
  return campaign ? `${campaignName(campaign)} page (${id})` : id;
}

/** The thresholds an edition counts, each with its words: every campaign it runs, and its promotion stages when no campaign counts them. */
function stageLists(schedule: Schedule, region: Region): { label: (i: number) => string; list: readonly string[] }[] {
  const campaigns = campaignsIn(region);
  const lists = campaigns.map((campaign) => ({
    label: (i: number) => `${region} ${campaignName(campaign)} stage ${i + 1}`,
    list: thresholdsOf(schedule, region, campaign),
    names: CAMPAIGN_NAMES[campaign].stages,
  }));
  if (!campaigns.includes('back-to-school')) lists.push({ label: (i) => `${region} promotion stage ${i + 1}`, list: schedule.stages[region] ?? [], names: [] });
  return lists.map(({ label, list, names }) => ({ label: (i: number) => `${label(i)}${names[i] ? ` (${names[i]})` : ''}`, list }));
}

/**
 * What changes between two schedules in force, entry by entry, in words and in each
 * edition's own time: `de Black Friday stage 2: 29 Nov 2024 00:00 CET → 27 Nov 2026 00:00 CET`.
 */
function describeChanges(before: Schedule, after: Schedule): string[] {
  const lines: string[] = [];
  const at = (ms: number | undefined, region: Region) => (ms === undefined ? 'none' : opsMoment(ms, region));
  const change = (label: string, a: string, b: string) => {
    if (a !== b) lines.push(`${label}: ${a} → ${b}`);
  };
  for (const region of REGIONS) {
    const campaigns = campaignsIn(region);
    for (const campaign of campaigns) {
      const [a, b] = [thresholdsOf(before, region, campaign), thresholdsOf(after, region, campaign)];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const label = `${region} ${campaignName(campaign)} stage ${i + 1}`;
        change(label, at(a[i] ? Date.parse(a[i]!) : undefined, region), at(b[i] ? Date.parse(b[i]!) : undefined, region));
      }
    }
    if (!campaigns.includes('back-to-school')) {
      const [a, b] = [before.stages[region] ?? [], after.stages[region] ?? []];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        change(`${region} promotion stage ${i + 1}`, at(a[i] ? Date.parse(a[i]!) : undefined, region), at(b[i] ? Date.parse(b[i]!) : undefined, region));
      }
    }
    for (const [id, regions] of windowIds()) {
      if (!regions.has(region)) continue;
      const [a, b] = [windowOf(before, id, region), windowOf(after, id, region)];
      const name = `${region} ${windowName(id)}`;
      change(`${name} opens`, at(a?.startTime ? Date.parse(a.startTime) : undefined, region), at(b?.startTime ? Date.parse(b.startTime) : undefined, region));
      change(`${name} closes`, at(a?.endTime ? Date.parse(a.endTime) : undefined, region), at(b?.endTime ? Date.parse(b.endTime) : undefined, region));
      const rest = (w: typeof a) => JSON.stringify({ campaign: w?.campaign, stage: w?.stage, stages: w?.stages });
      if (rest(a) !== rest(b)) change(`${name} counts`, rest(a), rest(b));
    }
    for (const [id, regions] of datedIds()) {
      if (!regions.has(region)) continue;
      const day = (s: Schedule) => {
        const d = datedIn(s, id, region);
        if (!d) return 'none';
        const f = d.figure;
        const words = (options: Intl.DateTimeFormatOptions) =>
          new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(Date.UTC(d.day.year, d.day.month - 1, d.day.day));
        return 'date' in f
          ? words({ day: 'numeric', month: 'short', year: 'numeric' })
          : 'month' in f
            ? words({ month: 'short', year: 'numeric' })
            : 'quarter' in f
              ? `Q${f.quarter} ${f.year}`
              : `late fall ${f.year}`;
      };
      change(`${region} ${id}`, day(before), day(after));
    }
  }
  return lines;
}

/** A page's window in words: `16 Nov 2026 00:00 CET → 2 Dec 2026 00:00 CET`. */
function windowWords(schedule: Schedule, id: string, region: Region): string {
  const w = windowOf(schedule, id, region);
  const at = (iso: string | undefined) => (iso ? opsMoment(Date.parse(iso), region) : 'open');
  return `${at(w?.startTime)} → ${at(w?.endTime)}`;
}

/**
 * What a change does at `now` that ops must say yes to: a page live now that would not be
 * (its window ending before now, opening later, or its campaign's stage no longer counting),
 * two campaign pages of one edition that would be live at once, a stage still to come moved
 * into the past. Each line names the edition, the page or stage, and the moments.
 */
function scheduleRisks(before: Schedule, after: Schedule, now: number): string[] {
  const lines: string[] = [];
  for (const page of PAGES) {
    if (!page.window) continue;
    for (const region of page.regions) {
      if (!pageLive(page, before, region, now) || pageLive(page, after, region, now)) continue;
      lines.push(
        `takes ${editionPath(region, `/${page.slug}`)} off now: its window ${windowWords(before, page.window, region)} becomes ${windowWords(after, page.window, region)}`,
      );
    }
  }
  for (const region of REGIONS) {
    const was = new Set(overlappingPages(before, region).map((o) => `${o.first.campaign}/${o.second.campaign}`));
    for (const overlap of overlappingPages(after, region)) {
      if (!was.has(`${overlap.first.campaign}/${overlap.second.campaign}`))
        lines.push(`puts two ${region} campaign pages live at once: ${overlapWords(overlap)}`);
    }
    const [a, b] = [stageLists(before, region), stageLists(after, region)];
    b.forEach(({ label, list }, k) => {
      list.forEach((t, i) => {
        const old = a[k]?.list[i];
        const [then, moved] = [old === undefined ? undefined : Date.parse(old), Date.parse(t)];
        if (moved < now && (then === undefined || then >= now)) {
          lines.push(`moves ${label(i)} into the past: ${then === undefined ? 'none' : opsMoment(then, region)} → ${opsMoment(moved, region)}`);
        }
      });
    });
  }
  return lines;
}

/** An entry a push drops, in words, and what takes its place (the bundled entry, when there is one). */
function dropWords(path: string): string {
  const bundled = entries(DEFAULT_SCHEDULE);
  const [section, ...rest] = path.split('.');
  const id = rest.join('.');
  const plain = id.includes('@') ? id.slice(0, id.lastIndexOf('@')) : id;
  const comesBack = bundled.has(path) || bundled.has(`${section}.${plain}`) ? 'the bundled one comes back' : 'nothing takes its place';
  switch (section) {
    case 'stages':
      return `${id} promotion stage thresholds (${comesBack})`;
    case 'campaigns': {
      const [campaign, region] = id.split('.') as [CampaignId, string];
      return `${region} ${CAMPAIGN_NAMES[campaign]?.name ?? campaign} stage thresholds (${comesBack})`;
    }
    case 'windows':
      return `${id.includes('@') ? `${id.slice(id.lastIndexOf('@') + 1)} ` : ''}${windowName(plain)} window (${comesBack})`;
    default:
      return `the dated word ${id} (${comesBack})`;
  }
}

/** The schedule as an ops document kind (ops/versioned/kind.ts). */
export const SCHEDULE: DocumentKind<Schedule> = {
  name: 'schedule',
  bundled: 'the bundled schedule (content/schedule.ts)',
  inForce: scheduleInForce,
  check(json) {
    const checked = checkSchedule(json);
    return checked.schedule ? { document: withoutMeta(checked.schedule), errors: [] } : { errors: checked.errors.map(problemLine) };
  },
  withoutMeta,
  withMeta: (document, meta) => ({ ...withoutMeta(document), meta }),
  empty: () => ({ stages: {}, campaigns: {}, windows: {} }),
  entries,
  merge: mergeDocuments,
  changes: (before, after) => describeChanges(inForce(before), inForce(after)),
  dropWords,
  risks: (before, after, now) => scheduleRisks(inForce(before), inForce(after), now),
  conflicts: (after) => datedConflicts(inForce(after)).map(problemLine),
  warnings: (after) => contradictions(inForce(after)).map(problemLine),
  whole: (document) => inForce(document),
};
