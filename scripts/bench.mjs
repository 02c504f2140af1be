#!/usr/bin/env node
// `npm run bench`: speed as ratios and weight against budgets, on the production build served
// by wrangler dev. wrk (8 connections, BENCH_DURATION per run, default 5s) measures home,
// flagship-bumblebee and a 404 in the us, de, jp and cn editions; the stylesheet, a static
// asset from the same server, is measured before the first edition and after each, and every
// page is compared with the mean of the two static runs around its edition: page/static
// ratios of requests per second and median latency say what rendering costs on any machine.
// The render cache (decision 0020) is measured on its own: per page type, the cached page, the
// same page rendered afresh (a query the cache does not know bypasses it: the uncached path),
// /robots.txt (a trivial worker route) and the stylesheet, back to back, with the two
// reference routes measured before and after each pair and averaged; it reports ratios. Then
// the render cost of one uncached page per page type, one request at a time.
// Page weight (scripts/page-weight.mjs) is checked against scripts/budgets.mjs. Results:
// dist/bench/results.json. It reports; it exits 1 only when it cannot measure.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { BUDGETS, overBudget } from './budgets.mjs';
import { get, root, startWorker } from './local.mjs';
import { pageWeight } from './page-weight.mjs';
import { wrk, wrkVersion } from './wrk.mjs';

const duration = process.env.BENCH_DURATION || '5s';
const run = { connections: 8, threads: 2, duration };
const EDITIONS = ['us', 'de', 'jp', 'cn'];
/** Page types: slug under the edition ('' is its home) and the status it answers. */
const PAGES = [
  { type: 'home', slug: '', status: 200 },
  { type: 'flagship-bumblebee', slug: 'flagship-bumblebee', status: 200 },
  { type: '404', slug: 'no-such-page', status: 404 },
];
/** Page types whose uncached render time the bench reports (us edition). */
const RENDER_PAGES = ['', 'flagship-bumblebee', 'flagship-megatron', 'grimlock-g1-flagship', 'faq', 'return-manufacturer', 'login', 'no-such-page'];
const kB = (bytes) => (bytes / 1000).toFixed(1);
const round = (n) => Math.round(n * 1000) / 1000;

mkdirSync(join(root, 'dist/bench'), { recursive: true });

let worker;
try {
  const version = wrkVersion();
  console.log('bench: seeding local state and starting wrangler dev (log: dist/bench/server.log)');
  worker = await startWorker({ production: true, log: join(root, 'dist/bench/server.log') });
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8'));
  const url = (edition, slug) => (edition === 'cn' ? `${worker.china}/${slug}` : `${worker.origin}/${edition}${slug ? `/${slug}` : ''}`);
  const pages = EDITIONS.flatMap((edition) => PAGES.map(({ type, slug, status }) => ({ edition, type, url: url(edition, slug), status })));
  const staticUrl = worker.origin + manifest.css;

  // Every URL answers what it should, or the numbers would mean nothing; the weights come from the same answers.
  const weights = [];
  for (const page of [...pages, { url: staticUrl, status: 200 }]) {
    const res = await get(page.url);
    if (res.status !== page.status) throw new Error(`${page.url} answers ${res.status}, not ${page.status}: not benchmarking`);
    if (page.type) weights.push({ edition: page.edition, type: page.type, ...pageWeight(res.body.toString('utf8'), manifest) });
  }

  console.log(`bench: warming up, then wrk ${run.connections} connections, ${duration} a run`);
  for (const page of [...pages, { url: staticUrl }]) await wrk([page.url], { ...run, duration: '1s' });
  const statics = [await wrk([staticUrl], run)];
  const throughput = [];
  for (const edition of EDITIONS) {
    for (const page of pages.filter((p) => p.edition === edition)) throughput.push({ ...page, result: await wrk([page.url], run) });
    statics.push(await wrk([staticUrl], run));
    console.log(`  ${edition} done; static ${statics.at(-2).rps} → ${statics.at(-1).rps} req/s`);
  }
  for (const row of throughput) {
    const [before, after] = statics.slice(EDITIONS.indexOf(row.edition));
    row.static = { rps: round((before.rps + after.rps) / 2), p50: round((before.latencyMs.p50 + after.latencyMs.p50) / 2) };
    row.ratio = { rps: round(row.result.rps / row.static.rps), p50: round(row.result.latencyMs.p50 / row.static.p50) };
    row.ok = row.result.socketErrors.total === 0 && row.result.status[`${String(row.status)[0]}xx`] === row.result.requests;
  }

  // Render cache: cached vs uncached vs a trivial worker route vs a static asset, in this run.
  const CACHE_PAGES = PAGES.filter((p) => p.status === 200).map((p) => ({ type: p.type, url: url('us', p.slug) }));
  const robotsUrl = `${worker.origin}/robots.txt`;
  const renderCache = [];
  for (const page of CACHE_PAGES) {
    const uncachedUrl = `${page.url}?bench=uncached`;
    await get(page.url);
    const states = [(await get(page.url)).headers['x-render-cache'], (await get(uncachedUrl)).headers['x-render-cache']];
    if (states[0] !== 'hit' || states[1] !== 'bypass')
      throw new Error(`render cache answers ${states.join('/')} for ${page.url}, not hit/bypass: not benchmarking`);
    const before = { static: await wrk([staticUrl], run), robots: await wrk([robotsUrl], run) };
    const cached = await wrk([page.url], run);
    const uncached = await wrk([uncachedUrl], run);
    const after = { static: await wrk([staticUrl], run), robots: await wrk([robotsUrl], run) };
    const staticRps = round((before.static.rps + after.static.rps) / 2);
    const robotsRps = round((before.robots.rps + after.robots.rps) / 2);
    renderCache.push({
      type: page.type,
      url: page.url,
      rps: { cached: cached.rps, uncached: uncached.rps, robots: robotsRps, static: staticRps },
      p50: { cached: cached.latencyMs.p50, uncached: uncached.latencyMs.p50 },
      ratio: {
        cachedToRobots: round(cached.rps / robotsRps),
        cachedToStatic: round(cached.rps / staticRps),
        uncachedToStatic: round(uncached.rps / staticRps),
        cachedToUncached: round(cached.rps / uncached.rps),
      },
      ok: [cached, uncached].every((r) => r.socketErrors.total === 0 && r.status['2xx'] === r.requests),
    });
    console.log(`  render cache ${page.type} done`);
  }

  // Render cost: one uncached render at a time (a query the cache does not know bypasses it),
  // the median time to answer less the median of /robots.txt, so what is left is the page's
  // own render on an otherwise idle worker: its CPU time, tracked per page type as pages grow.
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const timed = async (target, n) => {
    const ms = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await get(target(i));
      ms.push(performance.now() - started);
    }
    return median(ms);
  };
  const floor = await timed(() => robotsUrl, 60);
  const renderCost = [];
  for (const slug of RENDER_PAGES) {
    const page = url('us', slug);
    await timed((i) => `${page}?bench=warm-${i}`, 5);
    const ms = await timed((i) => `${page}?bench=render-${i}`, 40);
    renderCost.push({ page: `us/${slug}`, 'answer ms (median)': round(ms), 'render ms (less /robots.txt)': round(ms - floor) });
  }

  console.log(`\nThroughput: page / static (${manifest.css}), each edition against the mean of the static runs around it`);
  console.table(
    throughput.map((r) => ({
      page: `${r.edition} ${r.type}`,
      'req/s': r.result.rps,
      'p50 ms': r.result.latencyMs.p50,
      'p99 ms': r.result.latencyMs.p99,
      'static req/s': r.static.rps,
      'req/s ratio': r.ratio.rps,
      'p50 ratio': r.ratio.p50,
      ok: r.ok ? '✓' : `✗ ${JSON.stringify(r.result.status)} socket errors ${r.result.socketErrors.total}`,
    })),
  );
  console.log('\nRender cache (us): cached page, the same page uncached, /robots.txt and the static asset, req/s and ratios');
  console.table(
    renderCache.map((r) => ({
      page: r.type,
      'cached req/s': r.rps.cached,
      'uncached req/s': r.rps.uncached,
      'robots req/s': r.rps.robots,
      'static req/s': r.rps.static,
      'cached/robots': r.ratio.cachedToRobots,
      'cached/static': r.ratio.cachedToStatic,
      'uncached/static': r.ratio.uncachedToStatic,
      'cached/uncached': r.ratio.cachedToUncached,
      ok: r.ok ? '✓' : '✗',
    })),
  );
  console.log(`\nRender cost of one uncached page, one request at a time (/robots.txt answers in ${round(floor)} ms)`);
  console.table(renderCost);
  console.log(`\nPage weight for a new visitor, kB = 1000 B, gzip -9; budgets in scripts/budgets.mjs`);
  console.table(
    weights.map((w) => ({
      page: `${w.edition} ${w.type}`,
      'HTML kB (gz)': `${kB(w.html.raw)} (${kB(w.html.gzip)})`,
      'JS kB gz': kB(w.js.gzip),
      'JS files': w.js.files.length + w.js.elsewhere.length,
      'inline B': w.inlineScript,
      'CSS kB gz': kB(w.css.gzip),
      budgets: overBudget(w).join('; ') || '✓',
    })),
  );
  const heaviest = weights.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
  const over = weights.flatMap((w) => overBudget(w).map((o) => `${w.edition} ${w.type}: ${o}`));
  console.log(`Heaviest page: ${heaviest.edition} ${heaviest.type}, ${kB(heaviest.js.gzip)} kB JavaScript gzip (budget ${kB(BUDGETS.pageJsGzipBytes)} kB)`);
  console.log(over.length ? `Budgets exceeded ✗\n  ${over.join('\n  ')}` : 'Budgets: all met ✓');
  if (throughput.some((r) => !r.ok)) console.log('✗ some runs had socket errors or unexpected statuses (see ok)');

  const results = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, loadavg: loadavg(), node: process.version, wrk: version },
    config: { ...run, editions: EDITIONS, pages: PAGES, static: manifest.css, budgets: BUDGETS },
    throughput,
    renderCache,
    renderCost: { robotsMs: round(floor), pages: renderCost },
    staticRuns: statics,
    weights,
    summary: {
      heaviest: { edition: heaviest.edition, type: heaviest.type, jsGzip: heaviest.js.gzip },
      overBudget: over,
      runsWithErrors: [...throughput, ...renderCache].filter((r) => !r.ok).map((r) => r.url),
    },
  };
  writeFileSync(join(root, 'dist/bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('bench: results in dist/bench/results.json');
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await worker?.close();
}
