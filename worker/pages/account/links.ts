import { sameOriginPath } from '../../edition/redirect';
import type { Site } from '../../context/site';

/** The edition's log-in page, coming back to `next` (the current page by default). */
export function loginHref(site: Pick<Site, 'href' | 'url' | 'slug'>, next?: string): string {
  const back = next ?? (site.slug === 'login' ? nextOf(site) : site.url.pathname);
  return `${site.href('/login')}?next=${encodeURIComponent(back)}`;
}

/**
 * Where a visitor goes after logging in: the `next` they came with when it is a path on
 * this site (the one same-origin rule, edition/redirect.ts), never the log-in page itself,
 * else the edition home.
 */
export function nextOf(site: Pick<Site, 'href' | 'url'>, value: string | null = site.url.searchParams.get('next')): string {
  const home = site.href('/');
  const path = sameOriginPath(value, home);
  // Any edition's log-in page (`/login`, `/de/login`) would only ask again.
  return /(?:^|\/)login\/?$/.test(new URL(path, 'https://x.invalid').pathname) ? home : path;
}
