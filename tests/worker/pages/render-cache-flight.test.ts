import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEDULE_KEY } from '../../../worker/bundle/store';
import { lastChange } from '../../../worker/clock/boundaries';
import { clock } from '../../../worker/context/clock';
import { config } from '../../../worker/context/config';
import { content, store } from '../../../worker/context/content';
import { edition } from '../../../worker/context/edition';
import { origins } from '../../../worker/context/origins';
import { site } from '../../../worker/context/site';
import type { AppEnv } from '../../../worker/context/types';
import { answer } from '../../../worker/pages/handler';
import { clearRenderCache, planFor, renderCache, settled, STALE_MS, throughCache } from '../../../worker/pages/render-cache';
import { sharedGet, sharedPut, type CachedPage } from '../../../worker/render/page-cache';
import { security } from '../../../worker/render/security';
import { ctx, get } from '../fetch';

// An entry lives until the next instant that can change its page, not a moment longer; a new
// content or schedule version is served stale for a few seconds at most while one request
// renders it; concurrent misses render once (decision 0028). The Workers Vitest integration
// does not move KV's or the Cache API's clock with fake timers, so `now` is injected through
// the clock middleware, as the Site's effective now.

const ms = (iso: string) => Date.parse(iso);
/** After every dated thing of the bundled schedule, so the test's own windows are the only boundaries ahead. */
const T = ms('2031-03-01T00:00:00Z');
/** The boundary the tests put ahead: the new-release nav entry's window opening again (a window the schedule check knows). */
const B = ms('2031-03-01T12:00:00Z');
const state = (res: Response) => res.headers.get('X-Render-Cache');

/** Pushes a schedule document of windows (id → start) to KV and makes the store read it. */
async function pushWindows(windows: Record<string, number>): Promise<void> {
  const doc = { windows: Object.fromEntries(Object.entries(windows).map(([id, at]) => [id, { startTime: new Date(at).toISOString() }])) };
  await env.CONTENT.put(SCHEDULE_KEY, JSON.stringify(doc));
  store.forget();
}

/**
 * The page step behind the render cache at an injected now, counting renders; each render
 * waits for `gate` (open unless a test closes it).
 */
function probe() {
  let now = T;
  let renders = 0;
  let open: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const app = new Hono<AppEnv>();
  app.use('*', config(), security());
  app.get(
    '*',
    origins(),
    clock(() => now),
    edition(),
    content(),
    site(),
    (c) =>
      throughCache(c, c.var.site, async (s) => {
        renders++;
        await gate;
        return answer(c as never, s);
      }),
  );
  return {
    at(t: number) {
      now = t;
    },
    get renders() {
      return renders;
    },
    close() {
      gate = new Promise((resolve) => (open = resolve));
    },
    open: () => open(),
    /** Starts a request; resolves with its state and HTML once it has been read whole and its copy stored. */
    async fetch(path = '/us/faq', headers: Record<string, string> = {}) {
      const res = await app.fetch(new Request(`http://localhost${path}`, { headers }), env, ctx);
      const html = await res.text();
      await settled();
      return { state: state(res), html, etag: res.headers.get('ETag') };
    },
    /** The plan the cache makes for a path now. */
    plan(path = '/us/faq') {
      let plan: ReturnType<typeof planFor>;
      const planner = new Hono<AppEnv>();
      planner.get(
        '*',
        config(),
        origins(),
        clock(() => now),
        edition(),
        content(),
        site(),
        (c) => {
          plan = planFor(c, c.var.site);
          return c.text('');
        },
      );
      return Promise.resolve(planner.fetch(new Request(`http://localhost${path}`), env, ctx)).then(() => plan!);
    },
  };
}

/** Lets pending requests get as far as they can (the Cache API's lookups are real I/O). */
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the render cache in time', () => {
  beforeEach(async () => {
    await clearRenderCache();
    await pushWindows({ 'nav:new-release': B });
  });
  afterEach(async () => {
    await env.CONTENT.delete(SCHEDULE_KEY);
    store.forget();
    await clearRenderCache();
  });

  it('keeps an entry until the next boundary, to the millisecond, and never past it: memory, colo and the page step', async () => {
    const cache = probe();
    const plan = (await cache.plan())!;
    expect(plan.expires).toBe(B);
    expect(plan.key).not.toContain('Canada');
    expect((await cache.fetch()).state).toBe('miss');
    const stored = renderCache.get(plan.key, B - 1)!;
    expect(stored.expires).toBe(B);
    expect(renderCache.get(plan.key, B - 1)).toBeDefined();
    expect((await sharedGet(plan.origin, plan.key, B - 1))?.expires).toBe(B);
    expect(await sharedGet(plan.origin, plan.key, B)).toBeUndefined();
    // Hours later, a millisecond before the boundary: still the stored page (no 30 s ceiling).
    cache.at(B - 1);
    expect((await cache.fetch()).state).toBe('hit');
    expect(cache.renders).toBe(1);
    // At the boundary: a new interval, a new key, and the old page is gone from memory too.
    cache.at(B);
    expect((await cache.plan())!.key).not.toBe(plan.key);
    expect((await cache.fetch()).state).toBe('miss');
    expect(cache.renders).toBe(2);
    expect(renderCache.get(plan.key, B)).toBeUndefined();
  });

  it('never serves the previous stage at a boundary, not even while the new one renders', async () => {
    const cache = probe();
    cache.at(B - 1);
    await cache.fetch();
    cache.at(B);
    cache.close();
    const leader = cache.fetch();
    await pause();
    const follower = cache.fetch();
    await pause();
    cache.open();
    expect([(await leader).state, (await follower).state]).toEqual(['miss', 'hit']);
    expect(cache.renders).toBe(2);
  });

  it('serves the previous version’s page for at most STALE_MS while one request renders a new schedule version, then the new one', async () => {
    const cache = probe();
    const before = await cache.fetch();
    // Ops push a schedule: a new version, nothing that changes the page now.
    await pushWindows({ 'nav:new-release': B, 'banner:uk:new-release': ms('2040-01-01T00:00:00Z') });
    const t = T + 60_000;
    cache.at(t);
    cache.close();
    const leader = cache.fetch();
    await pause();
    cache.at(t + STALE_MS - 1);
    const stale = await cache.fetch();
    expect([stale.state, stale.html]).toEqual(['stale', before.html]);
    expect(stale.etag).toBe(before.etag ?? stale.etag);
    // The bound: from then on requests wait on the render instead.
    cache.at(t + STALE_MS);
    const waiting = cache.fetch();
    await pause();
    cache.open();
    expect([(await leader).state, (await waiting).state]).toEqual(['miss', 'hit']);
    expect(cache.renders).toBe(2);
    cache.at(t + STALE_MS + 1);
    expect((await cache.fetch()).state).toBe('hit');
  });

  it('never serves a previous version’s page rendered before a boundary the new version brings', async () => {
    const cache = probe();
    await cache.fetch();
    // The new schedule opens something at T + 30 s: a page rendered at T shows what is over.
    await pushWindows({ 'nav:new-release': B, 'banner:uk:new-release': T + 30_000 });
    cache.at(T + 60_000);
    expect(lastChange((await store.schedule(env.CONTENT))!, {}, T + 60_000)).toBe(T + 30_000);
    cache.close();
    const leader = cache.fetch();
    await pause();
    const follower = cache.fetch();
    await pause();
    cache.open();
    expect([(await leader).state, (await follower).state]).toEqual(['miss', 'hit']);
  });

  it('renders once for concurrent misses of one key, whoever the visitors: each gets their own parts', async () => {
    const cache = probe();
    cache.close();
    const visitors: Record<string, string>[] = [{}, { 'CF-IPCountry': 'CA' }, { 'CF-IPCountry': 'DE' }, { 'CF-IPCountry': 'BR' }, {}, { 'CF-IPCountry': 'FR' }];
    const answers = visitors.map((headers) => cache.fetch('/us/faq', headers));
    await pause();
    cache.open();
    const done = await Promise.all(answers);
    expect(cache.renders).toBe(1);
    expect(done.map((a) => a.state).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
    const label = (html: string) => /data-region-label="true">([^<]+)</.exec(html)?.[1];
    expect(done.map((a) => label(a.html))).toEqual([
      'United States - English',
      'Canada - English',
      'Other Regions - English',
      'Other Regions - English',
      'United States - English',
      'Other Regions - English',
    ]);
    expect(done.map((a) => /data-suggest="(\w+)"/.exec(a.html)?.[1])).toEqual([undefined, undefined, 'de', undefined, undefined, 'fr']);
  });

  it('renders once for concurrent misses through the worker', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/us/contact-us')));
    await settled();
    expect(answers.map(state).filter((s) => s === 'miss')).toHaveLength(1);
    expect(answers.map(state).filter((s) => s === 'hit')).toHaveLength(7);
  });

  it('keeps the copy another isolate shared first: the colo’s first entry wins', async () => {
    const cache = probe();
    const plan = (await cache.plan())!;
    const theirs: CachedPage = {
      key: plan.key,
      status: 200,
      rendered: T,
      gzip: new Uint8Array(await new Response(new Response('<p>theirs</p>').body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer()),
      etag: '"theirs"',
      links: [],
      expires: B,
      size: 1,
    };
    expect(await sharedPut(plan.origin, theirs, T)).toBe(theirs);
    // This isolate renders and shares the same key afterwards: the first copy stands, and this isolate adopts it.
    const ours = { ...theirs, etag: '"ours"' };
    expect((await sharedPut(plan.origin, ours, T)).etag).toBe('"theirs"');
    expect((await sharedGet(plan.origin, plan.key, T))?.etag).toBe('"theirs"');
  });
});
