import { describe, expect, inject, it } from 'vitest';
import { APPS, ECOSYSTEM, SHOPS, SOCIAL } from '../../content/links';
import { DEALERS } from '../../content/support/dealers';
import { fetchLocal, sitemapPages } from './http';

// Links (docs/decisions/0008): a crawler over every edition from its home page and its sitemap.
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

  // Campaign pages are live only inside their windows, so the crawl above, at today's date,
  // never sees them: at a moment inside each campaign, every page the sitemaps list then and
  // not now must have every internal reference answer (an image named after a product key
  // without art once broke the Christmas sale's grid).
  it('finds no broken internal reference on the pages live only at a campaign moment', { timeout: 120_000 }, async () => {
    const port = inject('port');
    const now = new Set(await sitemapPages(port));
    const broken: string[] = [];
    let checked = 0;
    for (const at of ['2024-11-30T12:00:00Z', '2024-12-10T12:00:00Z', '2025-08-20T04:00:00Z']) {
      const headers = { Cookie: `timestamp=${Date.parse(at)}` };
      const pages = (await sitemapPages(port, headers)).filter((url) => !now.has(url));
      expect(pages.length, `pages live only at ${at}`).toBeGreaterThan(0);
      for (const page of pages) {
        const res = await fetchLocal(page, { headers });
        if (res.status !== 200) broken.push(`${res.status} ${page} at ${at}`);
        const refs = new Set(
          references(res.text)
            .map((ref) => new URL(ref, page))
            .filter((u) => u.port === String(port))
            .map((u) => u.href.split('#')[0]!),
        );
        for (const ref of refs) {
          // As a browser would: through redirects (an image path without art redirected to
          // the edition's 404 page).
          let res = await fetchLocal(ref, { headers });
          for (let hops = 0; hops < 5 && res.status >= 300 && res.status < 400 && res.headers.location; hops++)
            res = await fetchLocal(new URL(String(res.headers.location), res.url).href, { headers });
          checked++;
          if (res.status >= 300) broken.push(`${res.status} ${ref} (on ${page} at ${at})`);
        }
      }
    }
    console.log(`link crawler at campaign moments: ${checked} references checked`);
    expect(broken).toEqual([]);
  });
});
