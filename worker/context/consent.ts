import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { Edition } from '../../content/editions';
import type { RegionPack } from '../../content/schema/region-pack';
import { choiceStands, CONSENT_COOKIE, CONSENT_TTL_MS, decodeChoice, encodeChoice, OPTIONAL_CATEGORIES, versionOf, type Grants } from '../../kernel/consent';
import type { Config, ThirdPartyScript } from '../env';
import { normalHost } from '../host';

/**
 * A visitor's consent in one edition (decision 0033): what the edition asks, what the visitor
 * chose (or the edition's defaults until they do), and so which configured scripts load.
 */
export interface Consent {
  model: RegionPack['consent']['model'];
  /** The version of the categories on offer: a stored choice answers only this version. */
  version: string;
  /** Whether the visitor's stored choice stands (same version, within 12 months). */
  decided: boolean;
  /** What is granted now: the choice, else the defaults; marketing off under Global Privacy Control. */
  grants: Grants;
  /** Whether the request carried `Sec-GPC: 1`. */
  gpc: boolean;
  /** Scripts configured for this edition. */
  configured: ThirdPartyScript[];
  /** Of those, the ones this visitor's grants allow (`necessary` always). */
  allowed: ThirdPartyScript[];
  /** Whether there is anything to ask: an optional script is configured for the edition. */
  optional: boolean;
  /** Whether to show the banner: something to ask, and no standing choice. */
  ask: boolean;
}

/** Scripts configured for an edition. */
export function configuredFor(config: Config, region: Edition['region']): ThirdPartyScript[] {
  let byRegion = configured.get(config);
  if (!byRegion) configured.set(config, (byRegion = new Map()));
  let scripts = byRegion.get(region);
  if (!scripts) byRegion.set(region, (scripts = config.thirdParty.filter((script) => !script.regions || script.regions.includes(region))));
  return scripts;
}

/** Each configuration's scripts by edition, and each edition's consent version by its scripts: a request reads them, none makes them again. */
const configured = new WeakMap<Config, Map<Edition['region'], ThirdPartyScript[]>>();
const versions = new WeakMap<RegionPack['consent'], WeakMap<ThirdPartyScript[], string>>();

/**
 * The version of what an edition asks: its model and defaults, and which optional scripts
 * are in which category. A new category in use, or a script moved between categories,
 * makes every stored choice stale, so the banner asks again.
 */
function versionFor(policy: RegionPack['consent'], configured: ThirdPartyScript[]): string {
  let byScripts = versions.get(policy);
  if (!byScripts) versions.set(policy, (byScripts = new WeakMap()));
  let version = byScripts.get(configured);
  if (version === undefined) byScripts.set(configured, (version = versionOfPolicy(policy, configured)));
  return version;
}

function versionOfPolicy(policy: RegionPack['consent'], configured: ThirdPartyScript[]): string {
  const used = configured
    .filter((s) => s.category !== 'necessary')
    .map((s) => `${s.name}:${s.category}`)
    .sort();
  return versionOf(JSON.stringify([policy.model, policy.defaults, used]));
}

/** Whether a request carries Global Privacy Control. */
const gpcOf = (c: Context) => c.req.header('Sec-GPC')?.trim() === '1';

/** Resolves a visitor's consent from the edition, the configuration, the cookie and GPC. */
export function consentOf(c: Context, input: { edition: Edition; policy: RegionPack['consent']; config: Config; now: number }): Consent {
  const { edition, policy, config, now } = input;
  const configured = configuredFor(config, edition.region);
  const version = versionFor(policy, configured);
  const stored = decodeChoice(getCookie(c, CONSENT_COOKIE));
  const decided = choiceStands(stored, version, now);
  const gpc = gpcOf(c);
  const chosen = decided ? stored.grants : policy.defaults;
  const grants = { ...chosen, marketing: chosen.marketing && !gpc };
  const allowed = configured.filter((s) => s.category === 'necessary' || grants[s.category]);
  const optional = configured.some((s) => s.category !== 'necessary');
  return { model: policy.model, version, decided, grants, gpc, configured, allowed, optional, ask: optional && !decided };
}

/** Attributes of the consent cookie: the edition's own path (the China edition's host at its root), 13 months. */
function consentCookieOptions(url: URL, edition: Edition): CookieOptions {
  return {
    path: edition.region === 'cn' ? '/' : `/${edition.region}`,
    // The stored date decides when it is asked again (12 months); the cookie outlives it a little so the date can be read.
    maxAge: Math.floor((CONSENT_TTL_MS + 31 * 24 * 60 * 60 * 1000) / 1000),
    sameSite: 'Lax',
    secure: url.protocol === 'https:',
    // Readable by the banner's island, which needs nothing else; it holds no identifier.
    httpOnly: false,
  };
}

/**
 * Stores a choice (decision 0033): the dated cookie of the edition's scope, and, for every
 * script the change turns off, its first-party cookies cleared. Answers the consent as it now
 * stands. The one rule both the page action and the JSON call use.
 */
export function storeChoice(c: Context, consent: Consent, chosen: Grants, input: { edition: Edition; cookieDomain: string | undefined; now: number }): Consent {
  const url = new URL(c.req.url);
  const grants = { ...chosen, marketing: chosen.marketing && !consent.gpc };
  setCookie(c, CONSENT_COOKIE, encodeChoice({ version: consent.version, at: input.now, grants }), consentCookieOptions(url, input.edition));
  const revoked = consent.configured.filter((s) => s.category !== 'necessary' && !grants[s.category]);
  for (const cookie of clearedCookies(c.req.header('Cookie'), revoked, url, input.cookieDomain)) c.header('Set-Cookie', cookie, { append: true });
  const allowed = consent.configured.filter((s) => s.category === 'necessary' || grants[s.category]);
  return { ...consent, decided: true, grants, allowed, ask: false };
}

/** Parses a posted choice: `choice=all|none|save` with per-category boxes for `save`. */
export function postedGrants(fields: Record<string, unknown>, current: Grants): Grants | undefined {
  const choice = fields.choice;
  if (choice === 'all') return { analytics: true, marketing: true, functional: true };
  if (choice === 'none' || choice === 'do-not-sell') {
    // "Do not sell or share" (opt-out editions) turns marketing off and keeps the rest as it is.
    return choice === 'none' ? { analytics: false, marketing: false, functional: false } : { ...current, marketing: false };
  }
  if (choice === 'ok') return current;
  if (choice !== 'save') return undefined;
  const on = (name: string) => {
    const value = fields[name];
    return value === 'on' || value === '1' || value === 'true' || value === true;
  };
  return Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, on(c)])) as Grants;
}

/** A cookie name as RFC 6265 allows it (a token), of a sane length. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
/** Cookies cleared at most per change: every declared analytics and marketing tool sets a handful. */
const CLEARED_MAX = 32;

/**
 * `Set-Cookie` values that clear the first-party cookies of scripts a change turns off: each
 * name (or prefix, `_ga_*`) a revoked script declares, found among the request's cookies, is
 * expired at `/` on this host and on the configured parent domain, where such tools set them.
 */
function clearedCookies(cookieHeader: string | undefined, revoked: ThirdPartyScript[], url: URL, cookieDomain: string | undefined): string[] {
  const patterns = revoked.flatMap((s) => s.cookies);
  if (patterns.length === 0 || !cookieHeader) return [];
  // Only well-formed names (an RFC 6265 token: no space, quote or separator) and at most a
  // few: a request carrying 2,000 matching cookies must not make 332 kB of answer headers.
  const names = cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => COOKIE_NAME.test(name));
  const matches = (name: string) => patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
  const host = normalHost(url.hostname);
  const domains = [undefined, cookieDomain && (host === cookieDomain || host.endsWith(`.${cookieDomain}`)) ? cookieDomain : undefined, host];
  const out: string[] = [];
  for (const name of [...new Set(names.filter(matches))].slice(0, CLEARED_MAX))
    for (const domain of new Set(domains)) out.push(`${name}=; Path=/; Max-Age=0${domain ? `; Domain=${domain}` : ''}`);
  return out;
}
