import type { Region } from '../content/editions';

/**
 * The browser path of an edition-relative path: `/us/faq`, or `/faq` on the China site, which
 * is the root of its own host; `/` (or '') is the edition's home, `/us` or `/`. The one
 * spelling of an edition's paths: the worker's links, redirects, sitemaps and ops timeline,
 * and the browser's log-in link, all build theirs with it.
 */
export function editionPath(region: Region, path: string): string {
  const clean = path === '/' ? '' : path;
  if (region === 'cn') return clean || '/';
  return `/${region}${clean}`;
}

/** The page a link proving a member's address opens (`/{region}/account/confirm?t=…`, docs/decisions/0054). */
export const PROOF_SLUG = 'account/confirm';
