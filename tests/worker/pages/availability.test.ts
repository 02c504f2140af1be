import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../../content/editions';
import { PAGES } from '../../../content/pages';
import { get, pick, unphrased } from '../fetch';

const path = (region: string, slug: string) => (region === 'cn' ? `/${slug}` : `/${region}${slug ? `/${slug}` : ''}`);
const host = (region: string) => (region === 'cn' ? 'cn.localhost' : 'localhost');

// The spec's availability table, as docs/design.md reads it: page → editions where it exists
// (the legal pages in every edition: docs/decisions/0056).
const EXPECTED: Record<string, string> = {
  '': 'us uk eu fr de kr jp cn',
  'flagship-bumblebee': 'us uk eu fr de jp cn',
  'new-release': 'us uk eu fr de jp cn',
  'toy-story-buzz-lightyear': 'us uk eu fr de cn',
  'elite-optimus-prime': 'us',
  'grimlock-g1-flagship': 'us',
  'bumblebee-g1-performance': 'us',
  'flagship-megatron': 'us',
  'buzz-lightyear-space-ranger-alpha': 'us',
  'ai-base': 'us',
  'flagship-optimus-prime': 'us',
  'k1-pro-interstellar-scout': 'us uk eu fr de cn',
  'optimus-prime-rise-of-the-beasts-signature-limited-edition': 'us cn',
  'black-friday': 'us uk eu fr de',
  'christmas-sale': 'us uk eu fr de',
  'where-to-buy': 'us uk eu fr de',
  'where-to-buy/hongkong-macao': 'cn',
  manuals: 'us uk eu fr de kr cn',
  'product-registration': 'us uk eu fr de',
  'return-manufacturer': 'us uk eu fr de',
  support: 'us',
  faq: 'us',
  'cookies-policy': 'us',
  // Every edition's own, in its language, as its market's law asks (docs/decisions/0056).
  'privacy-policy': 'us uk eu fr de kr jp cn',
  'terms-use': 'us uk eu fr de kr jp cn',
  'legal-notice': 'us uk eu fr de kr jp cn',
  'technical-support': 'us',
  'apply-wholesale-account': 'us',
};

describe('availability matrix', () => {
  it('registers every page the spec names with the regions it gives', () => {
    for (const [slug, regions] of Object.entries(EXPECTED)) {
      expect(PAGES.find((p) => p.slug === slug)?.regions.join(' '), slug).toBe(regions);
    }
  });

  const cases = PAGES.flatMap((page) => REGIONS.map((region) => [page.slug || '(home)', region, page] as const));
  it.each(cases)('%s in %s answers as registered', async (_, region, page) => {
    const res = await get(path(region, page.slug), { host: host(region), cookies: { timestamp: String(Date.parse('2025-08-20T00:00:00Z')) } });
    if (!page.regions.includes(region)) {
      expect(res.status).toBe(404);
      return;
    }
    if (page.redirect) {
      expect(res.status).toBe(301);
      expect(res.headers.get('Location')).toBe(path(region, page.redirect));
      return;
    }
    expect([200, 302]).toContain(res.status);
    if (res.status === 302) {
      // Only pages with a time window may send the visitor home.
      expect(page.window).toBeDefined();
      expect(res.headers.get('Location')).toBe(region === 'cn' ? '/' : `/${region}`);
      return;
    }
    // Every page shows a real heading, and no raw key, template brace or missing value.
    const html = unphrased(await res.text());
    expect(pick(html, /<h1>([^<]+)<\/h1>/)?.trim()).toBeTruthy();
    expect(pick(html, /<title>([^<]+)<\/title>/)?.trim()).toBeTruthy();
    // An island's props may carry a template it fills itself (the account's "Welcome, {{name}}"):
    // what a reader sees is the page without them.
    const shown = html.replace(/ data-props="[^"]*"/g, '');
    expect(shown).not.toMatch(/\{\{|\bundefined\b|\bNaN\b|>(?:head|common|home)\.[\w.-]+</);
  });
});
