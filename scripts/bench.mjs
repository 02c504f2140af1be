#!/usr/bin/env node
// `npm run bench`: speed as ratios and weight against budgets, on the production build served
// by wrangler dev. wrk (8 connections, BENCH_DURATION per run, default 5s) measures home,
// flagship-bumblebee and a 404 in the us, de, jp and cn editions; the stylesheet, a static
// asset from the same server, is measured before the first edition and after each, and every
// page is compared with the mean of the two static runs around its edition: page/static
// ratios of requests per second and median latency say what rendering costs on any machine.
// Page weight (scripts/page-weight.mjs) is checked against scripts/budgets.mjs. Results:
// dist/bench/results.json. It reports; it exits 1 only when it cannot measure.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
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
    staticRuns: statics,
    weights,
    summary: {
      heaviest: { edition: heaviest.edition, type: heaviest.type, jsGzip: heaviest.js.gzip },
      overBudget: over,
      runsWithErrors: throughput.filter((r) => !r.ok).map((r) => r.url),
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
