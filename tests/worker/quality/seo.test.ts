import { beforeAll, describe, expect, it } from 'vitest';
import { decode, fetchUrl, sitemapPages, tags } from '../crawl';
import { PAGES } from '../../../content/pages';
import type { Region } from '../../../content/editions';
import { editionPath } from '../../../kernel/paths';
import { norm, pickAll } from '../fetch';

// Structured data and hreflang over every page the sitemaps list (docs/decisions/0008).

interface Page {
  url: string;
  status: number;
  html: string;
}

const pages = new Map<string, Page>();

async function load(url: string): Promise<Page> {
  let page = pages.get(url);
  if (!page) {
    const res = await fetchUrl(url);
    page = { url, status: res.status, html: await res.text() };
    pages.set(url, page);
  }
  return page;
}

const alternates = (html: string) => tags(html, 'link').filter((l) => l.rel === 'alternate' && l.hreflang);
const jsonLd = (html: string) =>
  pickAll(html, /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/).map((s) => JSON.parse(s) as Record<string, unknown>);

let urls: string[] = [];
beforeAll(async () => {
  urls = await sitemapPages();
  await Promise.all(urls.map(load));
});

describe('every sitemap page', () => {
  it('lists pages of every edition on both hosts', () => {
    const editions = new Set(urls.map((u) => (new URL(u).host === 'cn.localhost' ? 'cn' : new URL(u).pathname.split('/')[1])));
    expect([...editions].sort()).toEqual(['cn', 'de', 'eu', 'fr', 'jp', 'kr', 'uk', 'us']);
    expect(urls.length).toBeGreaterThan(20);
  });

  it('answers 200 with its own canonical, a lang and a title', () => {
    for (const url of urls) {
      const { status, html } = pages.get(url)!;
      expect(status, url).toBe(200);
      expect(tags(html, 'link').find((l) => l.rel === 'canonical')?.href, url).toBe(url);
      expect(tags(html, 'html')[0]?.lang, url).toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
      expect(html, url).toMatch(/<title>[^<]+<\/title>/);
    }
  });

  it('has hreflang alternates that answer 200 and link back (reciprocity), and an x-default that answers 200', async () => {
    let checked = 0;
    for (const url of urls) {
      const links = alternates(pages.get(url)!.html);
      expect(
        links.some((l) => l.href === url),
        `${url} lists itself`,
      ).toBe(true);
      expect(
        links.filter((l) => l.hreflang === 'x-default'),
        `${url} x-default`,
      ).toHaveLength(1);
      for (const link of links) {
        const target = await load(link.href!);
        expect(target.status, `${url} → ${link.hreflang} ${link.href}`).toBe(200);
        if (link.hreflang === 'x-default') continue;
        const back = alternates(target.html).find((l) => l.href === url);
        expect(back, `${link.href} links back to ${url}`).toBeDefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(urls.length);
  });
});

// Every edition's legal pages from every page's footer (docs/decisions/0056): the legal notice,
// the privacy policy and the terms of use of the page's own edition, the notice in the row every
// width shows (one click: § 5 DDG as German courts read it), and the business lines Korea's and
// China's law ask of every page.
describe('every sitemap page’s footer', () => {
  const editionOf = (url: string) => (new URL(url).host === 'cn.localhost' ? 'cn' : new URL(url).pathname.split('/')[1]) as Region;
  const FACTS: Partial<Record<Region, string[]>> = { kr: ['businessNumber', 'mailOrderNumber'], cn: ['icp', 'psb'] };

  it('links its own edition’s legal notice, privacy policy and terms of use, and carries the lines its market asks for', () => {
    const editions = new Set<Region>();
    for (const url of urls) {
      const region = editionOf(url);
      const footer = pages.get(url)!.html.match(/<footer class="site-footer">[\s\S]*<\/footer>/)?.[0] ?? '';
      const hrefs = new Set(tags(footer, 'a').map((a) => a.href));
      for (const slug of ['legal-notice', 'privacy-policy', 'terms-use']) expect(hrefs.has(editionPath(region, `/${slug}`)), `${url}: ${slug}`).toBe(true);
      const meta = footer.match(/<p class="footer-meta">[\s\S]*?<\/p>/)?.[0] ?? '';
      expect(
        tags(meta, 'a').some((a) => a.href === editionPath(region, '/legal-notice')),
        `${url}: the legal notice in the last row`,
      ).toBe(true);
      const facts = pickAll(footer, /<li data-fact="(\w+)">/);
      for (const fact of FACTS[region] ?? []) expect(facts, `${url}: ${fact}`).toContain(fact);
      editions.add(region);
    }
    expect([...editions].sort()).toEqual(['cn', 'de', 'eu', 'fr', 'jp', 'kr', 'uk', 'us']);
  });
});

describe('product JSON-LD', () => {
  const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

  const slugOf = (url: string) =>
    new URL(url).pathname
      .split('/')
      .filter(Boolean)
      .slice(new URL(url).host === 'cn.localhost' ? 0 : 1)
      .join('/');
  const productSlugs = new Set(PAGES.filter((p) => p.kind === 'product').map((p) => p.slug));

  // Every product page describes its product: as a Product with its offer where the page shows
  // the product's price; elsewhere as a WebPage about it, since Google takes no Product without
  // an offer, a review or a rating (docs/decisions/0034-brand-experience.md).
  const ownPrice = (html: string, key: string) => new RegExp(`<p class="price" data-product="${key}">[\\s\\S]*?<span data-price="true"`).test(html);
  const productOf = (url: string) => PAGES.find((p) => p.slug === slugOf(url))?.product;

  it('is on every product page: a Product with an offer exactly where the page shows the product’s price, else a WebPage about it', () => {
    const checked = urls.filter((u) => productSlugs.has(slugOf(u)));
    expect(checked.length).toBeGreaterThan(11);
    let unpriced = 0;
    for (const url of checked) {
      const { html } = pages.get(url)!;
      const data = jsonLd(html);
      const products = data.filter((d) => d['@type'] === 'Product');
      const priced = ownPrice(html, productOf(url)!);
      expect(products.length, url).toBe(priced ? 1 : 0);
      if (priced) expect(products[0]!.offers, `${url} offer`).toBeDefined();
      else {
        unpriced++;
        const about = data.find((d) => d['@type'] === 'WebPage')?.about as Record<string, unknown> | undefined;
        expect(about?.identifier, url).toBe(productOf(url));
        expect(about?.name, url).toEqual(expect.any(String));
      }
    }
    expect(unpriced, 'some edition publishes no price for some product').toBeGreaterThan(0);
  });

  it('is complete and matches what the page shows', () => {
    let products = 0;
    let offered = 0;
    for (const url of urls) {
      const { html } = pages.get(url)!;
      for (const data of jsonLd(html).filter((d) => d['@type'] === 'Product')) {
        products++;
        const offers = data.offers as Record<string, unknown> | undefined;
        const brand = data.brand as Record<string, unknown>;
        expect(data.name, url).toEqual(expect.any(String));
        expect(data.description, url).toEqual(expect.any(String));
        expect(data.sku, url).toEqual(expect.any(String));
        expect(brand?.name, url).toEqual(expect.any(String));
        expect(String(data.image), url).toMatch(/^https?:\/\/[^/]+\/\S+$/);
        // What the page shows: the product's name as its heading.
        const h1 = decode(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '') ?? '');
        expect(h1, url).toBe(data.name);
        if (!offers) continue;
        offered++;
        const price = Number(offers.price);
        expect(price, url).toBeGreaterThan(0);
        expect(CURRENCIES.has(String(offers.priceCurrency)), `${url} currency ${String(offers.priceCurrency)}`).toBe(true);
        expect(String(offers.availability), url).toMatch(
          /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|PreSale|SoldOut|BackOrder|Discontinued|LimitedAvailability|OnlineOnly|InStoreOnly)$/,
        );
        expect(offers.url, url).toBe(url);
        // The availability the buy button of the product shows.
        const button = new RegExp(`data-buy="(\\w+)" data-product="${String(data.productID)}"`).exec(html)?.[1];
        expect(offers.availability, url).toBe(
          { soldOut: 'https://schema.org/OutOfStock', preOrder: 'https://schema.org/PreOrder', buy: 'https://schema.org/InStock' }[button ?? ''],
        );

        // What the page shows: the offer's price.
        const lang = tags(html, 'html')[0]!.lang!;
        const shown = pickAll(html, /<span data-price="true">([^<]+)<\/span>/).map((s) => norm(decode(s)));
        const digits = (s: string) => s.replace(/\D/g, '');
        expect(shown.length, `${url} shows a price`).toBeGreaterThan(0);
        expect(
          shown.some(
            (s) =>
              digits(s!) ===
              digits(
                new Intl.NumberFormat(lang, {
                  style: 'currency',
                  currency: String(offers.priceCurrency),
                  maximumFractionDigits: Number.isInteger(price) ? 0 : 2,
                }).format(price),
              ),
          ),
          `${url} shows ${price} ${String(offers.priceCurrency)} (shown: ${shown.join(' | ')})`,
        ).toBe(true);
      }
    }
    expect(products).toBeGreaterThanOrEqual(20);
    expect(offered).toBeGreaterThanOrEqual(7);
  });
});
