import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { ISLAND_NAMES } from '../../kernel/islands';
import { BUDGETS, overBudget } from '../../scripts/quality/budgets.mjs';
import { pageWeight, type Manifest } from '../../scripts/quality/page-weight.mjs';
import { fetchLocal, sitemapPages } from './http';

// JavaScript budget (docs/decisions/0008, scripts/quality/budgets.mjs): what a new visitor downloads on
// every page, island chunks the boot lines load lazily included, stays within the budget; a
// page without islands runs only the inline boot lines. `npm run bench` reports the same
// figures (scripts/quality/page-weight.mjs) with HTML and CSS beside them.

const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as Manifest;

describe('JavaScript budget', () => {
  it(
    `keeps every page at or under ${BUDGETS.pageJsGzipBytes / 1000} kB gzip, and pages without islands to the inline boot lines`,
    { timeout: 120_000 },
    async () => {
      const port = inject('port');
      const urls = [...(await sitemapPages(port)), `http://localhost:${port}/de/no-such-page`];
      const pages = [];
      const members = [];
      for (const url of urls) {
        const html = (await fetchLocal(url)).text;
        pages.push({ url, ...pageWeight(html, manifest) });
        // A member also loads the islands that are only theirs (the header's account entry).
        members.push({ url: `${url} (member)`, ...pageWeight(html, manifest, { member: true }) });
      }

      const heaviest = pages.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
      expect(heaviest.islands.length, 'some page has an island, so the budget is exercised').toBeGreaterThan(0);
      expect(pages.filter((page) => page.islands.length === 0).length, 'some page has no island').toBeGreaterThan(0);
      expect(pages.flatMap((page) => overBudget(page).map((over) => `${page.url}: ${over}`))).toEqual([]);
      expect(members.flatMap((page) => overBudget(page).map((over) => `${page.url}: ${over}`))).toEqual([]);
    },
  );

  it('has a bundle in the manifest for every island the kernel lists', () => {
    // The page weights above count an island by its manifest entry: one without an entry
    // would weigh nothing, and its marker would load nothing in the browser.
    const unbuilt = ISLAND_NAMES.filter((name) => !manifest.islands[name]?.some((file) => new RegExp(`/${name}-[A-Z0-9]+\\.js$`).test(file)));
    expect(unbuilt, 'islands of kernel/islands.ts without their bundle in dist/manifest.json').toEqual([]);
  });

  it('serves every script file the manifest names', async () => {
    const files = new Set([manifest.hydrate, ...Object.values(manifest.islands).flat()]);
    for (const file of files) expect((await fetchLocal(`http://localhost:${inject('port')}${file}`)).status, file).toBe(200);
  });
});
