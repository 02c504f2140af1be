#!/usr/bin/env node
// `npm run test:load`: the deployable bundle behind wrangler's dev server under sustained
// load. wrk, 64 connections on 2 threads for LOAD_DURATION (default 30s), every connection
// cycling over a mix of URLs across the editions (China host included). Each URL must first
// answer its status; a 3 s warm-up at 8 connections is not counted. Fails on any socket error
// or 5xx. wrk's timeout is 10 s: at 64 connections on 2 cores requests queue for 1-2.5 s, and
// a timeout should mean a hung request, not a busy machine. Figures: dist/quality/load.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { get, root } from '../local/worker.mjs';
import { measure, wrk } from '../bench/wrk.mjs';

const duration = process.env.LOAD_DURATION || '30s';
// Behind wrangler's dev server: under 64 wrk connections the local runtime's own listener
// drops every connection at once every few seconds, a throwaway worker's too, which
// production has no part in; wrangler's proxy in front of it does not (decision 0022).
const log = join(root, 'dist/quality/load-server.log');

await measure('load', { log, report: join(root, 'dist/quality/load.json'), wranglerDev: true }, async ({ origin, china }) => {
  const { css } = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8'));
  // kr sells no flagship-bumblebee (content/pages.ts), so its home stands in for it.
  const paths = ['/us', '/uk/flagship-bumblebee', '/eu', '/fr/flagship-bumblebee', '/de/no-such-page', '/kr', '/jp/flagship-bumblebee'];
  const other = ['/robots.txt', '/sitemap.xml', '/de/sitemap.xml', css, '/images/logo.svg'];
  const urls = [...[...paths, ...other].map((path) => origin + path), `${china}/`, `${china}/flagship-bumblebee`];
  for (const url of urls) {
    const { status } = await get(url);
    if (status !== (url.endsWith('/no-such-page') ? 404 : 200)) throw new Error(`${url} answers ${status}`);
  }
  await wrk(urls, { connections: 8, duration: '3s', timeout: '10s' });
  console.log(`load: wrk, 64 connections, ${duration}, ${urls.length} URLs`);
  const result = await wrk(urls, { connections: 64, duration, timeout: '10s' });

  const { latencyMs: l, status: s, socketErrors: e } = result;
  const failures = [
    ...(result.requests === 0 ? ['no request completed'] : []),
    ...(e.total ? [`${e.total} socket errors (connect ${e.connect}, read ${e.read}, write ${e.write}, timeout ${e.timeout})`] : []),
    ...(s['5xx'] ? [`${s['5xx']} responses with 5xx`] : []),
  ];
  console.log(`  ${result.requests} requests, ${result.rps} req/s; latency p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms`);
  console.log(`  statuses 2xx ${s['2xx']}, 3xx ${s['3xx']}, 4xx ${s['4xx']} (the 404 in the mix), 5xx ${s['5xx']}; socket errors ${e.total}`);
  console.log(failures.length ? `✗ load test failed: ${failures.join('; ')}` : '✓ load test passed: no socket errors, no 5xx');
  if (failures.length) process.exitCode = 1;
  return { passed: !failures.length, failures, duration, urls: urls.map((url) => url.replace(/:\d+/, '')), ...result };
});
