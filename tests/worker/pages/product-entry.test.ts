import { describe, expect, it } from 'vitest';
import { EDITIONS, REGIONS } from '../../../content/editions';
import { pageExists } from '../../../content/pages';
import { PRODUCT_PAGES, productPage, withEntry } from '../../../content/products';
import { get, pickAll } from '../fetch';

// docs/spec/platform.md §2: product pages scroll to a named anchor on entry. The site's own links (header
// and footer navigation, banners, home tiles, campaign items) carry the page's entry anchor,
// so the browser lands there without a script, and back/forward keep their saved positions.

describe('withEntry', () => {
  it.each([
    ['/flagship-megatron', '/flagship-megatron#banner'],
    ['/elite-optimus-prime', '/elite-optimus-prime#elite-banner'],
    ['/grimlock-g1-flagship', '/grimlock-g1-flagship#header'],
    ['/k1-pro-interstellar-scout', '/k1-pro-interstellar-scout#overview'],
    ['/flagship-megatron#megatron-specs', '/flagship-megatron#megatron-specs'],
    ['/flagship-megatron?ref=nav', '/flagship-megatron?ref=nav'],
    ['/support', '/support'],
    ['/', '/'],
    ['https://shop.example/flagship-megatron', 'https://shop.example/flagship-megatron'],
  ])('%s → %s', (link, expected) => {
    expect(withEntry(link)).toBe(expected);
  });
});

describe('links into product pages', () => {
  it.each(REGIONS)('%s: every link from the home page to a product page names its entry anchor, which the page has', async (region) => {
    const host = region === 'cn' ? 'cn.localhost' : 'localhost';
    const prefix = region === 'cn' ? '' : `/${region}`;
    const home = await get(prefix || '/', { host });
    expect(home.status).toBe(200);
    const html = await home.text();
    const productLinks = pickAll(html, /href="([^"]+)"/)
      .map((href) => href.replace(/&amp;/g, '&'))
      .filter((href) => href.startsWith(`${prefix}/`) && productPage(href.slice(prefix.length + 1).split(/[#?]/)[0]!));
    // The Korean edition has no product page (content/pages.ts): no link may lead to one.
    const shows = PRODUCT_PAGES.some((page) => pageExists(page.slug, region));
    if (shows) expect(productLinks.length, `${EDITIONS[region].htmlLang} home links to product pages`).toBeGreaterThan(0);
    else expect(productLinks).toEqual([]);
    for (const href of new Set(productLinks)) {
      const [path, anchor] = href.split('#');
      const page = productPage(path!.slice(prefix.length + 1))!;
      expect(anchor, href).toBe(page.entry);
      const target = await get(path!, { host });
      if (target.status !== 200) continue; // a link to a page this edition lacks is the link crawler's business
      expect(await target.text(), `${path} has id="${anchor}"`).toContain(`id="${anchor}"`);
    }
  });

  it('every product page has the element its entry anchor names, in the US edition', async () => {
    for (const page of PRODUCT_PAGES) {
      const response = await get(`/us/${page.slug}`);
      if (response.status !== 200) continue;
      expect(await response.text(), page.slug).toContain(`id="${page.entry}"`);
    }
  });
});
