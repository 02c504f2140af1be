import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { bundledCopy } from '../../worker/bundle/build';
import { ContentStore, bundleKey } from '../../worker/bundle/store';
import { store } from '../../worker/context/content';
import { COUNTERS } from '../../worker/metrics';
import { clearRenderCache } from '../../worker/pages/render-cache';

// Seeing the site live (issue 30 §4, decision 0037): the counters land in the Analytics Engine
// binding, one JSON line per request without personal data, /healthz checks the bindings,
// and a version reads only the content bundles of its own release.

/** A stand-in for the METRICS dataset, handed to the worker as workerd hands it its bindings: it keeps every data point. */
function dataset() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, METRICS: { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point!) } as AnalyticsEngineDataset };
}

/** One request to the worker with the given bindings over wrangler.toml's, its body read and its `waitUntil` work done. */
async function call(url: string, init: RequestInit, bindings: Record<string, unknown>): Promise<{ res: Response; body: string }> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, init), { ...env, ...bindings } as typeof env, ctx);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

/** Counter, edition and detail of each point. */
const counted = (points: AnalyticsEngineDataPoint[]) => points.map((p) => p.blobs!.slice(0, 3));

let ip = 0;
const client = () => `203.0.113.${++ip}`;

beforeEach(async () => {
  await clearRenderCache();
  store.forget();
});

describe('the counters', () => {
  it('are declared in wrangler.toml: the local Analytics Engine binding takes a data point', () => {
    expect(env.METRICS).toBeDefined();
    expect(() => env.METRICS.writeDataPoint({ indexes: ['cache'], blobs: ['cache', 'us', 'hit', '-'], doubles: [1] })).not.toThrow();
  });

  it('count a subscription, a lucky-draw entry and a cache miss then hit, each with its edition', async () => {
    const { points, METRICS } = dataset();
    const subscribed = await call(
      'http://localhost/account/user/subscribe/create',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client() },
        body: JSON.stringify({ email: `watch-${crypto.randomUUID()}@example.com`, region: 'de', source: 'footer' }),
      },
      { METRICS },
    );
    expect(subscribed.res.status).toBe(200);
    const inside = String(Date.parse('2024-11-20T12:00:00Z'));
    const entered = await call(
      'http://localhost/campaign/lucky-draw',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), Cookie: `timestamp=${inside}` },
        body: JSON.stringify({ region: 'us', campaign: 'black-friday', email: `draw-${crypto.randomUUID()}@example.com`, size: 'XL' }),
      },
      { METRICS },
    );
    expect(entered.res.status).toBe(200);
    const first = await call('http://localhost/uk', {}, { METRICS });
    const second = await call('http://localhost/uk', {}, { METRICS });
    expect([first.res.headers.get('X-Render-Cache'), second.res.headers.get('X-Render-Cache')]).toEqual(['miss', 'hit']);

    // (The worker tests seed no bundle in KV, so the content store counts its fallbacks too.)
    expect(counted(points).filter(([counter]) => counter !== 'kv_fallback')).toEqual([
      ['subscription', 'de', 'newsletter'],
      ['draw_entry', 'us', 'black-friday'],
      ['cache', 'uk', 'miss'],
      ['cache', 'uk', 'hit'],
    ]);
    for (const point of points) {
      expect(COUNTERS).toContain(point.indexes![0]);
      expect(point.doubles).toEqual([1]);
      // Never an address, whatever was sent.
      expect(JSON.stringify(point)).not.toContain('@');
    }
  });

  it('count a page served from the bundled copy when its release’s bundle is not in KV', async () => {
    const { points, METRICS } = dataset();
    await call('http://localhost/fr', {}, { METRICS, RELEASE: `never-pushed-${ip++}` });
    expect(counted(points)).toContainEqual(['kv_fallback', 'fr', 'missing']);
  });

  it('count an answer the worker could not give (5xx), by route', async () => {
    const { points, METRICS } = dataset();
    // The health check with a database down is the worker's own 503.
    const down = {
      prepare: () => {
        throw new Error('D1 down');
      },
    };
    const res = await call('http://localhost/healthz', {}, { METRICS, DB: down });
    expect(res.res.status).toBe(503);
    expect(counted(points)).toEqual([['error_5xx', '-', '/healthz']]);
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes one JSON line per request: route, page, edition, status, cache state, duration; no path, query or address', async () => {
    await call('http://localhost/us/faq?email=fan%40example.com&reset=0123456789abcdef0123456789abcdef', {}, { ENVIRONMENT: 'production' });
    await call(
      'http://localhost/account/user/subscribe/create',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' }, body: '{}' },
      {
        ENVIRONMENT: 'production',
      },
    );
    expect(lines).toHaveLength(2);
    const [page, api] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(page).toMatchObject({ event: 'request', method: 'GET', route: '*', page: 'faq', edition: 'us', status: 200, cache: 'bypass' });
    expect(typeof page!.ms).toBe('number');
    expect(api).toMatchObject({ event: 'request', method: 'POST', route: '/account/user/subscribe/create' });
    for (const line of lines) {
      expect(line).not.toMatch(/example\.com|0123456789abcdef|\?|@/);
      expect(line.split('\n')).toHaveLength(1);
    }
  });

  it('names an unknown page (none), never the path typed', async () => {
    await call('http://localhost/us/some-one@example.com', {}, { ENVIRONMENT: 'production' });
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ page: '(none)', status: 404, edition: 'us' });
    expect(lines[0]).not.toContain('example');
  });

  it('stays quiet locally (wrangler’s dev server prints its own line)', async () => {
    await call('http://localhost/us', {}, {});
    expect(lines).toEqual([]);
  });
});

describe('/healthz', () => {
  it('checks every binding and answers 200 when all answer, never cached', async () => {
    const { res, body } = await call('http://localhost/healthz', {}, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(JSON.parse(body)).toMatchObject({
      ok: true,
      checks: {
        CONTENT: 'ok',
        DB: 'ok',
        ACCOUNTS_US: 'ok',
        ACCOUNTS_EU: 'ok',
        ACCOUNTS_CN: 'ok',
        ATTACHMENTS_US: 'ok',
        ATTACHMENTS_EU: 'ok',
        ATTACHMENTS_CN: 'ok',
        METRICS: 'ok',
        secrets: 'ok',
      },
    });
  });

  it('answers 503 naming what failed: a database down, a deployed worker without its secrets', async () => {
    const down = { prepare: () => ({ first: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }) };
    const { res, body } = await call('http://localhost/healthz', {}, { ACCOUNTS_EU: down, ENVIRONMENT: 'production' });
    expect(res.status).toBe(503);
    const answer = JSON.parse(body) as { ok: boolean; checks: Record<string, string> };
    expect(answer.ok).toBe(false);
    expect(Object.entries(answer.checks).filter(([, v]) => v !== 'ok')).toEqual([
      ['ACCOUNTS_EU', 'failed'],
      ['secrets', 'incomplete'],
    ]);
  });
});

describe('content bundles by release', () => {
  const release = `r-${crypto.randomUUID().slice(0, 8)}`;
  afterEach(async () => {
    await env.CONTENT.delete(bundleKey('de', release));
    await env.CONTENT.delete(bundleKey('de'));
  });

  it('a version reads the bundle of its own release, never another’s or the unversioned one', async () => {
    await env.CONTENT.put(bundleKey('de', release), JSON.stringify({ ...bundledCopy('de'), version: 'built-with-this-release' }));
    await env.CONTENT.put(bundleKey('de'), JSON.stringify({ ...bundledCopy('de'), version: 'unversioned' }));
    expect(bundleKey('de', release)).toBe(`bundle:de@${release}`);
    expect((await new ContentStore().bundle(env.CONTENT, 'de', release)).version).toBe('built-with-this-release');
    // A rollback to a release whose bundles are gone serves the copy compiled into that version.
    expect(await new ContentStore().bundle(env.CONTENT, 'de', 'an-older-release')).toEqual(bundledCopy('de'));
    expect((await new ContentStore().bundle(env.CONTENT, 'de')).version).toBe('unversioned');
  });
});
