import { describe, expect, it } from 'vitest';
import { get, getAt, pick, pickAll, norm, unphrased } from '../fetch';

describe('each edition', () => {
  it.each([
    ['us', 'localhost', '/us', 'en-US', 'Robots that transform'],
    ['uk', 'localhost', '/uk', 'en-GB', 'Robots that transform'],
    ['eu', 'localhost', '/eu', 'en', 'Robots that transform'],
    ['fr', 'localhost', '/fr', 'fr-FR', ''],
    ['de', 'localhost', '/de', 'de-DE', ''],
    ['kr', 'localhost', '/kr', 'ko-KR', ''],
    ['jp', 'localhost', '/jp', 'ja-JP', ''],
    ['cn', 'cn.localhost', '/', 'zh-CN', ''],
  ])('%s home answers 200 in its language with an absolute canonical', async (region, host, path, lang, heading) => {
    const res = await get(path, { host });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = unphrased(await res.text());
    expect(pick(html, /<html lang="([^"]+)"/)).toBe(lang);
    expect(pick(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`http://${host}${path}`);
    expect(pick(html, /<h1>([^<]+)<\/h1>/)).toBeTruthy();
    if (heading) expect(pick(html, /<h1>([^<]+)<\/h1>/)).toContain(heading);
    expect(html).not.toMatch(/\{\{|\bundefined\b|\bNaN\b|>(?:head|common|home)\.[\w.-]+</);
  });

  it('writes non-English pages in their own language', async () => {
    const titles = await Promise.all(
      [
        ['/fr', 'localhost'],
        ['/de', 'localhost'],
        ['/jp', 'localhost'],
        ['/kr', 'localhost'],
        ['/', 'cn.localhost'],
      ].map(async ([path, host]) => pick(await (await get(path!, { host })).text(), /<title>([^<]+)<\/title>/)),
    );
    const english = pick(await (await get('/us')).text(), /<title>([^<]+)<\/title>/);
    expect(new Set([english, ...titles]).size).toBe(6);
    expect(titles[2]).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/); // Japanese
    expect(titles[3]).toMatch(/[\uac00-\ud7af]/); // Korean
    expect(titles[4]).toMatch(/[\u4e00-\u9fff]/); // Chinese
  });

  it.each([
    ['us', 'localhost', '/us/flagship-bumblebee', '$1,299', 'Buy Now'],
    ['uk', 'localhost', '/uk/flagship-bumblebee', '£1,299', 'Buy Now'],
    ['eu', 'localhost', '/eu/flagship-bumblebee', '€1,599', 'Buy Now'],
    ['fr', 'localhost', '/fr/flagship-bumblebee', '1 599 €', ''],
    ['de', 'localhost', '/de/flagship-bumblebee', '1.599 €', ''],
    ['jp', 'localhost', '/jp/flagship-bumblebee', '¥174,900', ''],
    ['cn', 'cn.localhost', '/flagship-bumblebee', '¥8,499', ''],
  ])('%s flagship-bumblebee shows the spec price %s', async (region, host, path, price, button) => {
    const html = await (await get(path, { host })).text();
    expect(norm(pick(html, /data-price[^>]*>([^<]+)</))).toBe(price);
    if (button) expect(pick(html, /data-buy="buy"[^>]*>([^<]+)</)).toBe(button);
    const ld = JSON.parse(pick(html, /<script type="application\/ld\+json"[^>]*>(.+?)<\/script>/)!);
    expect(ld['@type']).toBe('Product');
    expect(ld.offers.price).toBe(Number(price.replace(/[^\d]/g, '')));
    expect(ld.offers.url).toBe(`http://${host}${path}`);
  });

  it('offers pre-order in Japan, where it ships from August 2025 in reservation order', async () => {
    const html = await (await getAt('/jp/flagship-bumblebee', '2025-08-15T00:00:00Z')).text();
    expect(html).toContain('data-buy="preOrder"');
    expect(html).toContain('2025年8月');
  });

  it('lists 36 voice commands in every edition of the flagship page', async () => {
    for (const [path, host] of [
      ['/us/flagship-bumblebee', 'localhost'],
      ['/de/flagship-bumblebee', 'localhost'],
      ['/flagship-bumblebee', 'cn.localhost'],
    ] as const) {
      const html = await (await get(path, { host })).text();
      const dialog = pick(html, /<dialog class="voice-commands"[^>]*>([\s\S]*?)<\/dialog>/)!;
      expect(pickAll(dialog, /<li>([^<]+)<\/li>/)).toHaveLength(36);
    }
  });

  it('points the boot lines at the hydration script only on pages with an island, and loads none up front', async () => {
    const product = await (await get('/de/flagship-bumblebee')).text();
    const home = await (await get('/de')).text();
    expect(product).toMatch(/<html[^>]+data-hydrate="\/assets\/hydrate-[\w-]+\.js"/);
    expect(product).toContain('data-island="voice-commands"');
    expect(product).toContain('data-island-when="visible"');
    // The home page's only island is the header's account entry, which loads for members only.
    expect(pickAll(home, /data-island="([^"]+)"/)).toEqual(['account-entry']);
    expect(home).toContain('data-island-when="member"');
    for (const html of [product, home]) {
      expect(html).not.toContain('<script type="module"');
      expect(html).not.toContain('modulepreload');
      expect(pickAll(html, /<script(?![^>]*ld\+json)[^>]*>/)).toHaveLength(1);
    }
  });

  it('carries the new-user popup, lazily, in the US edition only', async () => {
    const us = await (await get('/us/faq')).text();
    expect(us).toContain('data-island="new-user-popup"');
    expect(us).toContain('data-island-when="new-visitor"');
    expect(us).toMatch(/<html[^>]+data-hydrate="\/assets\/hydrate-[\w-]+\.js"/);
    expect(us).not.toContain('<script type="module"');
    for (const path of ['/uk', '/de/flagship-bumblebee']) {
      const html = await (await get(path)).text();
      expect(html).not.toContain('new-user-popup');
    }
  });

  it('shows the us region label by country: Canada, Other Regions, or United States', async () => {
    const label = async (headers: Record<string, string>, cookies?: Record<string, string>) =>
      pick(await (await get('/us', { headers, ...(cookies ? { cookies } : {}) })).text(), /data-region-label="[^"]*">([^<]+)</);
    expect(await label({ 'CF-IPCountry': 'CA' })).toBe('Canada - English');
    expect(await label({ 'CF-IPCountry': 'BR' })).toBe('Other Regions - English');
    expect(await label({ 'CF-IPCountry': 'US' })).toBe('United States - English');
    expect(await label({ 'CF-IPCountry': 'BR' }, { country: 'CA' })).toBe('Canada - English');
  });

  it('remembers a global visitor’s region for 365 days, but not the China edition', async () => {
    const res = await get('/de');
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^region=de;/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect((await get('/', { host: 'cn.localhost' })).headers.get('Set-Cookie')).toBeNull();
    expect((await get('/de', { cookies: { region: 'de' } })).headers.get('Set-Cookie')).toBeNull();
  });

  it('redirects / to the remembered region', async () => {
    const res = await get('/', { cookies: { region: 'jp' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/jp');
  });

  it('answers a page missing in an edition with that edition’s localized 404', async () => {
    const res = await get('/kr/flagship-bumblebee');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(pick(html, /<html lang="([^"]+)"/)).toBe('ko-KR');
    expect(html).toContain('href="/kr"');
    expect(html).toContain('href="/kr/choose-your-region"');
    expect(html).toContain('name="robots" content="noindex"');
  });

  it('answers malformed paths with 400, never 5xx', async () => {
    for (const path of ['/us/%2F%2Fevil', '/us/a%00b', '/de/%5c']) {
      expect((await get(path)).status).toBe(400);
    }
  });

  it('answers GET /ssr/timestamp with the effective now', async () => {
    const res = await getAt('/ssr/timestamp', '2025-08-20T00:00:00Z');
    expect(await res.json()).toEqual({ code: 2000, msg: 'success', data: { timestamp: Date.parse('2025-08-20T00:00:00Z'), preview: 'movable' } });
    const live = (await (await get('/ssr/timestamp')).json()) as { data: { timestamp: number } };
    expect(Math.abs(live.data.timestamp - Date.now())).toBeLessThan(60_000);
  });

  it('gives crawlers the complete document', async () => {
    const html = await (await get('/us/flagship-bumblebee', { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } })).text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('id="gallery"');
  });

  it('answers 404 for a missing hashed asset, so the page reloads', async () => {
    expect((await get('/assets/hydrate-gone.js')).status).toBe(404);
  });

  it.each([
    ['/images/tiles/gone.svg', 404],
    ['/manuals/gone.pdf', 404],
    ['/media/gone.mp4', 404],
    ['/images/__proto__', 404],
    ['/images/constructor/prototype', 404],
    ['/manuals/..%2f..%2fus', 404],
    [`/images/${'x'.repeat(8000)}.svg`, 404],
    // A path with control characters is malformed anywhere: the edition's localized 400 page.
    ['/media/%00%0d%0aSet-Cookie:%20x=1', 400],
  ] as const)('answers a missing static file plainly, hostile names included (%#): no redirect, no page', async (path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Location')).toBeNull();
    expect(res.headers.get('Set-Cookie')).toBeNull();
    if (status === 404) expect(await res.text()).toBe('Not Found');
  });

  it("still serves pages named like a static folder: the China edition's manuals page at the root", async () => {
    expect((await get('/manuals', { host: 'cn.localhost' })).status).toBe(200);
    expect((await get('/us/manuals')).status).toBe(200);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get('/us', { method: 'POST' })).status).toBe(405);
    expect((await get('/us', { method: 'HEAD' })).status).toBe(200);
  });
});

describe('home hero', () => {
  it('features the Flagship Bumblebee where it is sold, else the regional store', async () => {
    const us = await (await get('/us')).text();
    expect(us).toMatch(/class="hero-actions"><a class="button primary" href="\/us\/flagship-bumblebee#hero"/);
    const kr = await (await get('/kr')).text();
    expect(kr).toMatch(
      /class="hero-actions"><a class="button primary" href="https:\/\/www\.robolux-korea\.co\.kr" rel="noopener" data-identify="shop">쇼핑하기</,
    );
  });
});
