/**
 * The schedule as reviewed, versioned edits (docs/decisions/0029): where a KV namespace is
 * (local, pre-production or production, through wrangler's `--env`), what is in force there,
 * a document merged entry by entry over the one in force (or replacing it, naming what it
 * drops), the differences in words, and the last versions kept for a rollback.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { REGIONS, type Region } from '../content/editions';
import { CAMPAIGN_NAMES, DEFAULT_SCHEDULE } from '../content/schedule';
import { CAMPAIGN_IDS, type Schedule, type ScheduleMeta } from '../content/schema/schedule';
import { SCHEDULE_KEY } from '../worker/bundle/store';
import { campaignsIn, datedIds, windowIds } from '../worker/clock/catalog';
import { checkSchedule, opsMoment, problemLine } from '../worker/clock/check';
import { datedIn } from '../worker/clock/dated';
import { mergeSchedule } from '../worker/clock/merge';
import { thresholdsOf, windowOf } from '../worker/clock/stage';

const root = join(import.meta.dirname, '..');
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');

/** KV key of the pushed versions: the last `HISTORY_LENGTH`, oldest first. */
const HISTORY_KEY = 'schedule:history';
/** How many pushed versions KV keeps for a rollback. */
export const HISTORY_LENGTH = 10;

/** A KV namespace the ops command reads and writes. */
export interface KvTarget {
  /** Local state (wrangler's, or `persistTo`) rather than Cloudflare's. */
  local: boolean;
  /** wrangler.toml's environment: preprod, or the top level (production). */
  env: 'preprod' | 'production';
  persistTo?: string;
}

/** `local KV`, `local KV (preprod's namespace)`, `pre-production KV`, `production KV`. */
export const targetName = (t: KvTarget) =>
  t.local ? `local KV${t.env === 'preprod' ? " (preprod's namespace)" : ''}` : `${t.env === 'preprod' ? 'pre-production' : 'production'} KV`;

/**
 * The namespace flags say: `--local` (the default), `--remote` (production), `--env preprod|production`
 * (Cloudflare's, unless `--local` is also given: that environment's local state), `--persist-to DIR`.
 */
export function targetOf(flag: (name: string) => string | undefined, has: (name: string) => boolean): KvTarget {
  const env = flag('env');
  if (env !== undefined && env !== 'preprod' && env !== 'production') throw new Error(`--env is preprod or production, not "${env}"`);
  const remote = has('remote') || (env !== undefined && !has('local'));
  if (remote && has('local')) throw new Error('--local and --remote name different places: give one');
  const persistTo = flag('persist-to');
  return { local: !remote, env: env === 'preprod' ? 'preprod' : 'production', ...(persistTo ? { persistTo } : {}) };
}

/** wrangler's flags for a namespace: the CONTENT binding of the environment, local or remote. */
function wranglerFlags(t: KvTarget): string[] {
  return [
    '--binding',
    'CONTENT',
    ...(t.env === 'preprod' ? ['--env', 'preprod'] : []),
    ...(t.local ? ['--local', ...(t.persistTo ? ['--persist-to', t.persistTo] : [])] : ['--remote']),
  ];
}

function run(args: string[]): string {
  return execFileSync(process.execPath, [wrangler, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Reads keys in one wrangler call: each key's text, or null. */
function getKeys(t: KvTarget, keys: string[]): Record<string, string | null> {
  const dir = mkdtempSync(join(tmpdir(), 'ops-kv-'));
  try {
    writeFileSync(join(dir, 'keys.json'), JSON.stringify(keys));
    const out = run(['kv', 'bulk', 'get', join(dir, 'keys.json'), ...wranglerFlags(t)]);
    const json = JSON.parse(out.slice(out.indexOf('{'), out.lastIndexOf('}') + 1)) as Record<string, { value: string | null } | null>;
    return Object.fromEntries(keys.map((k) => [k, json[k]?.value ?? null]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes keys in one wrangler call. */
function putKeys(t: KvTarget, entries: Record<string, string>): void {
  const dir = mkdtempSync(join(tmpdir(), 'ops-kv-'));
  try {
    writeFileSync(join(dir, 'put.json'), JSON.stringify(Object.entries(entries).map(([key, value]) => ({ key, value }))));
    run(['kv', 'bulk', 'put', join(dir, 'put.json'), ...wranglerFlags(t)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One pushed version: who, when, what. */
interface Version {
  meta: ScheduleMeta;
  document: Schedule;
}

/** What a namespace holds: the document in force (or none) and the versions kept. */
export interface KvState {
  /** The document as KV holds it, parsed when it passes the check. */
  document: Schedule | null;
  /** Why KV's document does not count, when it does not. */
  refused?: string[];
  history: Version[];
}

/** Reads a namespace's schedule document and its versions. */
export function readState(t: KvTarget): KvState {
  const values = getKeys(t, [SCHEDULE_KEY, HISTORY_KEY]);
  let history: Version[] = [];
  try {
    history = values[HISTORY_KEY] ? (JSON.parse(values[HISTORY_KEY]) as Version[]) : [];
  } catch {
    history = [];
  }
  const text = values[SCHEDULE_KEY];
  if (text === null || text === undefined) return { document: null, history };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { document: null, refused: [`not JSON: ${(error as Error).message}`], history };
  }
  const checked = checkSchedule(json);
  return checked.schedule ? { document: checked.schedule, history } : { document: null, refused: checked.errors.map(problemLine), history };
}

/** Who is pushing: `--by`, else git's user.email, else the login name. */
export function whoIsPushing(by: string | undefined): string {
  if (by) return by;
  try {
    const email = execFileSync('git', ['config', 'user.email'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (email) return email;
  } catch {
    // No git, or no user configured.
  }
  return userInfo().username;
}

/** The document without its meta (what ops wrote). */
export function withoutMeta(document: Schedule): Schedule {
  const { meta: _meta, ...rest } = document;
  return rest;
}

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
export function mergeDocuments(current: Schedule | null, next: Schedule): { document: Schedule; replaced: string[] } {
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

/** The entries a replacing push drops: in the document in force, absent from the new one. */
export function droppedBy(current: Schedule | null, next: Schedule): string[] {
  if (!current) return [];
  const incoming = entries(next);
  return [...entries(current).keys()].filter((path) => !incoming.has(path));
}

const campaignName = (c: keyof typeof CAMPAIGN_NAMES) => CAMPAIGN_NAMES[c].name;

/** A window id in words: `Black Friday page` for a campaign's route, else the id. */
function windowName(id: string): string {
  const campaign = CAMPAIGN_IDS.find((c) => id === `route:${c}`);
  return campaign ? `${campaignName(campaign)} page (${id})` : id;
}

/**
 * What changes between two schedules in force, entry by entry, in words and in each
 * edition's own time: `de Black Friday stage 2: 29 Nov 2024 00:00 CET → 27 Nov 2026 00:00 CET`.
 */
export function describeChanges(before: Schedule, after: Schedule): string[] {
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

/** A checked document from a file's JSON: the document, or every error in words. */
export function checkDocument(json: unknown): { document?: Schedule; errors: string[] } {
  const checked = checkSchedule(json);
  return checked.schedule ? { document: withoutMeta(checked.schedule), errors: [] } : { errors: checked.errors.map(problemLine) };
}

/** The schedule in force with a document (none: the bundled one). */
export const inForce = (document: Schedule | null) => mergeSchedule(DEFAULT_SCHEDULE, document);

/** Writes a new version: the document with its meta, and the versions kept (the last `HISTORY_LENGTH`). */
export function writeVersion(t: KvTarget, state: KvState, document: Schedule, by: string, note: string, now = new Date()): ScheduleMeta {
  const last = Math.max(0, state.document?.meta?.version ?? 0, ...state.history.map((v) => v.meta.version));
  const meta: ScheduleMeta = { version: last + 1, pushedBy: by, pushedAt: now.toISOString(), note };
  const stored = { ...withoutMeta(document), meta };
  const history = [...state.history, { meta, document: withoutMeta(document) }].slice(-HISTORY_LENGTH);
  putKeys(t, { [SCHEDULE_KEY]: JSON.stringify(stored), [HISTORY_KEY]: JSON.stringify(history) });
  return meta;
}

/** `version 3, pushed by ana@example.com at 2026-11-26T10:02:00.000Z (push my-schedule.json)` */
export const versionLine = (meta: ScheduleMeta) =>
  `version ${meta.version}, pushed by ${meta.pushedBy} at ${meta.pushedAt}${meta.note ? ` (${meta.note})` : ''}`;
