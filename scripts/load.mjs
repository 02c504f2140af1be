#!/usr/bin/env node
// `npm run test:load`: the site on wrangler dev (workerd) under sustained concurrent load.
// One wrk run, 64 connections on 2 threads for LOAD_DURATION (default 30s), every connection
// cycling over a mix of paths across the editions — homes, product pages, a 404, robots.txt,
// sitemaps, static assets — China pages included (each request carries its own Host header,
// cn.localhost:PORT for those). Before the run every path is fetched twice and must answer its
// expected status, then a 3 s warm-up over the mix at 8 connections (not counted).
//
// Fails (exit 1) on any socket error (connect, read, write, timeout) or any 5xx. 404s are
// expected for the 404 path; the share of 3xx/4xx is compared with the mix and reported,
// but not enforced (wrk cannot tell which request a response answered).
//
// wrk's socket timeout is LOAD_TIMEOUT (default 10s): at 64 connections on a small machine,
// the dev server queues requests for longer than wrk's default 2s, and a timeout here is
// meant to catch a hung request, not a slow machine; latency is reported either way.
//
// Writes throughput, latency and status counts to dist/quality/load.json; the server's log
// goes to dist/quality/load-server.log.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, platform, release } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './local.mjs';
import { ensureWrk, httpGet, logErrors, runWrk, startWorkerFor } from './wrk.mjs';

const DURATION = process.env.LOAD_DURATION || '30s';
const TIMEOUT = process.env.LOAD_TIMEOUT || '10s';
const CONNECTIONS = 64;
const THREADS = 2;
const out = join(root, 'dist/quality/load.json');
const serverLog = join(root, 'dist/quality/load-server.log');

for (const [name, value] of [
  ['LOAD_DURATION', DURATION],
  ['LOAD_TIMEOUT', TIMEOUT],
]) {
  if (!/^\d+(\.\d+)?[smh]?$/.test(value)) {
    console.error(`load: ${name} must be a wrk duration such as 10s or 1m, not "${value}"`);
    process.exit(1);
  }
}

if (!existsSync(join(root, 'dist/manifest.json')) || !existsSync(join(root, 'dist/bundles/kv.json'))) {
  console.log('load: dist/ is missing, building');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
try {
  ensureWrk();
} catch (error) {
  console.error(`load: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8'));
const image = readdirSync(join(root, 'dist/client/images'))
  .filter((f) => f.endsWith('.svg'))
  .sort()[0];

/**
 * The mix, each with the status it must answer; `cn` paths go to the China host. kr sells no
 * flagship-bumblebee (content/pages.ts), so its home stands in for it.
 */
const MIX = [
  { path: '/us', status: 200 },
  { path: '/uk/flagship-bumblebee', status: 200 },
  { path: '/eu', status: 200 },
  { path: '/fr/flagship-bumblebee', status: 200 },
  { path: '/de/no-such-page', status: 404 },
  { path: '/kr', status: 200 },
  { path: '/jp/flagship-bumblebee', status: 200 },
  { path: '/robots.txt', status: 200 },
  { path: '/sitemap.xml', status: 200 },
  { path: '/de/sitemap.xml', status: 200 },
  { path: manifest.css, status: 200 },
  { path: `/images/${image}`, status: 200 },
  { path: '/', status: 200, cn: true },
  { path: '/flagship-bumblebee', status: 200, cn: true },
];

const { worker, signal, interrupted } = await startWorkerFor('load', { prefix: 'storefront-load-', log: serverLog });

let exitCode = 1;
try {
  const targets = MIX.map((m) => ({ ...m, host: m.cn ? worker.cnHost : undefined }));

  // Every path answers what it should (this also warms each one up).
  const wrong = [];
  for (const t of targets) {
    for (let i = 0; i < 2; i++) {
      const res = await httpGet(worker.origin + t.path, { host: t.host });
      if (res.status !== t.status) wrong.push(`${t.host ?? 'global host'} ${t.path}: ${res.status}, expected ${t.status}`);
    }
  }
  if (wrong.length) throw new Error(`unexpected statuses before the run:\n  ${[...new Set(wrong)].join('\n  ')}`);

  // Warm-up over the same mix at low concurrency (not counted), so the run measures a warm server.
  const mixTargets = targets.map(({ path, host }) => (host ? { path, host } : { path }));
  await runWrk({ url: `${worker.origin}/`, targets: mixTargets, connections: 8, threads: THREADS, duration: '3s', timeout: TIMEOUT, signal });
  await sleep(1000);
  const logBefore = logErrors(serverLog);

  console.log(`load: wrk, ${CONNECTIONS} connections, ${THREADS} threads, ${DURATION}, ${targets.length} paths`);
  const result = await runWrk({
    url: `${worker.origin}/`,
    targets: mixTargets,
    connections: CONNECTIONS,
    threads: THREADS,
    duration: DURATION,
    timeout: TIMEOUT,
    signal,
  });

  // What the mix should produce: every connection cycles over the paths in order, so each
  // status class gets its share of the requests, give or take the requests in flight at the end.
  const share = (cls) => targets.filter((t) => `${String(t.status)[0]}xx` === cls).length / targets.length;
  const slack = CONNECTIONS + THREADS;
  const mix = ['2xx', '3xx', '4xx'].map((cls) => {
    const expected = Math.round(result.requests * share(cls));
    return { class: cls, expected, observed: result.status[cls], ok: Math.abs(result.status[cls] - expected) <= slack };
  });
  await sleep(1000); // workerd logs the connections wrk dropped a moment after they close
  const logAfter = logErrors(serverLog);
  const server = {
    errors: logAfter.errors - logBefore.errors,
    disconnects: logAfter.disconnects - logBefore.disconnects,
    other: logAfter.other - logBefore.other,
    samples: logAfter.samples.filter((sample) => !logBefore.samples.includes(sample)),
  };

  const failures = [];
  if (result.requests === 0) failures.push('no request completed');
  if (result.socketErrors.total > 0) {
    const e = result.socketErrors;
    failures.push(`${e.total} socket errors (connect ${e.connect}, read ${e.read}, write ${e.write}, timeout ${e.timeout})`);
  }
  if (result.status['5xx'] > 0) failures.push(`${result.status['5xx']} responses with 5xx`);
  const warnings = mix.filter((m) => !m.ok).map((m) => `${m.class}: ${m.observed} responses, the mix predicts ${m.expected} ± ${slack}`);
  if (server.other) warnings.push(`server logged ${server.other} errors other than client disconnects: ${server.samples.join(' | ')}`);

  const l = result.latencyMs;
  const s = result.status;
  const e = result.socketErrors;
  const cnCount = targets.filter((t) => t.host).length;
  console.log(
    [
      '',
      `Load — ${CONNECTIONS} connections, ${THREADS} threads, ${DURATION} (wrk timeout ${TIMEOUT}), ${targets.length} paths (${targets.length - cnCount} global host, ${cnCount} China host)`,
      `  throughput   ${result.requests} requests in ${result.seconds} s = ${result.rps.toFixed(1)} req/s, ${(result.bytes / 1e6).toFixed(1)} MB read`,
      `  latency      p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms (mean ${l.mean} ± ${l.stdev})`,
      `  statuses     2xx ${s['2xx']}, 3xx ${s['3xx']}, 4xx ${s['4xx']} (the mix predicts ${mix[2].expected}: the 404 path), 5xx ${s['5xx']}${s['1xx'] ? `, other ${s['1xx']}` : ''}`,
      `  socket err.  connect ${e.connect}, read ${e.read}, write ${e.write}, timeout ${e.timeout}`,
      `  server log   ${server.errors} errors, ${server.disconnects} of them clients hanging up with responses in flight (wrk stopping the run) — ${serverLog.slice(root.length + 1)}`,
      ...warnings.map((w) => `  warning      ${w}`),
      failures.length ? `✗ load test failed: ${failures.join('; ')}` : '✓ load test passed: no socket errors, no 5xx',
    ].join('\n'),
  );

  mkdirSync(join(root, 'dist/quality'), { recursive: true });
  const json = {
    date: new Date().toISOString(),
    passed: failures.length === 0,
    failures,
    warnings,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? null, loadavg: loadavg(), platform: `${platform()} ${release()}`, node: process.version },
    config: { connections: CONNECTIONS, threads: THREADS, duration: DURATION, timeout: TIMEOUT },
    targets: targets.map(({ path, host, status }) => ({ path, host: host ? 'cn.localhost' : 'localhost', expectedStatus: status })),
    throughput: { requests: result.requests, seconds: result.seconds, rps: result.rps, bytes: result.bytes },
    latencyMs: result.latencyMs,
    status: result.status,
    statusMix: mix,
    socketErrors: result.socketErrors,
    serverLog: { path: serverLog.slice(root.length + 1), ...server },
  };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`load: results in ${out.slice(root.length + 1)}`);
  exitCode = failures.length ? 1 : 0;
} catch (error) {
  if (!interrupted()) console.error(`load: ${error instanceof Error ? error.message : error}`);
} finally {
  await worker.close();
}
process.exit(interrupted() ? 130 : exitCode);
