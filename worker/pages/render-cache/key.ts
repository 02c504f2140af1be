import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { lastChange, nextChange } from '../../clock/boundaries';
import { PREVIEW_COOKIE } from '../../clock/preview';
import type { Consent } from '../../context/consent';
import type { Site } from '../../context/site';
import type { AppEnv } from '../../context/types';
import { MANIFEST } from '../../render/assets';
import { fnv, versionOf } from '../../render/page-cache';
import { neutral } from '../visitor';

/*
 * The render cache's key (decisions 0020, 0028): which page requests are cached, under which
 * key, and until when. Pure rules, but for the generation `clearRenderCache` bumps.
 */

/**
 * Query parameters that never change a page: analytics and ad-click tags. A URL whose query
 * holds only these is served (and rendered) as if it had none; any other query (a form's
 * `?subscribe=…&source=…` outcome, anything unknown) renders the page afresh, uncached.
 */
const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'twclid',
  'ttclid',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_gl',
]);

/** Bumped to forget every stored page at once: it is part of every key. */
let generation = 0;

/** Forgets every key made so far (`clearRenderCache`). */
export function nextGeneration(): void {
  generation++;
}

/**
 * Set by `npm run deploy` (wrangler's `--define`): every deploy's own, so a deploy that
 * changes markup but no client asset never meets the pages of the one before (an entry may
 * live for months until its next boundary). Undefined locally and in tests.
 */
declare const RENDER_BUILD: string | undefined;

/** The build's markup version: the client assets (the boot lines' hash among them), and the deploy. */
const BUILD = fnv(JSON.stringify(MANIFEST) + (typeof RENDER_BUILD === 'string' ? RENDER_BUILD : ''));

/** A cacheable request: its key, the Sites to render and to stitch it for, and when its entry expires. */
export interface Plan {
  key: string;
  /** The page's place whatever the versions and moment (its key less those), to find its previous body. */
  slot: string;
  /** The Site the page is rendered with: tracking parameters gone, no visitor's parts (./visitor.ts). */
  site: Site;
  /** The visitor's Site, with the same URL: what is stitched in. */
  visitor: Site;
  /** The visitor's consent, whose parts are stitched in too (decision 0033); none before the consent step. */
  consent: Consent | undefined;
  /** The next instant that can change the page: the entry's expiry. */
  expires: number;
  /** The last instant that could have changed it: a copy rendered before it is never served. */
  since: number;
  /** The clock the plan was made at (the request's now: a cached request is never a preview). */
  now: number;
  origin: string;
}

/** The URL without tracking parameters, or undefined when its query holds anything else. */
export function withoutTracking(url: URL): URL | undefined {
  if (!url.search) return url;
  for (const name of url.searchParams.keys()) if (!TRACKING_PARAMS.has(name)) return undefined;
  const clean = new URL(url);
  clean.search = '';
  return clean;
}

/**
 * The plan for a page request, or undefined when it must bypass the cache: not GET, a
 * preview (or any `timestamp` cookie), a query beyond tracking tags, the cache switched off.
 * Its clock is the Site's now, which for a request that is no preview is the real one (tests
 * inject it through the clock middleware).
 */
export function planFor<E extends AppEnv>(c: Context<E>, site: Site): Plan | undefined {
  if (c.req.method !== 'GET' || site.previewing || !c.get('config').renderCache) return undefined;
  if (getCookie(c, PREVIEW_COOKIE) !== undefined) return undefined;
  const url = withoutTracking(site.url);
  if (!url) return undefined;
  const entry = entryOf({
    url,
    region: site.edition.region,
    apiBase: site.apiBase,
    config: c.get('config'),
    bundle: site.bundle,
    schedule: site.schedule,
    now: site.now,
  });
  const visitor = url === site.url ? site : { ...site, url };
  return { ...entry, site: neutral(visitor), visitor, consent: c.get('consent'), now: site.now, origin: url.origin };
}

/** What a page's stored body depends on: the page, the configuration, the content in force and the moment. */
export interface PageInputs {
  /** The URL without tracking parameters. */
  url: URL;
  region: Site['edition']['region'];
  apiBase: string;
  /** The parsed configuration (every setting a page may read). */
  config: object;
  bundle: Site['bundle'];
  schedule: Site['schedule'];
  /** The request's now. */
  now: number;
}

/**
 * A page's key and lifetime (decision 0028), from what its body depends on and nothing of
 * the visitor's: their label and suggestion are stitched in (./visitor.ts). Pure, so the
 * production model (scripts/bench/model-cache.ts) replays a day against these very rules.
 */
export function entryOf({ url, region, apiBase, config, bundle, schedule, now }: PageInputs): Pick<Plan, 'key' | 'slot' | 'expires' | 'since'> {
  const changes = nextChange(schedule, bundle, now);
  const slot = [
    BUILD,
    generation,
    // Scheme and host: absolute links (canonical, hreflang) are built from the request's origin.
    url.origin,
    url.pathname,
    region,
    apiBase,
    // Every setting a page may read (media host, third-party scripts, …), so a change of
    // configuration never meets markup rendered under the old one.
    versionOf(config),
  ].join('|');
  const key = [
    slot,
    versionOf(bundle),
    versionOf(schedule),
    // The schedule interval: a page rendered before a boundary is never found after it.
    String(changes),
  ].join('|');
  return { key, slot, expires: changes, since: lastChange(schedule, bundle, now) };
}
