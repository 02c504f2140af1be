import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import type { Schedule } from '../../../content/schema/schedule';
import { bundledCopy } from '../../../worker/bundle/build';
import { bundleKey, SCHEDULE_KEY } from '../../../worker/bundle/store';
import { contentInstants, nextBoundary, nextChange } from '../../../worker/clock/boundaries';
import { clock } from '../../../worker/context/clock';
import { config } from '../../../worker/context/config';
import { content, store } from '../../../worker/context/content';
import { edition } from '../../../worker/context/edition';
import { origins } from '../../../worker/context/origins';
import { site } from '../../../worker/context/site';
import type { AppEnv } from '../../../worker/context/types';
import app from '../../../worker/index';
import { clearRenderCache, keep, planFor, renderCache, settled, withoutTracking } from '../../../worker/pages/render-cache';
import { acceptsGzip, matchesEtag, PageLru, type CachedPage } from '../../../worker/render/page-cache';
import { security } from '../../../worker/render/security';
import { ctx, fetchWorker, get, getAt, pick, type GetOptions } from '../fetch';

const ms = (iso: string) => Date.parse(iso);
const nonceOf = (res: Response) => pick(res.headers.get('Content-Security-Policy') ?? '', /'nonce-([^']+)'/)!;
const state = (res: Response) => res.headers.get('X-Render-Cache');

/** Fetches a page, reads it whole and waits until its copy is stored. */
async function fetchPage(path: string, options: GetOptions = {}) {
  const res = await get(path, options);
  const html = await res.text();
  await settled();
  return { res, html, nonce: nonceOf(res) };
}

describe('nextBoundary: the instants of the schedule that can change a page', () => {
  const schedule: Schedule = {
    stages: { us: ['2025-08-11T15:00:00+08:00', '2025-08-23T15:00:00+08:00'], de: ['2025-08-20T00:00:00+02:00'] },
    campaigns: { 'black-friday': { fr: ['2025-09-01T00:00:00+02:00'] } },
    windows: {
      'banner:uk:x': { endTime: '2025-08-20T00:00:00+01:00' },
      'nav:y': { startTime: '2025-03-27T23:00:00+08:00' },
      'route:z': { stages: [1, 2] },
    },
  };
  it.each([
    ['before everything', '2025-01-01T00:00:00Z', '2025-03-27T15:00:00Z'],
    ['a nav entry starts', '2025-03-27T14:59:59Z', '2025-03-27T15:00:00Z'],
    ['at a boundary, the next one', '2025-03-27T15:00:00Z', '2025-08-11T07:00:00Z'],
    ['a us stage threshold', '2025-08-01T00:00:00Z', '2025-08-11T07:00:00Z'],
    ['another region’s stage threshold counts (hreflang)', '2025-08-12T00:00:00Z', '2025-08-19T22:00:00Z'],
    ['a banner end', '2025-08-19T22:00:00Z', '2025-08-19T23:00:00Z'],
    ['the last threshold', '2025-08-20T00:00:00Z', '2025-08-23T07:00:00Z'],
    ['a campaign’s own threshold in one region', '2025-08-23T07:00:00Z', '2025-08-31T22:00:00Z'],
    ['nothing after the last', '2025-08-31T22:00:00Z', undefined],
  ])('%s: at %s the next is %s', (_, now, next) => {
    expect(nextBoundary(schedule, ms(now))).toBe(next === undefined ? undefined : ms(next));
  });

  it('reads the bundled schedule: the US sale ends 2025-08-26T15:00+08:00', () => {
    expect(nextBoundary(DEFAULT_SCHEDULE, ms('2025-08-24T00:00:00Z'))).toBe(ms('2025-08-26T07:00:00Z'));
  });

  it('finds dated content items anywhere in a bundle, and the new year the footer prints', () => {
    const tree = { pack: { navs: [{ children: [{ startTime: '2030-01-02T00:00:00Z' }] }], textBanner: [{ endTime: '2029-06-01T00:00:00Z' }] } };
    expect(contentInstants(tree)).toEqual([ms('2029-06-01T00:00:00Z'), ms('2030-01-02T00:00:00Z')]);
    const empty: Schedule = { stages: {}, campaigns: {}, windows: {} };
    expect(nextChange(empty, tree, ms('2029-01-01T00:00:00Z'))).toBe(ms('2029-06-01T00:00:00Z'));
    expect(nextChange(empty, tree, ms('2029-07-01T00:00:00Z'))).toBe(ms('2030-01-01T00:00:00Z'));
    expect(nextChange(schedule, {}, ms('2025-08-01T00:00:00Z'))).toBe(ms('2025-08-11T07:00:00Z'));
  });
});

describe('the in-memory LRU', () => {
  const page = (key: string, expires = 1_000, size = 10): CachedPage => ({
    key,
    status: 200,
    rendered: 0,
    gzip: new Uint8Array(),
    etag: '"e"',
    links: [],
    expires,
    size,
  });

  it('serves an entry until the instant it expires, not at it', () => {
    const lru = new PageLru({ entries: 10, bytes: 1_000 });
    lru.set(page('a', 1_000));
    expect(lru.get('a', 999)?.key).toBe('a');
    expect(lru.get('a', 1_000)).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('holds at most its number of entries, dropping the least recently used', () => {
    const lru = new PageLru({ entries: 2, bytes: 1_000 });
    lru.set(page('a'));
    lru.set(page('b'));
    lru.get('a', 0);
    lru.set(page('c'));
    expect(lru.keys()).toEqual(['a', 'c']);
  });

  it('holds at most its size, and never an entry larger than it', () => {
    const lru = new PageLru({ entries: 10, bytes: 25 });
    lru.set(page('a', 1_000, 10));
    lru.set(page('b', 1_000, 10));
    lru.set(page('c', 1_000, 10));
    expect(lru.keys()).toEqual(['b', 'c']);
    lru.set(page('huge', 1_000, 26));
    expect(lru.keys()).toEqual(['b', 'c']);
  });
});

describe('which queries are cached', () => {
  it.each([
    ['', ''],
    ['?utm_source=news&utm_medium=mail&gclid=x', ''],
    ['?subscribe=ok&source=footer', undefined],
    ['?utm_source=news&next=/x', undefined],
  ])('%j is cached as %j', (query, cached) => {
    expect(withoutTracking(new URL(`http://localhost/us/faq${query}`))?.search).toBe(cached);
  });

  it('compares If-None-Match weakly, as RFC 9110 asks', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    // If-None-Match compares weakly (RFC 9110 §13.1.2): a weak tag matches its strong twin.
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"c", W/"d"', '"b"')).toBe(false);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });

  it('ignores hostile If-None-Match values', () => {
    for (const header of ['', ',,,', '"', '__proto__', '\u0000"b"', `${'"x", '.repeat(10_000)}"y"`]) expect(matchesEtag(header, '"b"')).toBe(false);
  });

  it.each([
    ['gzip, deflate, br', true],
    ['br, gzip', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0.5', true],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['*;q=0', false],
    ['*;q=0, gzip', true],
    ['identity', false],
    ['', false],
    [undefined, false],
    ['gzip;q=abc', false],
    ['gzip;q=', false],
    ['x-gzip', false],
    ['__proto__, constructor', false],
    ['\u0000gzip\u0007', false],
    [`${'br, '.repeat(20_000)}gzip`, true],
  ])('Accept-Encoding %j accepts gzip: %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});

describe('render cache through the worker', () => {
  beforeEach(() => clearRenderCache());
  afterEach(async () => {
    await env.CONTENT.delete(SCHEDULE_KEY);
    await env.CONTENT.delete(bundleKey('us'));
    store.forget();
    await clearRenderCache();
  });

  it('renders a page once, then serves the same body from the cache, with a fresh CSP nonce and the boot lines allowed by their hash', async () => {
    const first = await fetchPage('/us/faq');
    expect(first.res.status).toBe(200);
    expect(state(first.res)).toBe('miss');
    const second = await fetchPage('/us/faq');
    expect(second.res.status).toBe(200);
    expect(state(second.res)).toBe('hit');
    expect(second.res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(second.res.headers.get('Cache-Control')).toBe('private, max-age=0, must-revalidate');
    expect(second.html).toBe(first.html);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
    // The inline boot lines are exactly what the CSP's hash allows.
    const from = second.html.indexOf('<script>') + '<script>'.length;
    const boot = second.html.slice(from, second.html.indexOf('</script>', from));
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(boot)))));
    expect(second.res.headers.get('Content-Security-Policy')).toContain(`'sha256-${digest}'`);
  });

  it('sends a browser the stored gzip bytes, and anyone else the plain page', async () => {
    const plain = await fetchPage('/us/faq');
    const zipped = await get('/us/faq', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect([state(zipped), zipped.headers.get('Content-Encoding'), zipped.headers.get('Vary')]).toEqual(['hit', 'gzip', 'Accept-Encoding']);
    const unzipped = await new Response(zipped.body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(unzipped).toBe(plain.html);
    const refused = await get('/us/faq', { headers: { 'Accept-Encoding': 'gzip;q=0, identity' } });
    expect(refused.headers.get('Content-Encoding')).toBeNull();
    expect(await refused.text()).toBe(plain.html);
  });

  it('shares a page through the colo: an isolate whose memory lacks it serves the colo’s copy, the same page and ETag', async () => {
    const first = await fetchPage('/us/faq');
    const etag = (await get('/us/faq')).headers.get('ETag');
    renderCache.clear();
    const fromColo = await get('/us/faq', { headers: { 'Accept-Encoding': 'gzip' } });
    expect([state(fromColo), fromColo.headers.get('Content-Encoding'), fromColo.headers.get('ETag')]).toEqual(['hit', 'gzip', etag]);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(await new Response(fromColo.body!.pipeThrough(new DecompressionStream('gzip'))).text()).toBe(first.html);
    // And a client that refuses gzip gets the same page, unzipped.
    renderCache.clear();
    const plain = await fetchPage('/us/faq', { headers: { 'Accept-Encoding': 'identity' } });
    expect([state(plain.res), plain.res.headers.get('Content-Encoding'), plain.html]).toEqual(['hit', null, first.html]);
  });

  it('never stores a page that carries its response’s nonce (lines made for one visitor)', async () => {
    const probe = new Hono<AppEnv>();
    probe.use('*', config(), security());
    probe.get('*', origins(), clock(), edition(), content(), site(), (c) => {
      const plan = planFor(c, c.var.site)!;
      const html = `<!doctype html><script nonce="${c.var.site.nonce}">personal()</script>`;
      return keep(
        c,
        plan,
        new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, max-age=0, must-revalidate' } }),
      );
    });
    for (let i = 0; i < 2; i++) {
      const res = await probe.fetch(new Request('http://localhost/us/faq'), env, ctx);
      await res.text();
      await settled();
      expect(state(res)).toBe('miss');
    }
  });

  it('keeps made-up paths’ not-found pages from pushing real pages out of memory', async () => {
    await fetchPage('/us/faq');
    for (let i = 0; i < 60; i++) await fetchPage(`/us/made-up-${i}`);
    expect(renderCache.size).toBe(51);
    expect(renderCache.keys().filter((key) => key.includes('|/us/faq|'))).toHaveLength(1);
    expect(state((await fetchPage('/us/faq')).res)).toBe('hit');
    // 61 renders: some 5 s on a loaded 2-core machine.
  }, 30_000);

  it('caches the not-found page of a path, and the China edition apart from the global one', async () => {
    expect(state((await fetchPage('/us/no-such-page')).res)).toBe('miss');
    const again = await fetchPage('/us/no-such-page');
    expect([again.res.status, state(again.res)]).toEqual([404, 'hit']);
    const cn = await fetchPage('/', { host: 'cn.localhost' });
    expect([cn.res.status, state(cn.res)]).toEqual([200, 'miss']);
    expect(pick(cn.html, /<html lang="([^"]+)"/)).toBe('zh-CN');
  });

  it('keeps http and https apart: the canonical link follows the scheme the page was asked on', async () => {
    const secure = await fetchWorker('https://localhost/us/faq');
    await secure.text();
    await settled();
    const plain = await fetchPage('/us/faq');
    expect(state(plain.res)).toBe('miss');
    expect(pick(plain.html, /<link rel="canonical" href="([^"]+)"/)).toBe('http://localhost/us/faq');
  });

  it('never caches a preview, nor serves one from the cache', async () => {
    await fetchPage('/us');
    for (let i = 0; i < 2; i++) {
      const res = await getAt('/us', '2025-08-12T00:00:00Z');
      expect(state(res)).toBe('bypass');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(await res.text()).toContain('Back to School');
    }
  });

  it('never caches a redirect, a POST, a 400 or a query it does not know', async () => {
    for (let i = 0; i < 2; i++) {
      const redirect = await get('/us/new-release?utm_source=news');
      expect(redirect.status).toBe(301);
      expect(redirect.headers.get('Location')).toBe('/us/flagship-bumblebee?utm_source=news');
      expect(state(redirect)).toBe(null);
      const post = await get('/us/faq', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(post.status).toBeGreaterThanOrEqual(400);
      expect(state(post)).not.toBe('hit');
      const outcome = await fetchPage('/us/faq?subscribe=ok&source=footer');
      expect(state(outcome.res)).toBe('bypass');
    }
    const bad = await get('/us/a%2Fb');
    expect(bad.status).toBe(400);
    expect(state(bad)).not.toBe('hit');
    await settled();
    expect(renderCache.size).toBe(0);
  });

  it('serves a URL with only tracking parameters from the plain page’s entry', async () => {
    await fetchPage('/us/faq');
    const tagged = await fetchPage('/us/faq?utm_source=news&gclid=abc');
    expect(state(tagged.res)).toBe('hit');
    expect(tagged.html).not.toContain('utm_source');
  });

  it('never stores a 500 or any status but 200 and 404', async () => {
    const probe = new Hono<AppEnv>();
    probe.use('*', config(), security());
    probe.get('*', origins(), clock(), edition(), content(), site(), (c) => {
      const plan = planFor(c, c.var.site)!;
      const status = Number(c.req.query('utm_source'));
      return keep(c, plan, c.body('<html>broken</html>', status as 500, { 'Cache-Control': 'private, max-age=0, must-revalidate' }));
    });
    for (const status of [500, 503, 302, 410]) {
      const res = await probe.fetch(new Request(`http://localhost/us/faq?utm_source=${status}`), env, ctx);
      expect(res.status).toBe(status);
      await res.text();
    }
    await settled();
    expect(renderCache.size).toBe(0);
  });

  it('answers 304 to a matching If-None-Match, with a strong ETag per variant', async () => {
    await fetchPage('/us/faq');
    const hit = await fetchPage('/us/faq');
    const etag = hit.res.headers.get('ETag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const other = await fetchPage('/de/faq');
    const otherHit = await fetchPage('/de/faq');
    expect(state(other.res)).toBe('miss');
    expect(otherHit.res.headers.get('ETag')).not.toBe(etag);
    const conditional = await get('/us/faq', { headers: { 'If-None-Match': etag } });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe('');
    expect(conditional.headers.get('ETag')).toBe(etag);
    // No policy on a 304: the browser would merge a fresh nonce into the stored page's headers
    // and block that page's inline scripts (the stored policy matches the stored body).
    expect(conditional.headers.get('Content-Security-Policy')).toBeNull();
    const stale = await get('/us/faq', { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    // A proxy that re-encoded the page hands the tag back weak: still the same page.
    expect((await get('/us/faq', { headers: { 'If-None-Match': `W/${etag}` } })).status).toBe(304);
  });

  it('sends Link preloads for the stylesheet, and on a hit for the page’s first image', async () => {
    const miss = await fetchPage('/us/flagship-bumblebee');
    expect(miss.res.headers.get('Link')).toMatch(/^<\/assets\/[^>]+\.css>; rel=preload; as=style$/);
    const hit = await fetchPage('/us/flagship-bumblebee');
    const image = pick(hit.html, /<img\b[^>]*?\ssrc="(\/[^"]+)"/)!;
    expect(hit.res.headers.get('Link')).toBe(`${miss.res.headers.get('Link')}, <${image}>; rel=preload; as=image`);
  });

  it('renders the new page after a KV schedule push and after a new bundle', async () => {
    await fetchPage('/us/faq');
    expect(state((await fetchPage('/us/faq')).res)).toBe('hit');
    await env.CONTENT.put(SCHEDULE_KEY, JSON.stringify({ windows: { 'nav:new-release': { startTime: '2099-01-01T00:00:00Z' } } }));
    store.forget();
    expect(state((await fetchPage('/us/faq')).res)).toBe('miss');
    expect(state((await fetchPage('/us/faq')).res)).toBe('hit');
    // One KV document is one schedule object, so its version is hashed once, not per request.
    expect(await store.schedule(env.CONTENT)).toBe(await store.schedule(env.CONTENT));
    const bundle = JSON.stringify(bundledCopy('us')).replaceAll('Robolux', 'Robolux KV');
    await env.CONTENT.put(bundleKey('us'), bundle);
    store.forget();
    const renamed = await fetchPage('/us/faq');
    expect(state(renamed.res)).toBe('miss');
    expect(renamed.html).toContain('Robolux KV');
  });

  it('renders the page again once a stage boundary passes', async () => {
    const day = 86_400_000;
    // Far enough ahead for two requests on a loaded machine.
    const soon = Date.now() + 3_000;
    const iso = (t: number) => new Date(t).toISOString();
    await env.CONTENT.put(SCHEDULE_KEY, JSON.stringify({ stages: { us: [iso(Date.now() - 2 * day), iso(Date.now() - day), iso(soon)] } }));
    store.forget();
    const title = (html: string) => pick(html, /<title>([^<]+)<\/title>/);
    const during = await fetchPage('/us');
    expect(title(during.html)).toContain('Back to School');
    expect(state((await fetchPage('/us')).res)).toBe('hit');
    await new Promise((resolve) => setTimeout(resolve, soon - Date.now() + 100));
    const after = await fetchPage('/us');
    expect(state(after.res)).toBe('miss');
    expect(title(after.html)).not.toContain('Back to School');
  }, 20_000);

  it('is off with RENDER_CACHE="off"', async () => {
    const off = { ...env, RENDER_CACHE: 'off' };
    for (let i = 0; i < 2; i++) {
      const res = await app.fetch(new Request('http://localhost/us/faq'), off, ctx);
      expect(res.status).toBe(200);
      expect(state(res)).toBe('bypass');
      await res.text();
    }
    await settled();
    expect(renderCache.size).toBe(0);
  });
});
