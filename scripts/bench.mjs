#!/usr/bin/env node
// `npm run bench`: speed as ratios and weight against budgets. The worker as `wrangler deploy`
// bundles it, on workerd through Miniflare (`startWorker`, decision 0022).
// wrk (8 connections, BENCH_DURATION per run, default 5s) measures home, flagship-bumblebee and
// a 404 in the us, de, jp and cn editions, each twice: from the render cache, and rendered
// afresh (a query the cache does not know bypasses it). /robots.txt (a trivial worker route)
// and the stylesheet (a static asset) are measured before the first page and after each;
// every page is compared with the mean of the runs around it, so the ratios hold on any
// machine (decision 0026). Then the render time of one uncached page per page type,
// one request at a time, and page weight (scripts/page-weight.mjs) against scripts/budgets.mjs.
// Results: dist/bench/results.json. It reports; it exits 1 only when it cannot measure.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { BUDGETS, overBudget } from './budgets.mjs';
import { get, root } from './local.mjs';
import { pageWeight } from './page-weight.mjs';
import { measure, wrk } from './wrk.mjs';

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
const mean = (a, b) => round((a + b) / 2);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const clean = (r, status) => r.socketErrors.total === 0 && r.status[`${String(status)[0]}xx`] === r.requests;

const files = { log: join(root, 'dist/bench/server.log'), report: join(root, 'dist/bench/results.json') };

console.log('bench: seeding local state and starting the worker on workerd (log: dist/bench/server.log)');
await measure('bench', files, async (worker) => {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8'));
  const url = (edition, slug) => (edition === 'cn' ? `${worker.china}/${slug}` : `${worker.origin}/${edition}${slug ? `/${slug}` : ''}`);
  const pages = EDITIONS.flatMap((edition) => PAGES.map(({ type, slug, status }) => ({ edition, type, status, url: url(edition, slug) })));
  const refs = { robots: `${worker.origin}/robots.txt`, static: worker.origin + manifest.css };

  // Every URL answers what it should, from the cache or past it, or the numbers would mean
  // nothing; the weights come from the same answers.
  const weights = [];
  for (const page of pages) {
    await get(page.url);
    const [cached, uncached] = [await get(page.url), await get(`${page.url}?bench=uncached`)];
    const states = [cached, uncached].map((res) => `${res.status} ${res.headers['x-render-cache']}`).join(', ');
    if (states !== `${page.status} hit, ${page.status} bypass`)
      throw new Error(`${page.url} answers ${states}, not ${page.status} hit and bypass: not benchmarking`);
    weights.push({ edition: page.edition, type: page.type, ...pageWeight(cached.body.toString('utf8'), manifest) });
  }

  console.log(`bench: warming up, then wrk ${run.connections} connections, ${duration} a run`);
  for (const target of [...pages.map((p) => p.url), ...Object.values(refs)]) await wrk([target], { ...run, duration: '1s' });
  // References between every two pages: on a shared 2-core machine the server's speed drifts
  // by a third within a minute, so a page is compared with the runs just before and after it.
  const references = async () => ({ robots: await wrk([refs.robots], run), static: await wrk([refs.static], run) });
  const around = [await references()];
  const rows = [];
  for (const page of pages) {
    const row = { ...page, cached: await wrk([page.url], run), uncached: await wrk([`${page.url}?bench=uncached`], run) };
    around.push(await references());
    const [before, after] = around.slice(-2);
    row.robots = mean(before.robots.rps, after.robots.rps);
    row.static = mean(before.static.rps, after.static.rps);
    row.ratio = {
      cachedToRobots: round(row.cached.rps / row.robots),
      cachedToStatic: round(row.cached.rps / row.static),
      uncachedToStatic: round(row.uncached.rps / row.static),
      cachedToUncached: round(row.cached.rps / row.uncached.rps),
    };
    row.ok = clean(row.cached, row.status) && clean(row.uncached, row.status);
    rows.push(row);
    console.log(`  ${page.edition} ${page.type}: cached ${row.cached.rps}, /robots.txt ${row.robots} req/s`);
  }

  // Render cost: one uncached render at a time, the median time to answer less the median of
  // /robots.txt, so what is left is the page's own render on an otherwise idle worker: its CPU
  // time, tracked per page type as pages grow.
  const timed = async (target, n) => {
    const ms = [];
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await get(target(i));
      ms.push(performance.now() - started);
    }
    return median(ms);
  };
  const floor = await timed(() => refs.robots, 60);
  const renderCost = [];
  for (const slug of RENDER_PAGES) {
    const page = url('us', slug);
    await timed((i) => `${page}?bench=warm-${i}`, 5);
    const ms = await timed((i) => `${page}?bench=render-${i}`, 40);
    renderCost.push({ page: `us/${slug}`, 'answer ms (median)': round(ms), 'render ms (less /robots.txt)': round(ms - floor) });
  }

  console.log('\nThroughput (req/s): each page from the render cache and rendered afresh, against /robots.txt and the');
  console.log(`stylesheet (${manifest.css}), each the mean of the runs just before and after the page`);
  console.table(
    rows.map((r) => ({
      page: `${r.edition} ${r.type}`,
      cached: r.cached.rps,
      uncached: r.uncached.rps,
      robots: r.robots,
      static: r.static,
      'cached/robots': r.ratio.cachedToRobots,
      'cached/static': r.ratio.cachedToStatic,
      'uncached/static': r.ratio.uncachedToStatic,
      'p50 ms cached/uncached': `${r.cached.latencyMs.p50} / ${r.uncached.latencyMs.p50}`,
      ok: r.ok ? '✓' : '✗ socket errors or unexpected statuses',
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
  const ratios = rows.map((r) => r.ratio.cachedToRobots);
  console.log(
    `\nCached page / /robots.txt: median ${median(ratios)} (${Math.min(...ratios)}-${Math.max(...ratios)}) over ${rows.length} pages; the aim is 0.9 (decision 0020)`,
  );

  const renderCosts = { robotsMs: round(floor), pages: renderCost };
  return { run, references: refs, throughput: rows, referenceRuns: around, renderCost: renderCosts, weights, overBudget: over };
});
if (!process.exitCode) console.log('bench: results in dist/bench/results.json');
