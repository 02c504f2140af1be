import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { bundledCopy } from '../../worker/bundle/build';
import { ContentStore, bundleKey } from '../../worker/bundle/store';
import { store } from '../../worker/context/content';
import { COUNTERS, flush, note } from '../../worker/metrics';
import { clearRenderCache } from '../../worker/pages/render-cache';

// Seeing the site live (decision 0037): the counters land in the Analytics Engine
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
      // de asks for double opt-in: its confirmation mail, through the outbox (decision 0064).
      ['mail', 'de', 'confirmation:queued'],
      ['mail', 'de', 'confirmation:sent'],
      ['draw_entry', 'us', 'black-friday'],
      ['mail', 'us', 'draw-result:queued'],
      ['mail', 'us', 'draw-result:sent'],
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

  it('count a double opt-in’s confirmation when its mail’s link is followed, once', async () => {
    const { points, METRICS } = dataset();
    const email = `confirm-${crypto.randomUUID()}@example.com`;
    await call(
      'http://localhost/account/user/subscribe/create',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client() },
        body: JSON.stringify({ email, region: 'fr', source: 'footer' }),
      },
      { METRICS },
    );
    const mail = (await env.ACCOUNTS_EU.prepare('SELECT body FROM outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT 1')
      .bind(email)
      .first<{ body: string }>())!;
    const link = new URL(/(https?:\/\/\S+\/fr\/subscribe\/confirm\?t=\S+)/.exec(mail.body)![1]!);
    const path = `http://localhost${link.pathname}${link.search}`;
    // The link opens a page with one button (a mail scanner's GET confirms nothing: decision
    // 0054); pressing it confirms, and pressing it again counts nothing more.
    expect((await call(path, {}, { METRICS })).res.status).toBe(200);
    const press = { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' }, body: '' } as const;
    expect((await call(path, press, { METRICS })).res.status).toBe(303);
    expect((await call(path, press, { METRICS })).res.status).toBe(303);
    const business = counted(points).filter(([counter]) => counter === 'subscription' || counter === 'confirmation');
    expect(business).toEqual([
      ['subscription', 'fr', 'newsletter'],
      ['confirmation', 'fr', ''],
    ]);
  });

  it('count a page served from the bundled copy when its release’s bundle is not in KV', async () => {
    const { points, METRICS } = dataset();
    await call('http://localhost/fr', {}, { METRICS, RELEASE: `never-pushed-${ip++}` });
    expect(counted(points)).toContainEqual(['kv_fallback', 'fr', 'missing']);
  });

  it('count an answer the worker could not give (5xx), by route', async () => {
    const { points, METRICS } = dataset();
    // The deep health check with a database down is the worker's own 503.
    const down = {
      prepare: () => {
        throw new Error('D1 down');
      },
    };
    const res = await call('http://localhost/healthz/deep', { headers: { 'CF-Connecting-IP': client() } }, { METRICS, DB: down });
    expect(res.res.status).toBe(503);
    expect(counted(points)).toEqual([['error_5xx', '-', '/healthz/deep']]);
  });
});

describe('the counters’ data points', () => {
  // Workers Analytics Engine takes at most 20 blobs of 5,120 bytes together (16 KB since June
  // 2025), one index of 96 bytes, and 25 data points per invocation (its limits page).
  const within = (points: AnalyticsEngineDataPoint[]) => {
    expect(points.length).toBeLessThanOrEqual(25);
    for (const point of points) {
      expect(point.blobs!.length).toBeLessThanOrEqual(20);
      expect(new TextEncoder().encode(point.blobs!.join('')).length).toBeLessThanOrEqual(5_120);
      expect(point.indexes).toHaveLength(1);
      expect(new TextEncoder().encode(String(point.indexes![0])).length).toBeLessThanOrEqual(96);
    }
  };

  it.each([
    ['a huge hostile path', '/us/%e2%80%ae' + 'x'.repeat(10_000) + '?q=fan%40example.com', {}],
    [
      'a subscription with a hostile source and product',
      '/account/user/subscribe/create',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.250' },
        body: JSON.stringify({ email: `blob-${crypto.randomUUID()}@example.com`, region: 'us', source: 'x'.repeat(10_000), product: '__proto__' }),
      },
    ],
    ['a hostile render-cache header cannot be sent in', '/uk', { headers: { 'X-Render-Cache': 'x'.repeat(10_000) } }],
  ] as [string, string, RequestInit][])('stay within Analytics Engine’s limits for %s', async (_, path, init) => {
    const { points, METRICS } = dataset();
    const { res } = await call(`http://localhost${path}`, init, { METRICS });
    expect(res.status).toBeLessThan(500);
    within(points);
    for (const point of points) expect(JSON.stringify(point)).not.toMatch(/xxxxxxxx|@|proto/);
  });

  it('of events noted meanwhile are written at most 20 a request, the rest by the next ones', () => {
    const { points, METRICS } = dataset();
    for (let i = 0; i < 60; i++) note('kv_fallback', 'de', 'unusable');
    flush({ METRICS });
    // Room is left for the request's own (cache, 5xx, the business counter) under the 25 a request may write.
    expect(points).toHaveLength(20);
    flush({ METRICS });
    flush({ METRICS });
    expect(points).toHaveLength(60);
    flush({ METRICS });
    expect(points).toHaveLength(60);
    within(points.slice(0, 20));
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  });
  afterEach(() => vi.restoreAllMocks());
  /** Deployed, every ordinary line kept (production keeps a share: LOG_SAMPLE_RATE). */
  const deployed = { ENVIRONMENT: 'production', LOG_SAMPLE_RATE: '1' };

  it('writes one JSON line per request: route, page, edition, status, cache state, duration; no path, query or address', async () => {
    await call('http://localhost/us/faq?email=fan%40example.com&reset=0123456789abcdef0123456789abcdef', {}, deployed);
    await call(
      'http://localhost/account/user/subscribe/create',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' }, body: '{}' },
      deployed,
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
    await call('http://localhost/us/some-one@example.com', {}, deployed);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ page: '(none)', status: 404, edition: 'us' });
    expect(lines[0]).not.toContain('example');
  });

  // What a visitor controls, in the path, the query and the headers (workerd refuses a method it
  // does not know before the worker sees it); the line stays
  // one line of JSON with fixed fields, and nothing of what was typed reaches it.
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c18xIiwic2lkIjoiMSJ9.c2lnbmF0dXJlLW9mLWEtdG9rZW4';
  const hostileRequests: [string, string, RequestInit][] = [
    ['an address in the path and query', '/us/fan@example.com?email=fan%40example.com', {}],
    ['a JWT in the path and query', `/de/${JWT}?apptoken=${JWT}`, {}],
    ['a reset token', '/us/login?reset=0123456789abcdef0123456789abcdef-0123456789abcdef', {}],
    ['CR and LF, encoded', '/us/a%0d%0a%7B%22event%22%3A%22forged%22%7D?x=%0d%0aSet-Cookie:%20y', {}],
    ['10,000 characters', `/us/${'a'.repeat(10_000)}?q=${'b'.repeat(10_000)}`, {}],
    ['control and bidi characters', '/us/%00%07%1b%e2%80%ae%e2%81%a6faq?q=%e2%80%ae%00', {}],
    ['prototype names', '/__proto__/constructor?__proto__=1&constructor=2', {}],
    [
      'hostile headers',
      '/us/faq',
      { headers: { 'User-Agent': `fan@example.com ${JWT}`, Referer: 'https://x.example/?reset=abc', Cookie: `region=${'r'.repeat(8_000)}` } },
    ],
  ];

  it.each(hostileRequests)('keeps a request with %s to one short JSON line of fixed fields, nothing typed in it', async (_, path, init) => {
    const { res } = await call(`http://localhost${path}`, init, deployed);
    expect(res.status).toBeLessThan(500);
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.split(/[\r\n\u2028\u2029]/)).toHaveLength(1);
    expect(line.length).toBeLessThan(400);
    const fields = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(fields).every((k) => ['event', 'method', 'route', 'page', 'edition', 'status', 'cache', 'ms', 'version', 'colo'].includes(k))).toBe(
      true,
    );
    expect(line).not.toMatch(
      /example\.com|eyJ|0123456789abcdef|aaaaaaaaaa|YYYYYYYYYY|forged|Set-Cookie|proto|constructor|[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(fields.page === undefined || ['(none)', 'home', 'faq', 'login'].includes(String(fields.page))).toBe(true);
  });

  it('carries the id of the version that answered, as it is (an id is no secret)', async () => {
    const version = '9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d';
    await call('http://localhost/us', {}, { ...deployed, CF_VERSION_METADATA: { id: version, tag: 'r1', timestamp: '' } });
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: 'request', status: 200, version });
  });

  it('keeps the configured share of ordinary lines, and every 5xx whatever the share', async () => {
    const sampled = { ENVIRONMENT: 'production', LOG_SAMPLE_RATE: '0' };
    await call('http://localhost/us', {}, sampled);
    await call('http://localhost/us/faq', {}, sampled);
    expect(lines).toEqual([]);
    // The deep health check with a database down is the worker's own 503 (its token given).
    const down = { prepare: () => ({ first: () => Promise.reject(new Error('D1 down')) }) };
    const token = 'health-token-for-the-tests-0123456789abcdef';
    const { res } = await call(
      'http://localhost/healthz/deep',
      { headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': client() } },
      { ...sampled, DB: down, HEALTH_TOKEN: token },
    );
    expect(res.status).toBe(503);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([expect.objectContaining({ route: '/healthz/deep', status: 503 })]);
  });

  it('keeps the line of an exception, answered 500, whatever the share', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    // The content store throwing where it never should: the error page answers, 500.
    const spy = vi.spyOn(store, 'schedule').mockRejectedValueOnce(new Error('schedule exploded SESSION_SECRET=shh'));
    const { res } = await call('http://localhost/us/faq', {}, { ENVIRONMENT: 'production', LOG_SAMPLE_RATE: '0' });
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([expect.objectContaining({ route: '*', status: 500 })]);
    expect(errors).toEqual(['worker: Error: schedule exploded SESSION_SECRET=<redacted>']);
  });

  it('is one compact line locally, as `npm start` prints it', async () => {
    await call('http://localhost/us', {}, { CF_VERSION_METADATA: { id: '9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d', tag: '', timestamp: '' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^request method=GET route=\* page=home edition=us status=200 cache=\w+ ms=\d+ version=9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d$/);
  });
});

const HEALTH_TOKEN = 'health-token-for-the-tests-0123456789abcdef';
const bearer = { Authorization: `Bearer ${HEALTH_TOKEN}` };
/** A database whose every query fails, as D1 does when it cannot be reached. */
const downDatabase = {
  prepare: () => ({
    first: () => Promise.reject(new Error('D1_ERROR: network connection lost')),
    bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }),
  }),
};
const NAMES = [
  'CONTENT',
  'DB',
  'ACCOUNTS_US',
  'ACCOUNTS_EU',
  'ACCOUNTS_CN',
  'ATTACHMENTS_US',
  'ATTACHMENTS_EU',
  'ATTACHMENTS_CN',
  'METRICS',
  'SEND_EMAIL',
  'secrets',
];

describe('/healthz, public: whether this version can serve pages', () => {
  it('answers 200 with the China accounts database down, while the China edition’s pages are served', async () => {
    const down = { ACCOUNTS_CN: downDatabase, ENVIRONMENT: 'production', HEALTH_TOKEN };
    const { res, body } = await call('http://localhost/healthz', {}, down);
    expect(res.status).toBe(200);
    expect(JSON.parse(body)).toEqual({ ok: true });
    const page = await call('https://www.robolux.cn/', {}, down);
    expect(page.res.status).toBe(200);
    expect(page.body).toContain('lang="zh-CN"');
  });

  it('is cheap and says nothing of the bindings: cacheable for five seconds, no binding, version or release named', async () => {
    const { res, body } = await call(
      'http://localhost/healthz',
      {},
      { CF_VERSION_METADATA: { id: '9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d', tag: 'r1', timestamp: '' } },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=5');
    expect(body).toBe('{"ok":true}');
  });

  it('answers 503 when the version cannot read its content at all, not even the bundled copy', async () => {
    const broken = { get: () => Promise.reject(new Error('KV down')) } as unknown as KVNamespace;
    const spy = vi.spyOn(store, 'bundle').mockRejectedValueOnce(new Error('bundled copy unreadable'));
    try {
      const { res, body } = await call('http://localhost/healthz', {}, { CONTENT: broken });
      expect(res.status).toBe(503);
      expect(JSON.parse(body)).toEqual({ ok: false });
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('/healthz/deep, private: every binding’s state', () => {
  it('is refused without its token, or with another, deployed', async () => {
    for (const headers of [{}, { Authorization: 'Bearer not-the-token-not-the-token-not-the-token' }, { Authorization: HEALTH_TOKEN }] as Record<
      string,
      string
    >[]) {
      const { res, body } = await call(
        'http://localhost/healthz/deep',
        { headers: { 'CF-Connecting-IP': client(), ...headers } },
        { ENVIRONMENT: 'production', HEALTH_TOKEN },
      );
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
      expect(body).not.toMatch(/ACCOUNTS_|ATTACHMENTS_|checks/);
    }
    // Deployed without a token configured, nobody reads it.
    const none = await call('http://localhost/healthz/deep', { headers: { 'CF-Connecting-IP': client(), ...bearer } }, { ENVIRONMENT: 'production' });
    expect(none.res.status).toBe(401);
  });

  it('with its token, checks every binding and answers 200 when all answer, never cached', async () => {
    const { res, body } = await call(
      'http://localhost/healthz/deep',
      { headers: { 'CF-Connecting-IP': client(), ...bearer } },
      { ENVIRONMENT: 'production', HEALTH_TOKEN, PREVIEW_SECRET: 'p'.repeat(20), SESSION_SECRET: 's'.repeat(40), TURNSTILE_SECRET: 't'.repeat(20) },
    );
    expect(res.status, body).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const answer = JSON.parse(body) as { ok: boolean; checks: Record<string, string> };
    expect(answer.ok).toBe(true);
    expect(Object.keys(answer.checks).sort()).toEqual([...NAMES].sort());
    expect(Object.values(answer.checks).every((v) => v === 'ok')).toBe(true);
  });

  it('answers 503 naming what failed: the China accounts database down, a deployed worker without its secrets', async () => {
    const { res, body } = await call(
      'http://localhost/healthz/deep',
      { headers: { 'CF-Connecting-IP': client(), ...bearer } },
      { ACCOUNTS_CN: downDatabase, ENVIRONMENT: 'production', HEALTH_TOKEN },
    );
    expect(res.status).toBe(503);
    const answer = JSON.parse(body) as { ok: boolean; checks: Record<string, string> };
    expect(answer.ok).toBe(false);
    expect(Object.entries(answer.checks).filter(([, v]) => v !== 'ok')).toEqual([
      ['ACCOUNTS_CN', 'failed'],
      ['secrets', 'incomplete'],
    ]);
  });

  it('is rate-limited per client before the token is read: the thirteenth call in a minute gets 429', async () => {
    const ip = client();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push(
        (await call('http://localhost/healthz/deep', { headers: { 'CF-Connecting-IP': ip } }, { ENVIRONMENT: 'production', HEALTH_TOKEN })).res.status,
      );
    expect(statuses).toEqual([...Array<number>(12).fill(401), 429]);
    // Another client is not held back.
    expect((await call('http://localhost/healthz/deep', { headers: { 'CF-Connecting-IP': client(), ...bearer } }, { HEALTH_TOKEN })).res.status).toBe(200);
  });

  it('is open locally without a token, for `npm start`', async () => {
    const { res } = await call('http://localhost/healthz/deep', { headers: { 'CF-Connecting-IP': client() } }, {});
    expect(res.status).toBe(200);
  });
});

describe('/healthz under hostile requests', () => {
  it.each(['/healthz', '/healthz/deep'])('%s answers any method but GET and HEAD without a 5xx and without the checks', async (path) => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const { res, body } = await call(`http://localhost${path}`, { method, headers: { Origin: 'http://localhost', 'CF-Connecting-IP': client() } }, {});
      expect(res.status).toBeLessThan(500);
      expect(res.status).not.toBe(200);
      expect(body).not.toMatch(/ACCOUNTS_|ATTACHMENTS_|SESSION_SECRET/);
    }
  });

  it('answers HEAD as GET, without a body', async () => {
    const { res, body } = await call('http://localhost/healthz', { method: 'HEAD' }, {});
    expect(res.status).toBe(200);
    expect(body).toBe('');
  });

  it.each([
    ['a query string', '/healthz/deep?verbose=1&checks=__proto__&secrets=SESSION_SECRET', {}],
    ['a huge query string', `/healthz/deep?${'q'.repeat(10_000)}=${'v'.repeat(10_000)}`, {}],
    ['huge headers', '/healthz/deep', { headers: { 'X-Pad': 'p'.repeat(16_000), Cookie: `a=${'c'.repeat(8_000)}`, 'User-Agent': '<x-fz>' } }],
    ['a trailing slash', '/healthz/deep/', {}],
  ] as [string, string, RequestInit][])('answers GET with %s with exactly its own checks, never more', async (_, path, init) => {
    const { res, body } = await call(`http://localhost${path}`, { ...init, headers: { ...(init.headers as object), 'CF-Connecting-IP': client() } }, {});
    expect(res.status).toBeLessThan(500);
    if (res.status !== 200) return;
    const answer = JSON.parse(body) as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(['checks', 'ok', 'release', 'version']);
    expect(Object.keys(answer.checks as object).sort()).toEqual([...NAMES].sort());
    expect(body).not.toMatch(/q{20}|v{20}|p{20}|<x-fz>|SESSION_SECRET|local-development/);
  });

  it('names a failed binding by its binding name only, never its error or a secret', async () => {
    const down = { head: () => Promise.reject(new Error('R2 fan@example.com token=abc SESSION_SECRET=shh')) };
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    try {
      const { res, body } = await call(
        'http://localhost/healthz/deep',
        { headers: { 'CF-Connecting-IP': client() } },
        { ATTACHMENTS_CN: down, SESSION_SECRET: 'x'.repeat(40) },
      );
      expect(res.status).toBe(503);
      expect(JSON.parse(body)).toMatchObject({ ok: false, checks: { ATTACHMENTS_CN: 'failed' } });
      expect(body).not.toMatch(/example|token|shh|xxxx|R2 /);
      // The log line says why, without the address or the secret.
      expect(errors).toEqual(['healthz: ATTACHMENTS_CN failed: Error: R2 <email> token=<redacted> SESSION_SECRET=<redacted>']);
    } finally {
      vi.restoreAllMocks();
    }
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
