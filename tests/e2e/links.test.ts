import { describe, expect, inject, it } from 'vitest';
import { APPS, ECOSYSTEM, SHOPS, SOCIAL } from '../../content/links';
import { DEALERS } from '../../content/support/dealers';
import { fetchLocal, sitemapPages } from './http';

// Links (issue 4 §6): a crawler over every edition from its home page and its sitemap.
// Every internal link, image, stylesheet, script and alternate answers below 400; every
// external link goes to a host the site configures (content/links.ts).

const CONFIGURED = new Set(
  [
    ...Object.values(SHOPS),
    ...Object.values(ECOSYSTEM),
    ...Object.values(SOCIAL),
    ...Object.values(APPS),
    ...Object.values(DEALERS).flatMap((list) => list.map((d) => d.link)),
  ].map((u) => new URL(u).host),
);
// Standards vocabularies named in markup, never fetched by a browser as a link.
const VOCABULARIES = new Set(['schema.org', 'www.w3.org', 'www.sitemaps.org']);

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

/** The URLs a page refers to: links, images, styles, scripts, alternates and GET form targets. */
function references(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<(a|link|area)\b[^>]*\shref="([^"]*)"/g)) found.push(m[2]!);
  for (const m of html.matchAll(/<(img|script|source|iframe)\b[^>]*\ssrc="([^"]*)"/g)) found.push(m[2]!);
  for (const m of html.matchAll(/\ssrcset="([^"]*)"/g)) found.push(...m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0]!));
  for (const m of html.matchAll(/<form\b([^>]*)>/g)) {
    const action = /\saction="([^"]*)"/.exec(m[1]!)?.[1];
    if (action && !/method="post"/i.test(m[1]!)) found.push(action);
  }
  return found.map(decode).filter((u) => u && !u.startsWith('#') && !/^(mailto|tel|data|javascript):/i.test(u));
}

describe('link crawler', () => {
  it('finds no broken internal link and no link to an unconfigured host', { timeout: 300_000 }, async () => {
    const port = inject('port');
    const internal = new Set([`localhost:${port}`, `cn.localhost:${port}`]);
    const homes = ['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp'].map((r) => `http://localhost:${port}/${r}`).concat(`http://cn.localhost:${port}/`);
    const queue = [...homes, ...(await sitemapPages(port))];
    const seen = new Set<string>(queue);
    const referrers = new Map<string, string>();
    const broken: string[] = [];
    const foreign: string[] = [];
    let crawled = 0;

    while (queue.length > 0) {
      const batch = queue.splice(0, 8);
      await Promise.all(
        batch.map(async (url) => {
          const res = await fetchLocal(url);
          crawled++;
          if (res.status >= 400) broken.push(`${res.status} ${url} (from ${referrers.get(url) ?? 'the sitemap or a home'})`);
          const next: string[] = [];
          if (res.status >= 300 && res.status < 400 && res.headers.location) next.push(String(res.headers.location));
          if (res.status === 200 && String(res.headers['content-type']).startsWith('text/html')) next.push(...references(res.text));
          for (const ref of next) {
            const target = new URL(ref, url);
            target.hash = '';
            if (!internal.has(target.host)) {
              if (!CONFIGURED.has(target.host) && !VOCABULARIES.has(target.host)) foreign.push(`${target.href} (on ${url})`);
              continue;
            }
            if (seen.has(target.href)) continue;
            seen.add(target.href);
            referrers.set(target.href, url);
            queue.push(target.href);
          }
        }),
      );
    }
    console.log(`link crawler: ${crawled} internal URLs fetched`);
    expect(broken).toEqual([]);
    expect([...new Set(foreign)]).toEqual([]);
    expect(crawled).toBeGreaterThan(100);
  });
});
