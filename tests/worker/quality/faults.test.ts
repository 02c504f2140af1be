import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import deDE from '../../../locales/de-DE/common.json';
import jaJP from '../../../locales/ja-JP/common.json';
import { store } from '../../../worker/context/content';
import type { Bindings } from '../../../worker/env';
import worker from '../../../worker/index';
import { sitemapPages } from '../crawl';
import { ctx } from '../fetch';

// Faults (docs/decisions/0008): KV throwing, timing out or answering corrupt JSON for the bundles and
// the schedule; D1 failing. Pages answer 200 from the copy compiled into the worker, many
// concurrent misses make one KV read, and subscribing says so in the visitor's language.

type Get = KVNamespace['get'];
const kvWith = (get: (key: string) => Promise<string | null>) => ({ ...env.CONTENT, get: get as unknown as Get }) as KVNamespace;

const FAULTS: [string, KVNamespace][] = [
  ['throws', kvWith(() => Promise.reject(new Error('KV is down')))],
  ['never answers (timeout)', kvWith(() => new Promise<never>(() => {}))],
  ['answers corrupt JSON', kvWith(() => Promise.resolve('{"region": "us", "nav": [tru'))],
  ['answers JSON that fails the schema', kvWith(() => Promise.resolve('{"region":"us","nav":42,"stages":{"us":["not a date"]}}'))],
];

const fetchWith = (url: string, bindings: Partial<Bindings>, init?: RequestInit) =>
  worker.fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...bindings }, ctx);

let pages: string[] = [];
const expected = new Map<string, { lang: string; title: string }>();
const headOf = (html: string) => ({ lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? '', title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '' });

beforeAll(async () => {
  pages = await sitemapPages();
  for (const url of pages) expected.set(url, headOf(await (await fetchWith(url, {})).text()));
});

afterEach(() => {
  store.forget();
  vi.restoreAllMocks();
});

describe('KV faults', { timeout: 60_000 }, () => {
  it.each(FAULTS)('every page answers 200 with its content when KV %s', async (_, broken) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    store.forget();
    const responses = await Promise.all(pages.map((url) => fetchWith(url, { CONTENT: broken })));
    for (const [i, res] of responses.entries()) {
      expect(res.status, pages[i]).toBe(200);
      expect(headOf(await res.text()), pages[i]).toEqual(expected.get(pages[i]!));
    }
    // One structured warning per fault (worker/log.ts `logEvent`).
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ fault: 'unusable', message: expect.stringContaining('unusable') }));
  });

  it('makes one KV read per key for many concurrent misses, not a stampede', async () => {
    const reads = new Map<string, number>();
    const counting = kvWith(async (key) => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 50));
      return env.CONTENT.get(key);
    });
    store.forget();
    const urls = Array.from({ length: 60 }, (_, i) => ['http://localhost/us', 'http://localhost/de/flagship-bumblebee', 'http://cn.localhost/'][i % 3]!);
    const statuses = await Promise.all(urls.map(async (url) => (await fetchWith(url, { CONTENT: counting })).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(Object.fromEntries(reads)).toEqual({ 'bundle:us': 1, 'bundle:de': 1, 'bundle:cn': 1, schedule: 1 });
  });

  it('makes one KV read per key for concurrent misses while KV is failing, then serves from memory', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let reads = 0;
    const failing = kvWith(async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 20));
      throw new Error('KV is down');
    });
    store.forget();
    await Promise.all(Array.from({ length: 40 }, () => fetchWith('http://localhost/fr', { CONTENT: failing })));
    expect(reads).toBe(2); // bundle:fr and schedule
    await fetchWith('http://localhost/fr', { CONTENT: failing });
    expect(reads).toBe(2);
  });
});

// Like the KV faults, it walks every sitemap page, so it gets the same time.
describe('D1 faults', { timeout: 60_000 }, () => {
  const downDb = {
    prepare: () => {
      throw new Error('D1 is down');
    },
    batch: () => Promise.reject(new Error('D1 is down')),
    exec: () => Promise.reject(new Error('D1 is down')),
  } as unknown as D1Database;

  it.each([
    ['de', deDE.api.message.default],
    ['jp', jaJP.api.message.default],
  ])('subscribing in %s answers a clear error in its language', async (region, message) => {
    const res = await fetchWith(
      'http://localhost/account/user/subscribe/create',
      { DB: downDb },
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `down-${region}@example.com`, region, source: 'footer' }),
      },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 5000, msg: message, data: {} });
  });

  it('a footer form post while D1 is down comes back to the page with the error shown', async () => {
    const res = await fetchWith(
      'http://localhost/account/user/subscribe/create',
      { DB: downDb },
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/de' },
        body: new URLSearchParams({ email: 'down-form@example.com', region: 'de', source: 'footer', next: '/de' }).toString(),
      },
    );
    expect(res.status).toBe(303);
    const back = await fetchWith(new URL(res.headers.get('Location')!, 'http://localhost').href, { DB: downDb });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain(deDE.api.message.default);
  });

  it('pages are unaffected', async () => {
    for (const url of pages) expect((await fetchWith(url, { DB: downDb })).status, url).toBe(200);
  });
});
