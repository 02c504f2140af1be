#!/usr/bin/env -S npx tsx
// `npm run profile:pages`: where a page request's time goes, in process. The worker's own
// `fetch` (worker/index.ts) is called N times in a row on Node, with the built content bundles
// as its KV and no network, for a ladder of answers that each add a step: /robots.txt (the
// app's shared middleware and a trivial route), a page from the render cache (the page
// middleware, the plan, the stored bytes sent), and the same page rendered afresh (a query
// the cache does not know). The body of each answer is read whole, as a client would.
//
//   npm run profile:pages                              CPU µs per request, each rung, us edition
//   npm run profile:pages -- --n 5000 --path /us/flagship-bumblebee
//   node --cpu-prof --import tsx scripts/bench/profile-pages.ts --only hit     a V8 profile of one rung (Chrome DevTools opens it)
//
// Node is not workerd: there is no HTMLRewriter here, so only visitors whose parts are the
// edition's own are measured (nothing stitched), and the Cache API is absent (memory only). Its
// figures are the worker's JavaScript alone, without the runtime's HTTP work, which is what
// a change to that JavaScript moves; `npm run bench` measures the whole answer on workerd.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

// React's production build, as deployed (before the worker, and so React, is loaded).
process.env.NODE_ENV ??= 'production';
const { default: worker } = await import('../../worker/index');

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    path: { type: 'string', multiple: true },
    only: { type: 'string' },
    country: { type: 'string', default: 'US' },
    batches: { type: 'string', default: '10' },
  },
});
const N = Number(values.n);
const BATCHES = Number(values.batches);
const PATHS = values.path?.length ? values.path : ['/us', '/us/flagship-bumblebee'];

/** The built bundles (dist/bundles/kv.json, what `npm start` seeds) as the CONTENT namespace. */
const kv = new Map<string, string>(
  (JSON.parse(readFileSync(join(import.meta.dirname, '../../dist/bundles/kv.json'), 'utf8')) as { key: string; value: string }[]).map((e) => [e.key, e.value]),
);
const CONTENT = {
  get: (key: string, options?: { type?: string }) => {
    const value = kv.get(key) ?? null;
    return Promise.resolve(value !== null && options?.type === 'json' ? (JSON.parse(value) as unknown) : value);
  },
};
const env = {
  ENVIRONMENT: 'local',
  CN_HOSTS: 'cn.localhost',
  CN_ORIGIN: 'https://www.robolux.cn',
  GLOBAL_ORIGIN: 'https://www.robolux.com',
  COOKIE_DOMAIN: 'robolux.com',
  PREPROD_HOSTS: '',
  API_BASES: '',
  THIRD_PARTY: '',
  MAIL_FROM: 'no-reply@robolux.com',
  MEDIA_ORIGIN: '',
  TURNSTILE_SITE_KEY: '0x4AAAAAAAReplaceWithSiteKey',
  RENDER_CACHE: 'on',
  RELEASE: '',
  CONTENT,
} as unknown as Parameters<typeof worker.fetch>[1];
const pending: Promise<unknown>[] = [];
const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** One request through the worker's entry, its body read whole; the answer's render-cache state. */
async function once(url: string): Promise<string> {
  const res = await worker.fetch(new Request(url, { headers: { 'CF-IPCountry': values.country!, 'Accept-Encoding': 'gzip, br' } }), env, ctx);
  await res.arrayBuffer();
  return `${res.status} ${res.headers.get('X-Render-Cache') ?? '-'}`;
}

/**
 * CPU µs per request (this process's CPU time, which a loaded machine stretches in wall time
 * far more than it changes it): after N/10 requests to warm up, the least of BATCHES batches
 * of N/BATCHES, since what other processes do can only add to a batch (cache misses, a
 * slower core). And the state of the last answer.
 */
async function rung(make: (i: number) => string): Promise<{ us: number; state: string }> {
  for (let i = 0; i < N / 10; i++) await once(make(i));
  await Promise.all(pending.splice(0));
  let state = '';
  let least = Infinity;
  const size = Math.max(1, Math.floor(N / BATCHES));
  for (let b = 0; b < BATCHES; b++) {
    const started = process.cpuUsage();
    for (let i = 0; i < size; i++) state = await once(make(b * size + i));
    const used = process.cpuUsage(started);
    await Promise.all(pending.splice(0));
    least = Math.min(least, (used.user + used.system) / size);
  }
  return { us: Math.round(least), state };
}

const origin = 'http://localhost:8787';
const rows: Record<string, string | number>[] = [];
const robots = values.only && values.only !== 'robots' ? undefined : await rung(() => `${origin}/robots.txt`);
for (const path of PATHS) {
  const hit = values.only && values.only !== 'hit' ? undefined : await rung(() => `${origin}${path}`);
  // Each render its own query, so none is a hit (a query the cache does not know bypasses it).
  const fresh = values.only && values.only !== 'render' ? undefined : await rung((i) => `${origin}${path}?profile=${i}`);
  rows.push({
    path,
    'robots.txt µs': robots?.us ?? '-',
    'hit µs': hit ? `${hit.us} (${hit.state})` : '-',
    'hit less robots µs': hit && robots ? hit.us - robots.us : '-',
    'render µs': fresh ? `${fresh.us} (${fresh.state})` : '-',
  });
}
console.log(`profile: CPU µs per request, the least of ${BATCHES} batches of ${N / BATCHES} requests a rung, one at a time, in process on Node ${process.version}, visitor from ${values.country}`);
console.table(rows);
