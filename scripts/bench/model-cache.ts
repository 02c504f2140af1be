#!/usr/bin/env -S npx tsx
// `npm run model:cache`: a production model of the render cache (decision 0028). It replays one
// day of page requests, generated from stated assumptions (below, printed with the results),
// against the cache's own rules: the page key and lifetime (entryOf), the boundaries module,
// the visitor's label and suggestion (edition/country.ts, edition/suggest.ts), the content
// bundles and schedule the worker serves, the isolate's LRU (PageLru, MEMORY) and the
// stale-while-revalidate bound (STALE_MS). Twice: the rules before (decision 0020: the
// visitor's label and suggestion in the key, at most 30 s, every concurrent miss renders) and
// after (one body per page and moment until its next boundary, one render per key and
// isolate, the previous body while a new version renders). It reports the hit ratio, renders
// per minute and an estimate of CPU time per request.
//
//   npm run model:cache                        the day of the decision record
//   npm run model:cache -- --requests 300000   another volume (page requests in the day)
//   npm run model:cache -- --json              the figures as JSON
//   npm run model:cache -- --sensitivity       and the hit ratio when one assumption changes (minutes)
//
// A model, not a measurement: what it says depends on the assumptions, which is why they are
// printed; the sensitivity table varies the least known (volume, isolate lifetime, colo eviction).
import { parseArgs } from 'node:util';
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import { PAGES } from '../../content/pages';
import { DEFAULT_SCHEDULE } from '../../content/schedule';
import type { Bundle } from '../../content/schema/bundle';
import { bundledCopy } from '../../worker/bundle/build';
import { pageLive } from '../../worker/clock/stage';
import { regionLabel } from '../../worker/edition/country';
import { suggestedEdition } from '../../worker/edition/suggest';
import { entryOf, MEMORY, STALE_MS } from '../../worker/pages/render-cache';
import { PageLru, type CachedPage } from '../../worker/render/page-cache';

// ---------------------------------------------------------------------------------------
// Assumptions. Each is a guess where no production figure exists yet; the record says so.
// ---------------------------------------------------------------------------------------

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The day: 24 h around Black Friday 2024's stage change in every campaign edition (bundled schedule). */
const DAY_START = Date.parse('2024-11-28T12:00:00Z');
const DAY = 24 * HOUR;
/** A content push in the day: a new us bundle (a copy edit), at this instant. */
const CONTENT_PUSH = { region: 'us' as Region, at: Date.parse('2024-11-29T02:00:00Z') };
/** How often an isolate re-reads KV (the content store's memory TTL): it sees a push within this. */
const KV_REREAD_MS = 30_000;

/** Page requests in the day (no assets: those never reach the worker). */
const DEFAULT_REQUESTS = 1_200_000;

/** Each edition's share of page requests. */
const EDITION_SHARE: Record<Region, number> = { us: 0.3, cn: 0.2, de: 0.1, uk: 0.09, eu: 0.09, jp: 0.09, fr: 0.07, kr: 0.06 };

/** Where each edition's visitors come from (ISO country → share); the us label and the suggestion follow from it. */
const COUNTRIES: Record<Region, Record<string, number>> = {
  us: { US: 0.78, CA: 0.09, MX: 0.02, BR: 0.02, GB: 0.02, DE: 0.015, IN: 0.02, AU: 0.015, FR: 0.01, JP: 0.01 },
  uk: { GB: 0.85, IE: 0.05, US: 0.04, DE: 0.02, FR: 0.02, IN: 0.02 },
  eu: { NL: 0.18, ES: 0.17, IT: 0.17, PL: 0.1, BE: 0.08, SE: 0.08, AT: 0.06, PT: 0.05, DE: 0.04, GB: 0.03, US: 0.04 },
  fr: { FR: 0.85, BE: 0.06, CH: 0.03, CA: 0.02, US: 0.04 },
  de: { DE: 0.8, AT: 0.08, CH: 0.07, US: 0.03, GB: 0.02 },
  jp: { JP: 0.92, US: 0.04, KR: 0.02, CN: 0.02 },
  kr: { KR: 0.93, US: 0.04, JP: 0.03 },
  cn: { CN: 0.95, HK: 0.03, US: 0.02 },
};

/** Visitors who chose a country in the region chooser (never a suggestion), and who dismissed a suggestion. */
const CHOSE_COUNTRY = 0.05;
const DISMISSED_SUGGESTION = 0.4;

/** Requests for made-up paths (bots, typos): each path its own not-found page. */
const MADE_UP_PATHS = 0.01;

/** Page popularity within an edition: Zipf with this exponent over its pages in route order (home first). */
const ZIPF_PAGES = 1.0;

/** Locations (Cloudflare data centres), by the part of the world whose visitors they serve, and how concentrated each part's traffic is. */
const GEOS = { americas: 95, europe: 85, asia: 90, china: 30 } as const;
type Geo = keyof typeof GEOS;
const ZIPF_LOCATIONS = 1.0;
const GEO_OF: Record<string, Geo> = {
  US: 'americas', CA: 'americas', MX: 'americas', BR: 'americas',
  GB: 'europe', IE: 'europe', DE: 'europe', FR: 'europe', NL: 'europe', ES: 'europe', IT: 'europe', PL: 'europe', BE: 'europe', SE: 'europe', AT: 'europe', PT: 'europe', CH: 'europe',
  IN: 'asia', AU: 'asia', JP: 'asia', KR: 'asia', HK: 'asia',
  CN: 'china',
}; // prettier-ignore
/** Local hour of each part of the world's evening peak, as a UTC hour, and the daily swing around the mean. */
const PEAK_UTC_HOUR: Record<Geo, number> = { americas: 1, europe: 19, asia: 12, china: 13 };
const DIURNAL_SWING = 0.6;

/**
 * Isolates: a location runs one per ISOLATE_RPS of its mean traffic (at least one, at most
 * MAX_ISOLATES), a request goes to any of them, and each lives an exponential time (mean
 * ISOLATE_LIFETIME) before it is recycled with an empty memory.
 */
const ISOLATE_RPS = 0.5;
const MAX_ISOLATES = 24;
const DEFAULT_ISOLATE_LIFETIME = 15 * MINUTE;

/** The colo's Cache API keeps an entry until its `max-age`, unless it goes unread this long (none within the day by default). */
const DEFAULT_COLO_IDLE = Infinity;

/** Wall time of a render, the window in which other requests for the key are concurrent misses (a guess: a render plus a KV read at the edge). */
const RENDER_WALL_MS = { before: 40, after: 25 };

/**
 * CPU ms per request by how it is answered: workerd's CPU time per request on the bench
 * machine (2-core VM under other load, 2026-11-26, docs/measurements.md), before and after,
 * measured side by side; a render is the mean of five page types (home, product, FAQ, de home,
 * not found). The absolute figures carry this machine's overhead per request (its /robots.txt
 * costs 2.4-3.0 ms), so only the ratios say anything about production. A colo hit is a
 * memory hit plus a Cache API read (a guess: +0.5 ms). Before, a visitor's variant was a key
 * of its own, so no stitching.
 */
const CPU_MS = {
  before: { hit: 2.7, stitched: 2.7, colo: 3.2, render: 8.7 },
  after: { hit: 2.3, stitched: 3.0, colo: 2.8, render: 6.5 },
};

/** Gzip body sizes (kB) by kind, for the LRU's byte bound. */
const GZIP_BYTES = { page: 6_000, notFound: 3_300 };

// ---------------------------------------------------------------------------------------
// The day.
// ---------------------------------------------------------------------------------------

/** A small deterministic random generator (mulberry32), so two runs give the same day. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from weights (cumulative table, binary search). */
function picker<T>(items: readonly T[], weights: readonly number[]): (r: number) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  return (r) => {
    const x = r * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

const zipf = (n: number, s: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);

interface Request {
  at: number;
  region: Region;
  path: string;
  notFound: boolean;
  country: string;
  chose: boolean;
  dismissed: boolean;
  location: number;
}

/** Pages of an edition that answer 200 through the day (redirects and pages outside their window never reach the cache). */
function livePages(region: Region): string[] {
  return PAGES.filter(
    (p) =>
      p.regions.includes(region) &&
      !p.redirect &&
      pageLive(p, DEFAULT_SCHEDULE, region, DAY_START) &&
      pageLive(p, DEFAULT_SCHEDULE, region, DAY_START + DAY - 1),
  ).map((p) => (region === 'cn' ? `/${p.slug}` : `/${region}${p.slug ? `/${p.slug}` : ''}`));
}

/** The day's requests, in time order. */
function generate(total: number, seed: number): { requests: Request[]; locations: { geo: Geo; share: number }[] } {
  const rnd = random(seed);
  const locations: { geo: Geo; share: number }[] = [];
  const locationPick = {} as Record<Geo, (r: number) => number>;
  for (const geo of Object.keys(GEOS) as Geo[]) {
    const weights = zipf(GEOS[geo], ZIPF_LOCATIONS);
    const ids = weights.map((w) => locations.push({ geo, share: w }) - 1);
    locationPick[geo] = picker(ids, weights);
  }
  const pages = Object.fromEntries(REGIONS.map((r) => [r, livePages(r)])) as Record<Region, string[]>;
  const pagePick = Object.fromEntries(REGIONS.map((r) => [r, picker(pages[r], zipf(pages[r].length, ZIPF_PAGES))])) as Record<Region, (r: number) => string>;
  const countryPick = Object.fromEntries(REGIONS.map((r) => [r, picker(Object.keys(COUNTRIES[r]), Object.values(COUNTRIES[r]))])) as Record<
    Region,
    (r: number) => string
  >;
  // Each edition's traffic follows the day of the part of the world most of its visitors are in.
  const homeGeo = (region: Region) => GEO_OF[Object.keys(COUNTRIES[region])[0]!]!;
  const rate = (region: Region, t: number) => 1 + DIURNAL_SWING * Math.cos((2 * Math.PI * ((t - DAY_START) / HOUR + 12 - PEAK_UTC_HOUR[homeGeo(region)])) / 24);
  const minutes = DAY / MINUTE;
  const requests: Request[] = [];
  let made = 0;
  for (const region of REGIONS) {
    const perMinute = Array.from({ length: minutes }, (_, m) => rate(region, DAY_START + m * MINUTE));
    const scale = (total * EDITION_SHARE[region]) / perMinute.reduce((a, b) => a + b, 0);
    for (let m = 0; m < minutes; m++) {
      const n = Math.round(perMinute[m]! * scale + (rnd() - 0.5));
      for (let i = 0; i < n; i++) {
        const country = countryPick[region](rnd());
        const notFound = rnd() < MADE_UP_PATHS;
        requests.push({
          at: DAY_START + m * MINUTE + Math.floor(rnd() * MINUTE),
          region,
          path: notFound ? `${region === 'cn' ? '' : `/${region}`}/made-up-${made++}` : pagePick[region](rnd()),
          notFound,
          country,
          chose: rnd() < CHOSE_COUNTRY,
          dismissed: rnd() < DISMISSED_SUGGESTION,
          location: locationPick[GEO_OF[country] ?? 'americas'](rnd()),
        });
      }
    }
  }
  requests.sort((a, b) => a.at - b.at);
  return { requests, locations };
}

// ---------------------------------------------------------------------------------------
// The cache, before and after.
// ---------------------------------------------------------------------------------------

type Policy = 'before' | 'after';
type Answer = 'memory' | 'colo' | 'waited' | 'stale' | 'render';

interface Isolate {
  born: number;
  dies: number;
  /** When this isolate first reads KV after a push (its re-read phase). */
  phase: number;
  pages: PageLru;
  notFound: PageLru;
  /** Renders in flight: key → when the stored copy is there. */
  flights: Map<string, number>;
  /** The key last stored per slot (the previous version's body while a new one renders). */
  latest: Map<string, string>;
}

interface Result {
  policy: Policy;
  requests: number;
  answers: Record<Answer, number>;
  stitched: number;
  rendersPerMinute: number[];
  cpuMs: number;
}

const BUNDLES = Object.fromEntries(REGIONS.map((r) => [r, bundledCopy(r)])) as Record<Region, Bundle>;
/** The pushed bundle: the same content with one copy edit, so a new version. */
const PUSHED: Bundle = { ...BUNDLES[CONTENT_PUSH.region], pushedAt: CONTENT_PUSH.at } as Bundle;
const CONFIG = { model: true };
const ORIGIN = { global: 'https://www.robolux.com', cn: 'https://www.robolux.cn' };

/** Every instant in the day at which entryOf's answer can change (the boundaries it reads), ascending. */
const DAY_CHANGES = (() => {
  const instants: number[] = [];
  for (const bundle of [...Object.values(BUNDLES), PUSHED]) {
    for (let t = DAY_START; t < DAY_START + DAY;) {
      const next = entryOf({
        url: new URL('https://x.invalid/'),
        region: 'us',
        apiBase: '',
        config: CONFIG,
        bundle,
        schedule: DEFAULT_SCHEDULE,
        now: t,
      }).expires;
      if (next >= DAY_START + DAY) break;
      instants.push(next);
      t = next;
    }
  }
  return [...new Set(instants)].sort((a, b) => a - b);
})();

const entries = new Map<string, ReturnType<typeof entryOf>>();

/**
 * A request's entry (key, slot, expiry, since) by the cache's own rule, entryOf. It is pure and
 * reads `now` only through the boundaries, so its answer is kept per page, bundle and interval
 * between the day's boundaries: the same answer, some fifty times faster.
 */
function pageEntry(req: Request, bundle: Bundle) {
  const interval = DAY_CHANGES.filter((t) => t <= req.at).length;
  const id = `${req.path}|${bundle === PUSHED ? 'pushed' : 'bundled'}|${interval}`;
  let entry = entries.get(id);
  if (!entry) {
    const url = new URL(req.path, req.region === 'cn' ? ORIGIN.cn : ORIGIN.global);
    entry = entryOf({ url, region: req.region, apiBase: '', config: CONFIG, bundle, schedule: DEFAULT_SCHEDULE, now: req.at });
    entries.set(id, entry);
  }
  return entry;
}

/** The least known assumptions, varied by the sensitivity table. */
interface Scenario {
  /** Mean isolate lifetime, ms. */
  lifetime: number;
  /** How long a colo entry may go unread before the Cache API evicts it, ms. */
  coloIdle: number;
}

function replay(policy: Policy, day: ReturnType<typeof generate>, { lifetime, coloIdle }: Scenario, seed: number): Result {
  const rnd = random(seed + 1);
  const perLocation = new Array<number>(day.locations.length).fill(0);
  for (const req of day.requests) perLocation[req.location]!++;
  const isolates = perLocation.map((n) => {
    const count = Math.min(MAX_ISOLATES, Math.max(1, Math.round(n / (DAY / 1000) / ISOLATE_RPS)));
    return Array.from({ length: count }, () => fresh(DAY_START - rnd() * lifetime));
  });
  function fresh(born: number): Isolate {
    return {
      born,
      dies: born - Math.log(1 - rnd()) * lifetime,
      phase: rnd() * KV_REREAD_MS,
      pages: new PageLru(policy === 'before' ? { entries: 200, bytes: 4_000_000 } : MEMORY.pages),
      notFound: new PageLru(MEMORY.notFound),
      flights: new Map(),
      latest: new Map(),
    };
  }
  /** The colo's Cache API per location: key → when it is there from, until, and last read. */
  const colos = day.locations.map(() => new Map<string, { ready: number; expires: number; read: number }>());
  const answers: Record<Answer, number> = { memory: 0, colo: 0, waited: 0, stale: 0, render: 0 };
  const rendersPerMinute = new Array<number>(DAY / MINUTE).fill(0);
  let stitched = 0;
  let cpuMs = 0;
  const cost = CPU_MS[policy];

  for (const req of day.requests) {
    const slots = isolates[req.location]!;
    const index = Math.floor(rnd() * slots.length);
    let isolate = slots[index]!;
    if (isolate.dies <= req.at) slots[index] = isolate = fresh(req.at);
    // The bundle this isolate serves: the pushed one once it has re-read KV after the push.
    const seesPush = req.region === CONTENT_PUSH.region && req.at >= Math.max(isolate.born, CONTENT_PUSH.at + ((isolate.phase - CONTENT_PUSH.at) % KV_REREAD_MS + KV_REREAD_MS) % KV_REREAD_MS); // prettier-ignore
    const bundle = seesPush ? PUSHED : BUNDLES[req.region];
    const entry = pageEntry(req, bundle);
    const label = regionLabel(EDITIONS[req.region], req.country);
    const suggestion = suggestedEdition(req.region, req.country, req.chose, req.dismissed);
    const own = label !== EDITIONS[req.region].label || suggestion !== undefined;
    // Before: the visitor's label and suggestion (with the country it names) were in the key, and an entry lived at most 30 s.
    const key = policy === 'before' ? `${entry.key}|${label}|${suggestion ? `${suggestion}:${req.country}` : '-'}` : entry.key;
    const expires = policy === 'before' ? Math.min(entry.expires, req.at + KV_REREAD_MS) : entry.expires;
    const memory = req.notFound ? isolate.notFound : isolate.pages;
    const colo = colos[req.location]!;

    let answer: Answer;
    let flight = isolate.flights.get(key);
    if (flight !== undefined && flight <= req.at) {
      isolate.flights.delete(key);
      flight = undefined;
    }
    let shared = colo.get(key);
    if (shared && (shared.expires <= req.at || req.at - shared.read > coloIdle)) {
      colo.delete(key);
      shared = undefined;
    }
    if (policy === 'after' && flight !== undefined) {
      // One render per key and isolate: the previous version's body meanwhile, if still good.
      const previous = isolate.latest.get(entry.slot);
      const page = previous !== undefined && previous !== key ? memory.get(previous, req.at) : undefined;
      answer = page && page.rendered >= entry.since && req.at - (flight - RENDER_WALL_MS.after) < STALE_MS ? 'stale' : 'waited';
    } else if (flight === undefined && memory.get(key, req.at)) {
      answer = 'memory';
    } else if (flight === undefined && shared && shared.ready <= req.at) {
      answer = 'colo';
      shared.read = req.at;
      memory.set(page(key, shared.expires, req.at, req.notFound));
    } else {
      answer = 'render';
      const ready = req.at + RENDER_WALL_MS[policy];
      rendersPerMinute[Math.floor((req.at - DAY_START) / MINUTE)]!++;
      isolate.flights.set(key, ready);
      memory.set(page(key, expires, req.at, req.notFound));
      isolate.latest.set(entry.slot, key);
      // The first copy shared wins; max-age in whole seconds.
      if (!shared && expires - ready >= 1000) colo.set(key, { ready, expires, read: ready });
    }
    answers[answer]++;
    if (policy === 'after' && own && answer !== 'render') stitched++;
    cpuMs += answer === 'render' ? cost.render : answer === 'colo' ? cost.colo : policy === 'after' && own ? cost.stitched : cost.hit;
  }
  return { policy, requests: day.requests.length, answers, stitched, rendersPerMinute, cpuMs };
}

/** A stored page as the LRU holds it (the body's size is all that matters here). */
function page(key: string, expires: number, rendered: number, notFound: boolean): CachedPage {
  const size = notFound ? GZIP_BYTES.notFound : GZIP_BYTES.page;
  return { key, status: notFound ? 404 : 200, rendered, gzip: new Uint8Array(), etag: '', links: [], expires, size };
}

// ---------------------------------------------------------------------------------------
// Report.
// ---------------------------------------------------------------------------------------

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function summary(r: Result) {
  const served = r.requests - r.answers.render;
  const sorted = [...r.rendersPerMinute].sort((a, b) => a - b);
  return {
    rules: r.policy === 'before' ? 'before (0020)' : 'after (0028)',
    'hit ratio': pct(served / r.requests),
    'from memory': pct(r.answers.memory / r.requests),
    'from the colo': pct(r.answers.colo / r.requests),
    'waited on a render': pct(r.answers.waited / r.requests),
    stale: pct(r.answers.stale / r.requests),
    stitched: pct(r.stitched / r.requests),
    'renders/min mean': Math.round(r.answers.render / (DAY / MINUTE)),
    'renders/min p99': sorted[Math.floor(sorted.length * 0.99)],
    'renders/min max': sorted[sorted.length - 1],
    'CPU ms/request': Number((r.cpuMs / r.requests).toFixed(2)),
  };
}

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string' },
    lifetime: { type: 'string' },
    seed: { type: 'string' },
    json: { type: 'boolean' },
    sensitivity: { type: 'boolean' },
  },
});
const total = Number(args.requests ?? DEFAULT_REQUESTS);
const scenario: Scenario = { lifetime: Number(args.lifetime ?? DEFAULT_ISOLATE_LIFETIME / MINUTE) * MINUTE, coloIdle: DEFAULT_COLO_IDLE };
const seed = Number(args.seed ?? 29);

const day = generate(total, seed);
const results = (['before', 'after'] as const).map((policy) => replay(policy, day, scenario, seed));

/** The hit ratio when the least known assumptions change, one at a time. */
function sensitivityTable() {
  const cases: [string, number, Scenario][] = [
    ['as above', total, scenario],
    ['a quarter of the requests', total / 4, scenario],
    ['2.5 times the requests', total * 2.5, scenario],
    ['isolates live 5 min', total, { ...scenario, lifetime: 5 * MINUTE }],
    ['isolates live 60 min', total, { ...scenario, lifetime: 60 * MINUTE }],
    ['the colo evicts entries unread for 1 h', total, { ...scenario, coloIdle: HOUR }],
    ['the colo evicts entries unread for 10 min', total, { ...scenario, coloIdle: 10 * MINUTE }],
  ];
  return cases.map(([change, n, s]) => {
    const d = n === total ? day : generate(n, seed);
    const [before, after] = (['before', 'after'] as const).map((p) =>
      n === total && s === scenario ? results[p === 'before' ? 0 : 1]! : replay(p, d, s, seed),
    );
    const ratio = (r: Result) => pct((r.requests - r.answers.render) / r.requests);
    return {
      change,
      'requests/day': n,
      'hit ratio before': ratio(before!),
      'hit ratio after': ratio(after!),
      'after: from memory': pct(after!.answers.memory / after!.requests),
      'after: renders/min mean': Math.round(after!.answers.render / (DAY / MINUTE)),
    };
  });
}
const sensitivity = args.sensitivity ? sensitivityTable() : [];

const assumptions = {
  day: `${new Date(DAY_START).toISOString()} + 24 h (Black Friday 2024: stage thresholds of every campaign edition, bundled schedule)`,
  boundaries: 'every instant of the bundled schedule and the bundles in the day (worker/clock/boundaries.ts)',
  contentPush: `a new ${CONTENT_PUSH.region} bundle at ${new Date(CONTENT_PUSH.at).toISOString()}, seen by each isolate at its next KV re-read (≤ ${KV_REREAD_MS / 1000} s)`,
  requests: `${total} page requests, editions ${JSON.stringify(EDITION_SHARE)}, evening peaks ±${DIURNAL_SWING * 100} % by the part of the world`,
  pages: `every live page of every edition (content/pages.ts), Zipf s=${ZIPF_PAGES} in route order per edition; ${MADE_UP_PATHS * 100} % made-up paths`,
  visitors: `countries per edition as in the script; ${CHOSE_COUNTRY * 100} % chose a country, ${DISMISSED_SUGGESTION * 100} % dismissed the suggestion`,
  locations: `${Object.values(GEOS).reduce((a: number, b) => a + b, 0)} (${JSON.stringify(GEOS)}), Zipf s=${ZIPF_LOCATIONS} within each part of the world`,
  isolates: `one per ${ISOLATE_RPS} req/s of a location's mean traffic (1-${MAX_ISOLATES}), exponential lifetime, mean ${scenario.lifetime / MINUTE} min`,
  colo: 'Cache API keeps an entry until its max-age (no eviction within the day); the first copy shared wins',
  renders: `wall ${RENDER_WALL_MS.before} ms before, ${RENDER_WALL_MS.after} ms after (the window for concurrent misses)`,
  cpu: `CPU ms per answer ${JSON.stringify(CPU_MS)} (workerd on the bench machine)`,
};

if (args.json) {
  console.log(JSON.stringify({ assumptions, results: results.map(summary), sensitivity }, null, 2));
} else {
  console.log('A production day replayed against the render cache’s rules (scripts/bench/model-cache.ts, decision 0028)\n');
  for (const [name, value] of Object.entries(assumptions)) console.log(`  ${name}: ${value}`);
  console.log('');
  console.table(results.map(summary));
  if (sensitivity.length) {
    console.log('\nThe hit ratio when one assumption changes');
    console.table(sensitivity);
  }
}
