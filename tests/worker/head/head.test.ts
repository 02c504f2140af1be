import { describe, expect, it } from 'vitest';
import { buyState, currentPrice } from '../../../kernel/offers';
import { alternatesFor, AVAILABILITY, safeJsonLd } from '../../../worker/head/head';
import { get, pick, pickAll } from '../fetch';

const origins = { global: 'https://www.example.com', cn: 'https://www.example.cn' };

describe('alternates and x-default', () => {
  it('lists every edition where the page exists, and x-default us', () => {
    const links = alternatesFor({ slug: 'flagship-bumblebee', regions: ['us', 'uk', 'eu', 'fr', 'de', 'jp', 'cn'] }, 'de', origins);
    expect(links.map((l) => l.hreflang)).toEqual(['en-us', 'en-gb', 'en', 'fr-fr', 'de-de', 'ja-jp', 'zh-cn', 'x-default']);
    expect(links.find((l) => l.hreflang === 'zh-cn')?.href).toBe('https://www.example.cn/flagship-bumblebee');
    expect(links.at(-1)?.href).toBe('https://www.example.com/us/flagship-bumblebee');
  });
  it('points x-default at the China page on the China site', () => {
    const links = alternatesFor({ slug: 'manuals', regions: ['us', 'cn'] }, 'cn', origins);
    expect(links.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://www.example.cn/manuals' });
  });
  it('falls back to eu when the page has no us edition, then to the page itself', () => {
    expect(alternatesFor({ slug: 'x', regions: ['eu', 'fr'] }, 'fr', origins).at(-1)?.href).toBe('https://www.example.com/eu/x');
    expect(alternatesFor({ slug: 'after-sale-service', regions: ['kr', 'jp', 'cn'] }, 'jp', origins).at(-1)?.href).toBe(
      'https://www.example.com/jp/after-sale-service',
    );
  });
  it('uses the home path without a slug', () => {
    expect(alternatesFor({ slug: '', regions: ['us', 'cn'] }, 'us', origins).map((l) => l.href)).toEqual([
      'https://www.example.com/us',
      'https://www.example.cn/',
      'https://www.example.com/us',
    ]);
  });
});

describe('structured data', () => {
  it('escapes anything that could close the script element', () => {
    const out = safeJsonLd({ name: '</script><script>alert(1)</script>&\u2028' });
    expect(out).not.toContain('<');
    expect(out).not.toContain('>');
    expect(JSON.parse(out).name).toBe('</script><script>alert(1)</script>&\u2028');
  });
  it.each([
    [{ stock: 0, isPreSale: true }, 'https://schema.org/OutOfStock'],
    [{ stock: 5, isPreSale: true }, 'https://schema.org/PreOrder'],
    [{ stock: 5, isPreSale: false }, 'https://schema.org/InStock'],
  ])('availability of %j is %s', (offer, uri) => {
    expect(AVAILABILITY[buyState(offer)]).toBe(uri);
  });
  it('uses the sale price only while its stage is on', () => {
    const offer = { link: '/x', buy: 'https://s/x', alt: 'x', price: 699, activityPrice: 619, activityStages: [1, 2], stock: 1, isPreSale: false };
    expect(currentPrice(offer, 0)).toBe(699);
    expect(currentPrice(offer, 1)).toBe(619);
    expect(currentPrice(offer, 3)).toBe(699);
  });
});

describe('head tags on pages', () => {
  it('gives a page hreflang links only to editions where it exists', async () => {
    const html = await (await get('/us/faq')).text();
    expect(pickAll(html, /hrefLang="([^"]+)"/i)).toEqual(['en-us', 'x-default']);
    const home = await (await get('/fr')).text();
    expect(pickAll(home, /hrefLang="([^"]+)"/i)).toEqual(['en-us', 'en-gb', 'en', 'fr-fr', 'de-de', 'ko-kr', 'ja-jp', 'zh-cn', 'x-default']);
    expect(pick(home, /hrefLang="zh-cn" href="([^"]+)"/i)).toBe('http://cn.localhost/');
  });
  // Decision 0053: the first frame waits for the whole document (tests/e2e/first-frame.test.ts
  // shows what Chromium does with it); the marker closes the body, after the footer and popup.
  it.each([
    ['/us', 'localhost', 200],
    ['/jp/flagship-bumblebee', 'localhost', 200],
    ['/', 'cn.localhost', 200],
    ['/us/support', 'localhost', 200],
    ['/us/login', 'localhost', 200],
    ['/de/no-such-page', 'localhost', 404],
  ] as const)('holds the first frame of %s (%s) until the end of the document is parsed', async (path, host, status) => {
    const res = await get(path, { host });
    expect(res.status).toBe(status);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="expect" href="#page-end" blocking="render"/>');
    expect(html.endsWith('<div id="page-end" hidden=""></div></body></html>')).toBe(true);
    expect(pickAll(html, /id="(page-end)"/g)).toHaveLength(1);
  });
  it('carries title, description and keywords in the edition language', async () => {
    const html = await (await get('/de/flagship-bumblebee')).text();
    expect(pick(html, /<title>([^<]+)<\/title>/)).toContain('Flagship Bumblebee');
    expect(pick(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
    expect(pick(html, /<meta name="keywords" content="([^"]+)"/)).toBeTruthy();
  });
  it('serves robots.txt and a sitemap per edition with alternates', async () => {
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: http://localhost/us/sitemap.xml');
    const index = await (await get('/sitemap.xml')).text();
    expect(pickAll(index, /<loc>([^<]+)<\/loc>/)).toHaveLength(7);
    const de = await (await get('/de/sitemap.xml')).text();
    expect(de).toContain('<loc>http://localhost/de/flagship-bumblebee</loc>');
    expect(de).toContain('hreflang="x-default" href="http://localhost/us/flagship-bumblebee"');
    expect(de).not.toContain('/de/faq');
    const cn = await (await get('/sitemap.xml', { host: 'cn.localhost' })).text();
    expect(cn).toContain('<loc>http://cn.localhost/where-to-buy/hongkong-macao</loc>');
  });
});
