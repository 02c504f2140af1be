import { DEFAULT_REGION, EDITIONS, isGlobalRegion, isRegion, type Edition, type GlobalRegion } from '../../content/editions';
import type { Config } from '../env';
import { normalHost } from '../host';

/** What the edition layer decided for a request. */
export type Resolution =
  { kind: 'page'; edition: Edition; slug: string } | { kind: 'redirect'; status: 301 | 302; location: string } | { kind: 'reject'; status: 400 };

/** Longest path we read; anything longer is not a page of ours. */
const MAX_PATH = 1024;

// Encoded slashes, backslashes and control characters are how open redirects sneak
// through path handling; no page of ours has them, so they are rejected outright.
const UNSAFE = /%(2f|5c|[01][0-9a-f]|7f)|\\|[\u0000-\u001f\u007f]/i;

/** Whether a host serves the China edition. */
export function isChinaHost(host: string, config: Pick<Config, 'cnHosts'>): boolean {
  const name = normalHost(host);
  return config.cnHosts.includes(name) || name.endsWith('.cn');
}

/**
 * Decides which edition and page a request is for, or where to send it.
 * Pure: the region cookie and the China origin (`siteOrigins`) are passed in. Every `location` is a same-origin path or the
 * configured China origin, whatever the input (no open redirects).
 */
export function resolveRequest(url: URL, regionCookie: string | undefined, config: Pick<Config, 'cnHosts'> & { cnOrigin: string }): Resolution {
  const path = url.pathname;
  if (path.length > MAX_PATH || UNSAFE.test(path)) return { kind: 'reject', status: 400 };
  const segments = path.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..')) return { kind: 'reject', status: 400 };
  const normal = `/${segments.join('/')}`;
  const search = url.search;

  if (isChinaHost(url.host, config)) {
    if (normal !== path) return { kind: 'redirect', status: 301, location: `${normal}${search}` };
    return { kind: 'page', edition: EDITIONS.cn, slug: segments.join('/') };
  }

  const preferred: GlobalRegion = isGlobalRegion(regionCookie) ? regionCookie : DEFAULT_REGION;
  const [first, ...rest] = segments;
  if (first === undefined) return { kind: 'redirect', status: 302, location: `/${preferred}${search}` };
  if (first === 'cn') {
    return { kind: 'redirect', status: 301, location: `${config.cnOrigin}/${rest.join('/')}${search}` };
  }
  if (isGlobalRegion(first)) {
    if (normal !== path) return { kind: 'redirect', status: 301, location: `${normal}${search}` };
    return { kind: 'page', edition: EDITIONS[first], slug: rest.join('/') };
  }
  const lower = first.toLowerCase();
  if (isRegion(lower)) {
    return { kind: 'redirect', status: 301, location: `/${[lower, ...rest].join('/')}${search}` };
  }
  return { kind: 'redirect', status: 302, location: `/${preferred}/${segments.join('/')}${search}` };
}
