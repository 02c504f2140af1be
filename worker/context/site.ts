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
    c.set('site', createSite(c, c.var));
    await next();
  });
}

/**
 * The Site of a request that may not have got through the middleware (the error handler):
 * whatever was resolved, else the host's edition and the bundled content.
 */
export function siteOf(c: Context<AppEnv>): Site {
  if (c.var.site) return c.var.site;
  const url = new URL(c.req.url);
  const edition = c.var.edition ?? (isChinaHost(url.host, configOf(c.env)) ? EDITIONS.cn : EDITIONS.us);
  return createSite(c, {
    // Relative links still work when not even the origins could be resolved.
    origins: c.var.origins ?? siteOrigins(url, configOf(c.env)) ?? { global: '', cn: '' },
    edition,
    slug: c.var.slug ?? '',
    bundle: c.var.bundle ?? bundledCopy(edition.region),
    schedule: c.var.schedule ?? DEFAULT_SCHEDULE,
    now: c.var.now ?? Date.now(),
    previewing: c.var.previewing ?? false,
  });
}
