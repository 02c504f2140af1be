/**
 * The schedule check (docs/decisions/0029): every mistake in a schedule document named once,
 * in words, with what to write instead. The same messages reach ops from
 * `npm run ops -- schedule check|diff|push`, the worker's log and /__timeline when KV holds a
 * rejected document. Errors reject the document; warnings (contradictions between one
 * edition's campaigns) do not.
 */
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import { CAMPAIGN_NAMES } from '../../content/schedule';
import { CAMPAIGN_IDS, Schedule, type CampaignId } from '../../content/schema/schedule';
import { addDays, daysInMonth, localParts, offsetMinutes, zonedTime } from './calendar';
import { campaignRegions, campaignsIn, datedIds, windowIds } from './catalog';
import { datedIn, type Dated } from './dated';
import { windowOf, thresholdsOf } from './stage';

/** One thing wrong (or contradictory) in a document, where it is. */
export interface Problem {
  /** `campaigns.black-friday.de[1]`, `windows.route:black-friday@de.endTime`; '' for the document. */
  path: string;
  message: string;
}

/** What the check found: the parsed document when it has no error. */
export interface CheckResult {
  schedule?: Schedule;
  errors: Problem[];
}

const SECTIONS = ['stages', 'campaigns', 'windows', 'dates', 'meta'] as const;
const WINDOW_FIELDS = ['campaign', 'startTime', 'endTime', 'stage', 'stages'] as const;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** What people write for a window's fields, and the field they mean. */
const FIELD_ALIASES: Record<string, string> = {
  start: 'startTime',
  startDate: 'startTime',
  from: 'startTime',
  end: 'endTime',
  endDate: 'endTime',
  to: 'endTime',
  until: 'endTime',
};
/** What people write for a region, and the region they mean. */
const REGION_ALIASES: Record<string, Region> = { gb: 'uk', en: 'us', ja: 'jp', ko: 'kr', zh: 'cn', eur: 'eu' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const quote = (v: unknown) => JSON.stringify(v);
const list = (items: readonly string[]) => items.join(', ');

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** The closest of some names to a typo, when one is close enough to be meant (also the deploy's options: scripts/release/release.ts). */
export function closest(typo: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of names) {
    const d = distance(typo.toLowerCase(), name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(typo.length / 4)) ? best : undefined;
}

const didYouMean = (name: string | undefined) => (name ? `: did you mean ${quote(name)}?` : '');

/** An instant for ops, in an edition's own time: `29 Nov 2024 00:00 CET`. */
export function opsMoment(ms: number, region: Region): string {
  const timeZone = EDITIONS[region].timeZone;
  // Zone abbreviations read best in the zone's own English: EST in en-US, CET in en-GB.
  const locale = timeZone.startsWith('America/') ? 'en-US' : 'en-GB';
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')} ${get('hour')}:${get('minute')} ${get('timeZoneName')}`;
}

/** A region's UTC offset at a wall-clock moment, as written in ISO 8601 (`+01:00`). */
function offsetAt(region: Region, y: number, m: number, d: number, h: number, min: number): string {
  const zone = EDITIONS[region].timeZone;
  const minutes = offsetMinutes(zone, zonedTime({ year: y, month: m, day: d }, zone, h, min));
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** "there is no 31 November", "there is no month 13", or undefined for a real day. */
function calendarProblem(y: number, m: number, d?: number): string | undefined {
  if (m < 1 || m > 12) return `there is no month ${m}`;
  if (d === undefined) return undefined;
  if (d < 1) return `there is no day ${d}`;
  if (d > daysInMonth(y, m)) {
    return m === 2 && d === 29 ? `there is no 29 February ${y} (${y} is not a leap year)` : `there is no ${d} ${MONTHS[m - 1]}`;
  }
  return undefined;
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * What is wrong with a written instant, or undefined: not a date, an impossible calendar
 * date, a day without a time, no UTC offset (explained with an example in the edition's own
 * offset). `region` is the edition it is for, when one.
 */
function instantProblem(value: unknown, region: Region | undefined): string | undefined {
  const example = (y: number, m: number, d: number, h = 0, min = 0) => {
    const stamp = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}:00`;
    const regions: Region[] = region ? [region] : ['us', 'de'];
    return regions.map((r) => `${stamp}${offsetAt(r, y, m, d, h, min)} (${r}, ${EDITIONS[r].timeZone})`).join(' or ');
  };
  if (typeof value !== 'string') return `${quote(value)} is not a date and time: write an ISO instant with its UTC offset, e.g. ${example(2026, 11, 27)}`;
  const day = DAY.exec(value);
  if (day) {
    const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
    const wrong = calendarProblem(y, m, d);
    if (wrong) return `${quote(value)} is not a date: ${wrong}`;
    return `${quote(value)} is a day without a time of day: write the moment it starts, e.g. ${example(y, m, d)}`;
  }
  const match = INSTANT.exec(value);
  if (!match) return `${quote(value)} is not a date and time: write an ISO instant with its UTC offset, e.g. ${example(2026, 11, 27)}`;
  const [y, m, d, h, min] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const wrong = calendarProblem(y, m, d) ?? (h > 23 ? `there is no hour ${h}` : min > 59 ? `there is no minute ${min}` : undefined);
  if (wrong) return `${quote(value)} is not a date: ${wrong}`;
  const offset = match[7];
  if (offset === undefined) {
    return `${quote(value)} has no UTC offset, so it is a different moment in every edition: add the edition's, e.g. ${example(y, m, d, h, min)}`;
  }
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(4)) > 59))
    return `${quote(value)} has an offset no place has (${offset}): offsets run from -12:00 to +14:00`;
  return undefined;
}

/** What is wrong with a dated word (`2025-01-20`, `2025-08`, `2025-Q4`, `2023-late-fall`, or counted from a stage), or undefined. */
function datedProblem(value: unknown): string | undefined {
  const forms = 'write a day 2025-01-20, a month 2025-08, a quarter 2025-Q4, a season 2023-late-fall, or {"after": "black-friday", "stage": 2, "days": 52}';
  if (isObject(value)) {
    const extra = Object.keys(value).filter((k) => !['after', 'stage', 'days'].includes(k));
    if (extra.length)
      return `${quote(extra[0])} is not a field of a counted date${didYouMean(closest(extra[0]!, ['after', 'stage', 'days']))} (it has after, stage and days)`;
    if (typeof value.after !== 'string' || !(CAMPAIGN_IDS as readonly string[]).includes(value.after)) return campaignProblem(value.after);
    const stages = CAMPAIGN_NAMES[value.after as CampaignId].stages.length;
    if (!Number.isInteger(value.stage) || (value.stage as number) < 1 || (value.stage as number) > stages) {
      return `${value.after} has ${stages} stage${stages > 1 ? 's' : ''} (${list(CAMPAIGN_NAMES[value.after as CampaignId].stages)}): "stage" is 1${stages > 1 ? ` to ${stages}` : ''}, not ${quote(value.stage)}`;
    }
    if (!Number.isInteger(value.days)) return `"days" is a whole number of days after the stage starts (0 for that day), not ${quote(value.days)}`;
    return undefined;
  }
  if (typeof value !== 'string') return `${quote(value)} is not a date: ${forms}`;
  const m = /^(\d{4})-(?:(\d{2})(?:-(\d{2}))?|Q(\d)|([a-z-]+))$/.exec(value);
  if (!m) return `${quote(value)} is not a date: ${forms}`;
  const y = Number(m[1]);
  if (m[2] !== undefined) {
    const wrong = calendarProblem(y, Number(m[2]), m[3] === undefined ? undefined : Number(m[3]));
    return wrong ? `${quote(value)} is not a date: ${wrong}` : undefined;
  }
  if (m[4] !== undefined)
    return Number(m[4]) >= 1 && Number(m[4]) <= 4 ? undefined : `${quote(value)} is not a date: there is no quarter ${m[4]} (quarters are Q1 to Q4)`;
  return m[5] === 'late-fall' ? undefined : `${quote(value)} is not a date: the season a date can name is late-fall (2023-late-fall)`;
}

function campaignProblem(name: unknown): string {
  return `${quote(name)} is not a campaign${typeof name === 'string' ? didYouMean(closest(name, CAMPAIGN_IDS)) : ''} (the campaigns are ${list(CAMPAIGN_IDS)})`;
}

function regionProblem(name: string): string {
  const meant = REGION_ALIASES[name.toLowerCase()] ?? closest(name, REGIONS);
  return `${quote(name)} is not a region${didYouMean(meant)} (the regions are ${list(REGIONS)})`;
}

/** `"route:black-friday" is not in the jp edition (it is in us, uk, eu, fr, de)`: the one wording for a real name in the wrong edition. */
function notIn(name: string, region: Region, regions: Iterable<Region>): string {
  return `${quote(name)} is not in the ${region} edition (it is in ${list([...regions])})`;
}

/**
 * An id of `windows` or `dates`: a known id, and when qualified, a region that has it. A typo
 * gets the closest real id, in the same form (`route:black-friday@de`).
 */
function idProblem(key: string, known: ReadonlyMap<string, ReadonlySet<Region>>, what: string): string | undefined {
  const at = key.lastIndexOf('@');
  const id = at >= 0 ? key.slice(0, at) : key;
  const region = at >= 0 ? key.slice(at + 1) : undefined;
  const regions = known.get(id);
  if (!regions) {
    const qualified = [...known].flatMap(([k, rs]) => (region !== undefined ? [...rs].map((r) => `${k}@${r}`) : [k]));
    return `${quote(key)} names no ${what}${didYouMean(closest(key, qualified))}`;
  }
  if (region === undefined) return undefined;
  if (!(REGIONS as readonly string[]).includes(region)) return `${quote(key)}: ${regionProblem(region)}`;
  return regions.has(region as Region) ? undefined : notIn(id, region as Region, regions);
}

/** The region an id is for (`…@de`), if any. */
const regionOfId = (key: string): Region | undefined => {
  const at = key.lastIndexOf('@');
  const r = at >= 0 ? key.slice(at + 1) : undefined;
  return r && (REGIONS as readonly string[]).includes(r) ? (r as Region) : undefined;
};

/** The one edition a plain id belongs to (`banner:de:new-release`), if only one has it. */
function onlyRegion(key: string, known: ReadonlyMap<string, ReadonlySet<Region>>): Region | undefined {
  const regions = known.get(key);
  return regions?.size === 1 ? [...regions][0] : undefined;
}

/** Thresholds of one campaign (or region's stages) in one region: a list, the campaign's count, real instants in stage order. */
function checkThresholds(value: unknown, path: string, region: Region, campaign: CampaignId | undefined, problems: Problem[]): void {
  const names = campaign ? CAMPAIGN_NAMES[campaign].stages : undefined;
  if (!Array.isArray(value)) {
    problems.push({
      path,
      message: `${quote(value)} is not a list of stage thresholds: write one ISO instant per stage, e.g. ["2026-11-16T00:00:00+01:00", …]`,
    });
    return;
  }
  if (names && value.length !== names.length) {
    const who = campaign === 'back-to-school' ? 'Back to School' : campaign;
    problems.push({
      path,
      message: `${who} has ${names.length} stage${names.length > 1 ? 's' : ''} (${list(names)}): ${region} lists ${value.length} threshold${value.length === 1 ? '' : 's'}`,
    });
  }
  // Each instant is checked whatever the count: a wrong count and a wrong date are two mistakes.
  let bad = names !== undefined && value.length !== names.length;
  value.forEach((t, i) => {
    const message = instantProblem(t, region);
    if (message) {
      problems.push({ path: `${path}[${i}]`, message });
      bad = true;
    }
  });
  // The order means something only for a list of the right length whose every instant is real.
  if (bad) return;
  for (let i = 1; i < value.length; i++) {
    const [a, b] = [Date.parse(value[i - 1] as string), Date.parse(value[i] as string)];
    if (b < a) {
      problems.push({
        path: `${path}[${i}]`,
        message: `stage ${i + 1} (${opsMoment(b, region)}) comes before stage ${i} (${opsMoment(a, region)}): thresholds go in stage order`,
      });
      return;
    }
  }
}

function checkWindow(key: string, value: unknown, problems: Problem[]): void {
  const path = `windows.${key}`;
  if (!isObject(value)) {
    problems.push({ path, message: `${quote(value)} is not a window: write {"startTime": …, "endTime": …} (either may be left out)` });
    return;
  }
  const region = regionOfId(key) ?? onlyRegion(key, windowIds());
  for (const field of Object.keys(value)) {
    if (!(WINDOW_FIELDS as readonly string[]).includes(field)) {
      problems.push({
        path: `${path}.${field}`,
        message: `${quote(field)} is not a field of a window${didYouMean(FIELD_ALIASES[field] ?? closest(field, WINDOW_FIELDS))} (a window has ${list(WINDOW_FIELDS)})`,
      });
    }
  }
  if (value.campaign !== undefined && !(CAMPAIGN_IDS as readonly string[]).includes(value.campaign as string)) {
    problems.push({ path: `${path}.campaign`, message: campaignProblem(value.campaign) });
  }
  let bad = false;
  for (const field of ['startTime', 'endTime'] as const) {
    if (value[field] === undefined) continue;
    const message = instantProblem(value[field], region);
    if (message) {
      problems.push({ path: `${path}.${field}`, message });
      bad = true;
    }
  }
  for (const field of ['stage', 'stages'] as const) {
    const v = value[field];
    if (v === undefined) continue;
    const ok = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
    if (!(ok(v) || (Array.isArray(v) && v.length > 0 && v.every(ok)))) {
      problems.push({
        path: `${path}.${field}`,
        message: `${quote(v)} is not a stage: write a stage number (0 before the first threshold) or a list of them, e.g. [1, 2]`,
      });
    }
  }
  if (!bad && typeof value.startTime === 'string' && typeof value.endTime === 'string') {
    const [start, end] = [Date.parse(value.startTime), Date.parse(value.endTime)];
    if (end <= start) {
      const r = region ?? 'us';
      problems.push({ path, message: `it ends (${opsMoment(end, r)}) before it starts (${opsMoment(start, r)})` });
    }
  }
}

/**
 * Checks a schedule document as ops wrote it (or as KV holds it): one error per mistake, each
 * saying what is wrong and what to write. The parsed document comes back when there is none.
 */
export function checkSchedule(json: unknown): CheckResult {
  const errors: Problem[] = [];
  if (!isObject(json)) {
    return { errors: [{ path: '', message: 'a schedule is a JSON object: {"campaigns": {…}, "windows": {…}, "dates": {…}}' }] };
  }
  for (const key of Object.keys(json)) {
    if (!(SECTIONS as readonly string[]).includes(key)) {
      errors.push({
        path: key,
        message: `${quote(key)} is not a section of a schedule${didYouMean(closest(key, SECTIONS))} (a schedule has ${list(SECTIONS)})`,
      });
    }
  }
  const section = (name: (typeof SECTIONS)[number]): Record<string, unknown> | undefined => {
    const value = json[name];
    if (value === undefined) return undefined;
    if (isObject(value)) return value;
    errors.push({ path: name, message: `${quote(value)} is not an object: "${name}" holds entries by name` });
    return undefined;
  };

  for (const [region, list] of Object.entries(section('stages') ?? {})) {
    const path = `stages.${region}`;
    if (!(REGIONS as readonly string[]).includes(region)) errors.push({ path, message: regionProblem(region) });
    // The US promotion stages are Back to School's.
    else checkThresholds(list, path, region as Region, region === 'us' ? 'back-to-school' : undefined, errors);
  }
  for (const [campaign, regions] of Object.entries(section('campaigns') ?? {})) {
    const path = `campaigns.${campaign}`;
    if (!(CAMPAIGN_IDS as readonly string[]).includes(campaign)) {
      errors.push({ path, message: campaignProblem(campaign) });
      continue;
    }
    if (!isObject(regions)) {
      errors.push({ path, message: `${quote(regions)} is not an object: write the thresholds by region, {"de": […]}` });
      continue;
    }
    for (const [region, list] of Object.entries(regions)) {
      const where = `${path}.${region}`;
      if (!(REGIONS as readonly string[]).includes(region)) errors.push({ path: where, message: regionProblem(region) });
      else if (!campaignRegions(campaign as CampaignId).includes(region as Region)) {
        errors.push({ path: where, message: notIn(campaign, region as Region, campaignRegions(campaign as CampaignId)) });
      } else checkThresholds(list, where, region as Region, campaign as CampaignId, errors);
    }
  }
  for (const [key, value] of Object.entries(section('windows') ?? {})) {
    const wrong = idProblem(key, windowIds(), 'window');
    if (wrong) errors.push({ path: `windows.${key}`, message: wrong });
    else checkWindow(key, value, errors);
  }
  for (const [key, value] of Object.entries(section('dates') ?? {})) {
    const wrong = idProblem(key, datedIds(), 'dated word');
    const message = wrong ?? datedProblem(value);
    if (message) errors.push({ path: `dates.${key}`, message });
  }
  if (errors.length) return { errors };
  const parsed = Schedule.safeParse(json);
  if (!parsed.success) {
    // Whatever the checks above did not foresee, in zod's words.
    return { errors: parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) };
  }
  return { schedule: parsed.data, errors: [] };
}

/** A problem as one line: `campaigns.black-friday.de[1]: …`. */
export const problemLine = (p: Problem) => (p.path ? `${p.path}: ${p.message}` : p.message);

/** A campaign's page in one edition as a span of time: its window, else its first and last threshold. */
interface CampaignSpan {
  campaign: CampaignId;
  start: number;
  end: number;
}

/** The campaign pages of an edition as spans of time, where the schedule bounds them. */
function campaignSpans(schedule: Schedule, region: Region): CampaignSpan[] {
  const spans: CampaignSpan[] = [];
  for (const campaign of campaignsIn(region)) {
    const window = windowOf(schedule, `route:${campaign}`, region);
    const thresholds = thresholdsOf(schedule, region, campaign).map((t) => Date.parse(t));
    const start = window?.startTime ? Date.parse(window.startTime) : thresholds[0];
    const end = window?.endTime ? Date.parse(window.endTime) : thresholds[thresholds.length - 1];
    if (start !== undefined && end !== undefined) spans.push({ campaign, start, end });
  }
  return spans;
}

/** Two campaign pages of one edition live at once: the later opens before the earlier closes. */
export interface Overlap {
  region: Region;
  /** The page that opens first, and the one that opens while it is still live. */
  first: CampaignSpan;
  second: CampaignSpan;
}

/** Every pair of an edition's campaign pages whose windows overlap. */
export function overlappingPages(schedule: Schedule, region: Region): Overlap[] {
  const spans = campaignSpans(schedule, region);
  const out: Overlap[] = [];
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length; j++) {
      const [first, second] = spans[i]!.start <= spans[j]!.start ? [spans[i]!, spans[j]!] : [spans[j]!, spans[i]!];
      if (second.start < first.end) out.push({ region, first, second });
    }
  }
  return out;
}

/** `uk Christmas sale opens (1 Dec 2024 00:00 GMT) before Black Friday closes (4 Dec 2024 00:00 GMT)` */
export function overlapWords({ region, first, second }: Overlap): string {
  return `${region} ${CAMPAIGN_NAMES[second.campaign].name} opens (${opsMoment(second.start, region)}) before ${CAMPAIGN_NAMES[first.campaign].name} closes (${opsMoment(first.end, region)})`;
}

/**
 * Contradictions within one edition of a schedule in force (bundled defaults with the document
 * over them): a campaign stage outside its page's window, two campaigns of one edition whose
 * pages overlap or lie more than half a year apart (one moved, the other not). They are
 * warnings: the document still counts. Dated words that contradict their windows are
 * `datedConflicts`.
 */
export function contradictions(schedule: Schedule, regions: readonly Region[] = REGIONS): Problem[] {
  const warnings: Problem[] = [];
  const HALF_YEAR = 183 * 86_400_000;
  for (const region of regions) {
    for (const campaign of campaignsIn(region)) {
      const name = CAMPAIGN_NAMES[campaign];
      const window = windowOf(schedule, `route:${campaign}`, region);
      const start = window?.startTime ? Date.parse(window.startTime) : undefined;
      const end = window?.endTime ? Date.parse(window.endTime) : undefined;
      const thresholds = thresholdsOf(schedule, region, campaign).map((t) => Date.parse(t));
      thresholds.forEach((t, i) => {
        const stage = `${region} ${name.name} stage ${i + 1} (${name.stages[i] ?? ''}, ${opsMoment(t, region)})`;
        // Back to School's last threshold ends the sale: its page is closed by then.
        if (campaign === 'back-to-school' && i === thresholds.length - 1) return;
        if (end !== undefined && t >= end)
          warnings.push({ path: `campaigns.${campaign}.${region}`, message: `${stage} starts after its page closes (${opsMoment(end, region)})` });
        else if (start !== undefined && t < start && i === thresholds.length - 1) {
          warnings.push({ path: `campaigns.${campaign}.${region}`, message: `${stage} is over before its page opens (${opsMoment(start, region)})` });
        }
      });
    }
    const spans = campaignSpans(schedule, region);
    for (let i = 0; i < spans.length; i++) {
      for (let j = i + 1; j < spans.length; j++) {
        const [a, b] = spans[i]!.start <= spans[j]!.start ? [spans[i]!, spans[j]!] : [spans[j]!, spans[i]!];
        const [na, nb] = [CAMPAIGN_NAMES[a.campaign].name, CAMPAIGN_NAMES[b.campaign].name];
        if (b.start - a.end > HALF_YEAR && a.campaign !== 'back-to-school' && b.campaign !== 'back-to-school') {
          // The earlier one is the likely leftover: roll it to the later one's year.
          const year = new Date(b.start).getUTCFullYear();
          warnings.push({
            path: `campaigns.${a.campaign}.${region}`,
            message: `${region} ${na} (${opsMoment(a.start, region)}) and ${nb} (${opsMoment(b.start, region)}) are more than half a year apart: was one moved without the other? (npm run ops -- schedule roll --year ${year} --campaign ${a.campaign} --region ${region})`,
          });
        }
      }
    }
    for (const overlap of overlappingPages(schedule, region)) {
      warnings.push({ path: `windows.route:${overlap.second.campaign}@${region}`, message: `${overlapWords(overlap)}: both pages are live at once` });
    }
  }
  return warnings;
}

/** A dated word's period for ops: `8 Dec 2026`, `Aug 2025`, `Q4 2025`, `late fall 2023`. */
function periodWords({ figure: f, day }: Pick<Dated, 'figure' | 'day'>): string {
  const month = MONTHS[day.month - 1]!.slice(0, 3);
  if ('date' in f) return `${day.day} ${month} ${day.year}`;
  if ('month' in f) return `${month} ${day.year}`;
  return 'quarter' in f ? `Q${f.quarter} ${f.year}` : `late fall ${f.year}`;
}

/** The first day of an edition's calendar that starts at or after an instant, as a schedule writes it (`2026-12-10`). */
function dayFrom(ms: number, region: Region): string {
  const zone = EDITIONS[region].timeZone;
  const local = localParts(ms, zone);
  const day = zonedTime(local, zone) < ms ? addDays(local, 1) : local;
  return `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
}

/** The pre-order timeline's dated words of a product page, in the order they happen. */
const TIMELINE = ['pre-order-opens', 'early-bird', 'pre-order-closes', 'regular-price', 'ships'] as const;

/**
 * Dated words that contradict the window or stage they describe, in a schedule in force: the
 * Black Friday terms against its page (the prize draw closes with the page, so its results
 * cannot come before; extended returns cannot end before the sale does; the first-customers
 * day falls within it), and each product's pre-order timeline against itself and the shipping
 * date that turns its offer from Pre-Order to Buy (a pre-order that closes before it opens, a
 * regular price while pre-orders still run, an early-bird day outside the pre-order, a
 * shipping date that passes while pre-orders still run). `schedule check` and `schedule push`
 * refuse them; the timeline shows them. Each says what to write.
 */
export function datedConflicts(schedule: Schedule, regions: readonly Region[] = REGIONS): Problem[] {
  const conflicts: Problem[] = [];
  for (const region of regions) {
    const blackFriday = campaignSpans(schedule, region).find((s) => s.campaign === 'black-friday');
    if (blackFriday) {
      const [open, close] = [opsMoment(blackFriday.start, region), opsMoment(blackFriday.end, region)];
      const term = (id: string) => ({ path: `dates.${id}@${region}`, dated: datedIn(schedule, id, region) });
      const draw = term('terms:draw-results');
      if (draw.dated && draw.dated.start < blackFriday.end) {
        conflicts.push({
          path: draw.path,
          message: `${region} the prize draw results (before ${periodWords(draw.dated)}) come before the draw closes with the Black Friday page (${close}): write "${draw.path.slice(6)}": "${dayFrom(blackFriday.end, region)}" or later, or close the page by ${opsMoment(draw.dated.start, region)}`,
        });
      }
      const returns = term('terms:returns');
      if (returns.dated && returns.dated.start < blackFriday.end) {
        conflicts.push({
          path: returns.path,
          message: `${region} extended returns (until ${periodWords(returns.dated)}) end before the Black Friday page closes (${close}): write "${returns.path.slice(6)}": "${dayFrom(blackFriday.end, region)}" or later`,
        });
      }
      const first = term('terms:first-customers');
      if (first.dated && (first.dated.start < blackFriday.start || first.dated.start >= blackFriday.end)) {
        conflicts.push({
          path: first.path,
          message: `${region} the first-customers day (${periodWords(first.dated)}) falls outside the Black Friday page (${open} to ${close}): write a day from "${dayFrom(blackFriday.start, region)}" while the page is live`,
        });
      }
    }
    const slugs = new Set<string>();
    for (const [id, where] of datedIds()) {
      const kind = id.slice(0, id.indexOf(':'));
      if ((TIMELINE as readonly string[]).includes(kind) && where.has(region)) slugs.add(id.slice(id.indexOf(':') + 1));
    }
    for (const slug of slugs) {
      const at = Object.fromEntries(TIMELINE.map((kind) => [kind, datedIn(schedule, `${kind}:${slug}`, region)])) as Record<
        (typeof TIMELINE)[number],
        ReturnType<typeof datedIn>
      >;
      const words = (kind: (typeof TIMELINE)[number]) => `${kind}:${slug} (${periodWords(at[kind]!)})`;
      const conflict = (kind: (typeof TIMELINE)[number], message: string) =>
        conflicts.push({ path: `dates.${kind}:${slug}@${region}`, message: `${region} ${message}` });
      const { 'pre-order-opens': opens, 'pre-order-closes': closes, 'regular-price': regular, 'early-bird': early, ships } = at;
      if (opens && closes && closes.start < opens.start)
        conflict('pre-order-closes', `the pre-order closes, ${words('pre-order-closes')}, before it opens, ${words('pre-order-opens')}`);
      else if (closes && regular && regular.start < closes.end)
        conflict('regular-price', `the regular price starts, ${words('regular-price')}, while pre-orders still run, to ${words('pre-order-closes')}`);
      if (early && ((opens && early.start < opens.start) || (closes && early.start >= closes.end)))
        conflict(
          'early-bird',
          `the early-bird day, ${words('early-bird')}, falls outside the pre-order${opens ? `, from ${words('pre-order-opens')}` : ''}${closes ? ` to ${words('pre-order-closes')}` : ''}`,
        );
      if (ships && closes && ships.end < closes.end)
        conflict('ships', `the offer turns from Pre-Order to Buy when ${words('ships')} passes, while pre-orders still run, to ${words('pre-order-closes')}`);
    }
  }
  return conflicts;
}
