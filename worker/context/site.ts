import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { EDITIONS, type Edition } from '../../content/editions';
import { DEFAULT_SCHEDULE } from '../../content/schedule';
import type { Bundle } from '../../content/schema/bundle';
import type { Schedule } from '../../content/schema/schedule';
import { translatorOf } from '../render/translator';
import { bundledCopy } from '../bundle/build';
import { itemShown, stageAt } from '../clock/stage';
import { findPage } from '../../content/pages';
import { COUNTRY_COOKIE, SUGGEST_COOKIE } from '../edition/cookies';
import { regionLabel, resolveCountry } from '../edition/country';
import { editionPath } from '../../kernel/paths';
import { siteOrigins } from '../edition/origins';
import { isChinaHost } from '../edition/resolve';
import { apiBase, isPreprod } from '../edition/scope';
import { suggestedEdition } from '../edition/suggest';
import { configOf } from '../env';
import { formatMoney } from '../../kernel/format';
import type { AppEnv, After, Site } from './types';
import { configuredFor } from './consent';

export type { Site };

/** What the middleware resolved before the site is built. */
interface Resolved {
  origins: Site['origins'];
  edition: Edition;
  slug: string;
  bundle: Bundle;
  schedule: Schedule;
  now: number;
  previewing: boolean;
}

/** Builds the Site of a request from what the middleware resolved. */
export function createSite<E extends AppEnv>(c: Context<E>, resolved: Resolved): Site {
  const { edition, bundle, schedule, now } = resolved;
  const url = new URL(c.req.url);
  const config = configOf(c.env);
  const countryCookie = getCookie(c, COUNTRY_COOKIE);
  const country = resolveCountry(countryCookie, c.req.header('CF-IPCountry'), c.req.raw.cf?.country);
  const stage = stageAt(schedule.stages[edition.region], now);
  return {
    ...resolved,
    ...translatorOf(bundle),
    page: undefined,
    stage,
    country,
    regionLabel: regionLabel(edition, country),
    suggestion: suggestedEdition(edition.region, country, countryCookie !== undefined, getCookie(c, SUGGEST_COOKIE) === 'dismissed'),
    mediaOrigin: config.mediaOrigin,
    captchaSiteKey: config.turnstileSiteKey,
    apiBase: apiBase(isPreprod(url.host, config.preprodHosts), edition.apiGroup, config.apiBases),
    // Strictly necessary scripts, the same for everyone; the others go in per visitor, by consent (decision 0033).
    vendors: configuredFor(config, edition.region)
      .filter((script) => script.category === 'necessary')
      .map((script) => script.src),
    nonce: c.get('secureHeadersNonce') ?? '',
    url,
    href: (path) => editionPath(edition.region, path),
    visible: (item) => itemShown(item, schedule, edition.region, now, item.link?.startsWith('/') ? findPage(item.link.slice(1)) : undefined),
    price: (amount) => formatMoney(amount, edition),
  };
}

/** Sets the request context once, after the edition, clock and content middleware. */
export function site() {
  return createMiddleware<After<'origins' | 'edition' | 'slug' | 'bundle' | 'schedule' | 'now' | 'previewing' | 'site'>>(async (c, next) => {
    // Each by name: `c.var` copies every variable the request holds at each read.
    c.set(
      'site',
      createSite(c, {
        origins: c.get('origins'),
        edition: c.get('edition'),
        slug: c.get('slug'),
        bundle: c.get('bundle'),
        schedule: c.get('schedule'),
        now: c.get('now'),
        previewing: c.get('previewing'),
      }),
    );
    await next();
  });
}

/**
 * The Site of a request that may not have got through the middleware (the error handler):
 * whatever was resolved, else the host's edition and the bundled content.
 */
export function siteOf(c: Context<AppEnv>): Site {
  const vars = c.var;
  if (vars.site) return vars.site;
  const url = new URL(c.req.url);
  const edition = vars.edition ?? (isChinaHost(url.host, configOf(c.env)) ? EDITIONS.cn : EDITIONS.us);
  return createSite(c, {
    // Relative links still work when not even the origins could be resolved.
    origins: vars.origins ?? siteOrigins(url, configOf(c.env)) ?? { global: '', cn: '' },
    edition,
    slug: vars.slug ?? '',
    bundle: vars.bundle ?? bundledCopy(edition.region),
    schedule: vars.schedule ?? DEFAULT_SCHEDULE,
    now: vars.now ?? Date.now(),
    previewing: vars.previewing ?? false,
  });
}
