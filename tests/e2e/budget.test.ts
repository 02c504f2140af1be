import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { fetchLocal, sitemapPages } from './http';

// JavaScript budget (issue 4 §1): at most 75 kB gzip on the heaviest page, counting what a
// new visitor downloads (island chunks the boot lines load lazily included); a page with no
// island ships no script file and only the few inline boot lines. `npm run bench` reports
// the same figures with HTML and CSS beside them.

const JS_BUDGET_GZIP = 75_000;
const INLINE_BUDGET = 2_048;

const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { hydrate: string; islands: Record<string, string[]> };

interface Shipped {
  url: string;
  islands: string[];
  files: string[];
  gzip: number;
  inline: number;
}

async function shipped(url: string, sizes: Map<string, number>): Promise<Shipped> {
  const html = (await fetchLocal(url)).text;
  const islands = [...html.matchAll(/data-island="([^"]+)"/g)].map((m) => m[1]!);
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) files.add(m[1]!);
  for (const name of islands) {
    files.add(manifest.hydrate);
    for (const file of manifest.islands[name] ?? []) files.add(file);
  }
  let gzip = 0;
  for (const file of files) {
    if (!sizes.has(file)) {
      const res = await fetchLocal(new URL(file, url).href);
      expect(res.status, file).toBe(200);
      sizes.set(file, gzipSync(res.body, { level: 9 }).length);
    }
    gzip += sizes.get(file)!;
  }
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (n, m) => n + Buffer.byteLength(m[1]!),
    0,
  );
  return { url, islands, files: [...files], gzip, inline };
}

describe('JavaScript budget', () => {
  it(`keeps every page at or under ${JS_BUDGET_GZIP / 1000} kB gzip, and pages without islands to the inline boot lines`, { timeout: 120_000 }, async () => {
    const port = inject('port');
    const urls = [...(await sitemapPages(port)), `http://localhost:${port}/de/no-such-page`];
    const sizes = new Map<string, number>();
    const pages: Shipped[] = [];
    for (const url of urls) pages.push(await shipped(url, sizes));

    const heaviest = pages.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    expect(heaviest.islands.length, 'some page has an island, so the budget is exercised').toBeGreaterThan(0);
    expect(heaviest.gzip, `heaviest: ${heaviest.url} (${heaviest.files.join(', ')})`).toBeLessThanOrEqual(JS_BUDGET_GZIP);

    const plain = pages.filter((p) => p.islands.length === 0);
    expect(plain.length).toBeGreaterThan(0);
    for (const page of plain) {
      expect(page.files, page.url).toEqual([]);
      expect(page.inline, page.url).toBeLessThanOrEqual(INLINE_BUDGET);
    }
  });
});
