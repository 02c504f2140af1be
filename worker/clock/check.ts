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
import { daysInMonth, offsetMinutes, zonedTime } from './calendar';
import { campaignRegions, campaignsIn, datedIds, windowIds } from './catalog';
import { datedIn } from './dated';
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

/**
 * Contradictions within one edition of a schedule in force (bundled defaults with the document
 * over them): a campaign stage outside its page's window, two campaigns of one edition whose
 * pages overlap or lie more than half a year apart (one moved, the other not), a dated term
 * outside its campaign's season. They are warnings: the document still counts.
 */
export function contradictions(schedule: Schedule, regions: readonly Region[] = REGIONS): Problem[] {
  const warnings: Problem[] = [];
  const HALF_YEAR = 183 * 86_400_000;
  for (const region of regions) {
    const spans: { campaign: CampaignId; start: number; end: number }[] = [];
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
      const first = start ?? thresholds[0];
      const last = end ?? thresholds[thresholds.length - 1];
      if (first !== undefined && last !== undefined) spans.push({ campaign, start: first, end: last });
    }
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
        } else if (b.start < a.end) {
          warnings.push({
            path: `windows.route:${b.campaign}@${region}`,
            message: `${region} ${nb} opens (${opsMoment(b.start, region)}) before ${na} closes (${opsMoment(a.end, region)}): both pages are live at once`,
          });
        }
      }
    }
    const blackFriday = spans.find((s) => s.campaign === 'black-friday');
    if (blackFriday) {
      const terms: [string, string, (at: number) => boolean][] = [
        ['terms:first-customers', 'the first-customers day', (at) => at < blackFriday.start || at >= blackFriday.end],
        ['terms:returns', 'extended returns', (at) => at < blackFriday.end],
        ['terms:draw-results', 'the prize draw results', (at) => at < blackFriday.start],
      ];
      for (const [id, what, wrong] of terms) {
        const dated = datedIn(schedule, id, region);
        if (dated && wrong(dated.start)) {
          warnings.push({
            path: `dates.${id}`,
            message: `${region} ${what} (${opsMoment(dated.start, region)}) does not fit Black Friday (${opsMoment(blackFriday.start, region)} to ${opsMoment(blackFriday.end, region)})`,
          });
        }
      }
    }
  }
  return warnings;
}
