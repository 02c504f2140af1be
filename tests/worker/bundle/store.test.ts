import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHEDULE } from '../../../content/schedule';
import { bundledCopy } from '../../../worker/bundle/build';
import { ContentStore, SCHEDULE_KEY, bundleKey } from '../../../worker/bundle/store';
import { mergeSchedule } from '../../../worker/clock/merge';

/** A KV stand-in whose `get` does what each test needs. */
function fakeKv(get: (key: string) => Promise<string | null>) {
  const spy = vi.fn(get);
  return { kv: { get: spy } as unknown as KVNamespace, spy };
}

function quietStore(clock = () => 0) {
  const log = vi.fn();
  return { store: new ContentStore({ clock, log, kvTimeout: 50 }), log };
}

describe('ContentStore', () => {
  it('serves the bundled copy when KV has nothing, and logs the missing bundle once until it is back', async () => {
    let now = 0;
    let answer: string | null = null;
    const { kv } = fakeKv(async () => answer);
    const { store, log } = quietStore(() => now);
    expect(await store.bundle(kv, 'de')).toEqual(bundledCopy('de'));
    expect(log).toHaveBeenCalledExactlyOnceWith({ message: 'content: KV "bundle:de" missing, serving the bundled copy', key: 'bundle:de', fault: 'missing' });
    now += 60_000;
    expect(await store.bundle(kv, 'de')).toEqual(bundledCopy('de'));
    expect(log).toHaveBeenCalledOnce();
    // Stored again, then deleted again: that is news.
    answer = JSON.stringify({ ...bundledCopy('de'), version: 'pushed' });
    now += 60_000;
    expect((await store.bundle(kv, 'de')).version).toBe('pushed');
    answer = null;
    now += 60_000;
    expect(await store.bundle(kv, 'de')).toEqual(bundledCopy('de'));
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('does not log a missing schedule: no ops document is the normal case', async () => {
    const { store, log } = quietStore();
    expect(await store.schedule(fakeKv(async () => null).kv)).toBe(DEFAULT_SCHEDULE);
    expect(log).not.toHaveBeenCalled();
  });

  it('rejects a bundle that names another edition than its key, logs it once per version, and serves the last good one', async () => {
    let now = 0;
    const good = { ...bundledCopy('us'), version: 'good-us' };
    let answer = JSON.stringify(good);
    const { kv } = fakeKv(async () => answer);
    const { store, log } = quietStore(() => now);
    expect((await store.bundle(kv, 'us')).version).toBe('good-us');
    // The German bundle pushed under bundle:us.
    answer = JSON.stringify({ ...bundledCopy('de'), version: 'de-1' });
    for (let i = 0; i < 3; i++) {
      now += 60_000;
      const served = await store.bundle(kv, 'us');
      expect(served.version).toBe('good-us');
      expect(served.locale).toBe('en-US');
    }
    expect(log).toHaveBeenCalledExactlyOnceWith({
      message: 'content: KV "bundle:us" rejected, serving last good content: names edition de (de-DE), stored under us (en-US)',
      key: 'bundle:us',
      fault: 'wrong-edition',
      version: 'de-1',
    });
    // Another wrong version is logged again; a bundle naming us with the German locale is wrong too.
    answer = JSON.stringify({ ...bundledCopy('de'), region: 'us', version: 'de-2' });
    now += 60_000;
    expect((await store.bundle(kv, 'us')).version).toBe('good-us');
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]![0]).toMatchObject({ fault: 'wrong-edition', version: 'de-2' });
  });

  it('serves the bundled copy for a wrong-edition bundle when there was no good one', async () => {
    const { kv } = fakeKv(async () => JSON.stringify(bundledCopy('fr')));
    const { store, log } = quietStore();
    expect(await store.bundle(kv, 'eu')).toEqual(bundledCopy('eu'));
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ fault: 'wrong-edition', key: 'bundle:eu' }));
  });

  it('serves a valid bundle from KV', async () => {
    const changed = { ...bundledCopy('fr'), version: 'from-kv' };
    const { kv } = fakeKv(async () => JSON.stringify(changed));
    const { store } = quietStore();
    expect((await store.bundle(kv, 'fr')).version).toBe('from-kv');
  });

  it.each([
    ['throws', () => Promise.reject(new Error('KV down'))],
    ['answers corrupt JSON', async () => '{"region":'],
    ['answers a document that fails its schema', async () => JSON.stringify({ region: 'fr', pack: 42 })],
    ['never answers', () => new Promise<string>(() => {})],
  ])('falls back to bundled content when KV %s, and logs it', async (_, get) => {
    const { kv } = fakeKv(get as () => Promise<string | null>);
    const { store, log } = quietStore();
    expect(await store.bundle(kv, 'jp')).toEqual(bundledCopy('jp'));
    expect(log).toHaveBeenCalledOnce();
  });

  it('keeps serving the last good KV content when KV later breaks', async () => {
    let now = 0;
    const good = { ...bundledCopy('uk'), version: 'good' };
    let answer: () => Promise<string | null> = async () => JSON.stringify(good);
    const { kv } = fakeKv(() => answer());
    const { store } = quietStore(() => now);
    expect((await store.bundle(kv, 'uk')).version).toBe('good');
    now += 60_000; // memory entry expired
    answer = async () => 'not json';
    expect((await store.bundle(kv, 'uk')).version).toBe('good');
  });

  it('serves the bundled copy, not a deleted document, when KV breaks after ops deleted it', async () => {
    let now = 0;
    let answer: () => Promise<string | null> = async () => JSON.stringify({ ...bundledCopy('uk'), version: 'pushed' });
    const { kv } = fakeKv(() => answer());
    const { store } = quietStore(() => now);
    expect((await store.bundle(kv, 'uk')).version).toBe('pushed');
    now += 60_000;
    answer = async () => null; // ops deleted the document
    expect(await store.bundle(kv, 'uk')).toEqual(bundledCopy('uk'));
    now += 60_000;
    answer = () => Promise.reject(new Error('KV down'));
    expect(await store.bundle(kv, 'uk')).toEqual(bundledCopy('uk'));
  });

  it('answers from memory within the TTL without reading KV again', async () => {
    const { kv, spy } = fakeKv(async () => null);
    const { store } = quietStore();
    await store.bundle(kv, 'us');
    await store.bundle(kv, 'us');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('shares one KV read among many concurrent misses', async () => {
    let release!: (v: string | null) => void;
    const { kv, spy } = fakeKv(() => new Promise((r) => (release = r)));
    const store = new ContentStore({ clock: () => 0, log: () => {}, kvTimeout: 5_000 });
    const all = Promise.all(Array.from({ length: 50 }, () => store.bundle(kv, 'kr')));
    release(null);
    const results = await all;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(new Set(results).size).toBe(1);
  });

  it('never leaves a request waiting on a shared read whose own request was cancelled', async () => {
    // A cancelled request's timers never fire: swallow the first timer, the read's own.
    vi.spyOn(globalThis, 'setTimeout').mockImplementationOnce((() => 0) as unknown as typeof setTimeout);
    let now = 0;
    let answer: () => Promise<string | null> = () => new Promise<never>(() => {});
    const { kv, spy } = fakeKv(() => answer());
    const { store, log } = quietStore(() => now);
    void store.bundle(kv, 'de'); // the request that is cancelled
    expect(await store.bundle(kv, 'de')).toEqual(bundledCopy('de')); // waits on its own timer
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ fault: 'unusable', message: expect.stringContaining('unusable') }));
    now += 100; // past the read timeout: the stale read is not shared any more
    answer = async () => JSON.stringify({ ...bundledCopy('de'), version: 'fresh' });
    expect((await store.bundle(kv, 'de')).version).toBe('fresh');
    expect(spy).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('merges a valid schedule over the defaults and ignores an invalid one', async () => {
    const override = { stages: { de: ['2026-11-20T00:00:00+01:00'] }, windows: { 'route:black-friday': { endTime: '2026-12-01T00:00:00+01:00' } } };
    const good = quietStore();
    const merged = await good.store.schedule(fakeKv(async () => JSON.stringify(override)).kv);
    expect(merged.stages.de).toEqual(override.stages.de);
    expect(merged.stages.us).toEqual(DEFAULT_SCHEDULE.stages.us);
    expect(merged.windows['route:black-friday']).toEqual(override.windows['route:black-friday']);
    expect(merged.windows['nav:new-release']).toEqual(DEFAULT_SCHEDULE.windows['nav:new-release']);

    const bad = quietStore();
    const ignored = await bad.store.schedule(
      fakeKv(async () => JSON.stringify({ stages: { us: ['yesterday', '2025-08-23T15:00:00+08:00', '2025-08-26T15:00:00+08:00'] } })).kv,
    );
    expect(ignored).toEqual(DEFAULT_SCHEDULE);
    const warning = bad.log.mock.calls[0]![0];
    expect(warning.fault).toBe('schedule-rejected');
    expect(warning.problems).toEqual([expect.stringMatching(/^stages\.us\[0\]: "yesterday" is not a date and time/)]);
  });

  it('rejects a schedule whose thresholds do not ascend', async () => {
    const { store, log } = quietStore();
    const doc = { stages: { us: ['2025-08-26T07:00:00Z', '2025-08-11T07:00:00Z', '2025-08-27T07:00:00Z'] } };
    expect(await store.schedule(fakeKv(async () => JSON.stringify(doc)).kv)).toEqual(DEFAULT_SCHEDULE);
    expect(log).toHaveBeenCalledOnce();
  });

  it('reads the real KV binding: bundle and schedule keys', async () => {
    await env.CONTENT.put(bundleKey('eu'), JSON.stringify({ ...bundledCopy('eu'), version: 'kv-eu' }));
    await env.CONTENT.put(SCHEDULE_KEY, JSON.stringify({ windows: { 'nav:new-release': { stage: 1 } } }));
    const { store } = quietStore();
    expect((await store.bundle(env.CONTENT, 'eu')).version).toBe('kv-eu');
    expect((await store.schedule(env.CONTENT)).windows['nav:new-release']).toEqual({ stage: 1 });
  });

  it('serves the newest recorded version that passes when KV’s document is refused, in any isolate, and says which', async () => {
    const good = { windows: { 'nav:new-release': { stage: 1 } } };
    const versions = [
      { version: 6, base: 5, body: JSON.stringify(good), pushed_by: 'ana@example.com', pushed_at: '2026-11-26T10:00:00.000Z', note: 'push a.json' },
      // A version the check now refuses is skipped.
      {
        version: 7,
        base: 6,
        body: JSON.stringify({ windows: { 'route:blackfriday@de': {} } }),
        pushed_by: 'ben@example.com',
        pushed_at: '2026-11-26T11:00:00.000Z',
        note: null,
      },
    ];
    const db = { prepare: () => ({ bind: () => ({ all: async () => ({ results: versions }) }) }) } as unknown as D1Database;
    const refused = JSON.stringify({
      stages: { us: ['yesterday', '2025-08-23T15:00:00+08:00', '2025-08-26T15:00:00+08:00'] },
      meta: { version: 8, pushedBy: 'carl@example.com', pushedAt: '2026-11-26T12:00:00.000Z' },
    });
    const { store } = quietStore();
    const status = await store.scheduleStatus(fakeKv(async () => refused).kv, db);
    expect(status.source).toBe('version');
    expect(status.meta).toEqual({ version: 6, pushedBy: 'ana@example.com', pushedAt: '2026-11-26T10:00:00.000Z', note: 'push a.json' });
    expect(status.schedule.windows['nav:new-release']).toEqual({ stage: 1 });
    expect(status.refused).toEqual({
      meta: { version: 8, pushedBy: 'carl@example.com', pushedAt: '2026-11-26T12:00:00.000Z' },
      problems: [expect.stringMatching(/^stages\.us\[0\]/)],
    });
  });

  it('keeps the last good document it saw when the recorded versions cannot be read', async () => {
    let now = 0;
    let answer = JSON.stringify({ windows: { 'nav:new-release': { stage: 1 } } });
    const { store, log } = quietStore(() => now);
    const db = { prepare: () => ({ bind: () => ({ all: async () => Promise.reject(new Error('D1 is down')) }) }) } as unknown as D1Database;
    const kv = fakeKv(async () => answer).kv;
    expect((await store.schedule(kv, db)).windows['nav:new-release']).toEqual({ stage: 1 });
    answer = JSON.stringify({ stages: { us: ['yesterday'] } });
    now += 60_000;
    expect((await store.schedule(kv, db)).windows['nav:new-release']).toEqual({ stage: 1 });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ fault: 'unusable', message: expect.stringContaining('D1 is down') }));
  });

  it('mergeSchedule leaves the base alone without an override', () => {
    expect(mergeSchedule(DEFAULT_SCHEDULE, null)).toBe(DEFAULT_SCHEDULE);
  });
});
