import type { Config } from '../env';
import { isLocalHost, normalHost } from '../host';
import type { Origins } from './paths';
import { isChinaHost } from './resolve';

type OriginConfig = Pick<Config, 'environment' | 'cnHosts' | 'globalOrigin' | 'cnOrigin' | 'preprodHosts'>;

/** Whether a host is one of the site's own: its configured origins, China and pre-production hosts, and (locally) this machine. */
function isKnownHost(host: string, config: OriginConfig): boolean {
  const name = normalHost(host);
  const configured = [config.globalOrigin, config.cnOrigin].filter((o): o is string => !!o).map((o) => normalHost(new URL(o).host));
  return (
    configured.includes(name) || config.cnHosts.includes(name) || config.preprodHosts.includes(name) || (config.environment === 'local' && isLocalHost(name))
  );
}

/** The origins seen from a request to one of our own hosts: its own, and its twin on the other edition's host. */
function derivedOrigins(url: URL, config: Pick<Config, 'cnHosts'>): Origins {
  const port = url.port ? `:${url.port}` : '';
  if (isChinaHost(url.host, config)) {
    // cn.example.com serves China; example.com serves the rest.
    return { global: `${url.protocol}//${url.hostname.replace(/^cn\./, '')}${port}`, cn: url.origin };
  }
  // This machine's twin is its own China host (cn.localhost), never a deployed one configured beside it.
  const twin = (isLocalHost(url.host) && config.cnHosts.find((host) => isLocalHost(host))) || config.cnHosts[0];
  return { global: url.origin, cn: `${url.protocol}//${twin}${port}` };
}

/**
 * The origins every absolute URL of a response is built from (canonical, hreflang, JSON-LD,
 * sitemaps, the China redirect). Never the request's Host unless it is one of ours: locally,
 * this machine; deployed, the configured GLOBAL_ORIGIN and CN_ORIGIN. Undefined when the
 * host is unknown and no origins are configured, which the worker answers with 421.
 */
export function siteOrigins(url: URL, config: OriginConfig): Origins | undefined {
  const local = config.environment === 'local' && isLocalHost(url.host);
  if (!local && config.globalOrigin && config.cnOrigin) return { global: config.globalOrigin, cn: config.cnOrigin };
  if (!isKnownHost(url.host, config)) return undefined;
  const derived = derivedOrigins(url, config);
  return local ? derived : { global: config.globalOrigin ?? derived.global, cn: config.cnOrigin ?? derived.cn };
}

/**
 * Whether a request's `Origin` is one of the site's own (global, China, pre-production,
 * local): the only pages allowed to post forms and calls to this worker.
 */
export function isOwnOrigin(origin: string, url: URL, config: OriginConfig): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin) return false;
  const own = siteOrigins(url, config);
  if (own && (parsed.origin === own.global || parsed.origin === own.cn)) return true;
  // Pre-production hub sites post over https from their own hosts; locally, any port of this machine.
  if (parsed.protocol === 'https:' && config.preprodHosts.includes(normalHost(parsed.host))) return true;
  return config.environment === 'local' && isLocalHost(parsed.host) && isLocalHost(url.host);
}
