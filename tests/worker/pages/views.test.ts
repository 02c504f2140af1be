import { describe, expect, it } from 'vitest';
import type { Region } from '../../../content/editions';
import { ISLAND_ATTR } from '../../../kernel/islands';
import { PAGES } from '../../../content/pages';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { pageLive } from '../../../worker/clock/stage';
import { viewFor } from '../../../worker/pages/registry';
import { get, pickAll } from '../fetch';

// The route record chooses the view (worker/pages/registry.tsx): every page of every edition
// gets the view of its kind, which finds the page's own data, and renders a real body; none
// is a heading and an introduction only (the fallback that used to stand in for a view).

const path = (region: Region, slug: string) => (region === 'cn' ? `/${slug}` : `/${region}${slug ? `/${slug}` : ''}`);
const host = (region: Region) => (region === 'cn' ? 'cn.localhost' : 'localhost');
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>') + '</main>'.length);

/** Moments to look at a page in: the first one where the page is live in the edition (campaign pages have windows). */
const MOMENTS = ['2025-08-20T12:00:00Z', '2024-11-25T12:00:00Z', '2024-12-10T12:00:00Z'].map(Date.parse);

const pages = PAGES.filter((page) => page.kind !== 'redirect');
const cases = pages.flatMap((page) => page.regions.map((region) => [page.slug || '(home)', region, page] as const));

describe('the view of every page', () => {
  it.each(pages.map((page) => [page.slug || '(home)', page.kind, page] as const))('%s (%s) resolves to a view of its kind', (_, __, page) => {
    const view = viewFor(page);
    expect(view.render).toBeTypeOf('function');
    expect(view.headKey).toBeTypeOf('function');
  });

  it('no view for a redirect', () => {
    const redirect = PAGES.find((page) => page.kind === 'redirect')!;
    expect(() => viewFor(redirect)).toThrow(/redirect/);
  });

  it.each([
    ['a product page without product data', { kind: 'product', slug: 'no-such-robot', name: 'no-such-robot' }],
    ['a campaign page that names no campaign', { kind: 'campaign', slug: 'spring-sale', name: 'spring-sale' }],
    ['an information page without page data', { kind: 'info', slug: 'no-such-page', name: 'no-such-page' }],
    ['a form page without a form', { kind: 'form', slug: 'no-such-form', name: 'no-such-form' }],
  ] as const)('refuse %s instead of showing a heading only', (_, fields) => {
    expect(() => viewFor({ ...pages[0]!, ...fields })).toThrow(`/${fields.slug} is a ${fields.kind} page`);
  });

  it.each(cases)('%s in %s renders a body beyond its heading, with the islands its view declares', async (_, region, page) => {
    const at = MOMENTS.find((ms) => pageLive(page, DEFAULT_SCHEDULE, region, ms));
    expect(at, `a moment when /${page.slug} is live in ${region}`).toBeDefined();
    const res = await get(path(region, page.slug), { host: host(region), cookies: { timestamp: String(at) } });
    expect(res.status).toBe(200);
    const body = main(await res.text());
    // Elements other than a heading and paragraphs in sections: a heading-only page has none.
    const elements = pickAll(body, /<([a-z][a-z0-9]*)\b/).filter((tag) => !['main', 'section', 'h1', 'p'].includes(tag));
    expect(elements.length).toBeGreaterThan(0);
    const islands = pickAll(body, new RegExp(`${ISLAND_ATTR}="([^"]+)"`));
    expect(viewFor(page).islands).toEqual(expect.arrayContaining(islands));
  });
});
