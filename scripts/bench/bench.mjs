#!/usr/bin/env node
// `npm run bench`: speed as ratios and weight against budgets. The worker as `wrangler deploy`
// bundles it, on workerd through Miniflare (`startWorker`, decision 0022).
// wrk (8 connections, BENCH_DURATION per run, default 5s) measures home, flagship-bumblebee and
// a 404 in the us, de, jp and cn editions, each twice: from the render cache, and rendered
// afresh (a query the cache does not know bypasses it), for a visitor from the edition's own
// country; then cached pages for visitors whose label or suggestion is stitched in (decision
// 0028). /robots.txt (a trivial worker route) and the stylesheet (a static asset) are
// measured before the first page and after each; every page is compared with the mean of the
// runs around it, so the ratios hold on any machine (decision 0026). Then the render time of
// one uncached page per page type, one request at a time, and page weight
// (scripts/quality/page-weight.mjs) against scripts/quality/budgets.mjs.
// With PEER_ORIGIN (the React Router peer, its README says how to start it behind wrangler
// dev), the bench also serves the worker behind wrangler dev and measures the peer's pages
// there side by side with ours, in interleaved rounds, beside a bare worker answering the same
// bytes (the ceiling wrangler dev sets); without it, that table is skipped.
// Results: dist/bench/results.json. It reports; it exits 1 only when it cannot measure.
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { BUDGETS, overBudget } from '../quality/budgets.mjs';
import { get, root, startBareWorker, startWorker } from '../local/worker.mjs';
import { pageWeight } from '../quality/page-weight.mjs';
import { median } from '../quality/stats.mjs';
import { measure, wrk } from './wrk.mjs';

const duration = process.env.BENCH_DURATION || '5s';
const run = { connections: 8, threads: 2, duration };
const EDITIONS = ['us', 'de', 'jp', 'cn'];
/** The visitor of each edition's main rows: from its own country, so nothing is stitched into the stored page. */
const OWN_COUNTRY = { us: 'US', de: 'DE', jp: 'JP', cn: 'CN' };
/** Visitors whose own parts are stitched into the stored page (decision 0028): cached only. */
const STITCHED = [
  { edition: 'us', type: 'flagship-bumblebee', slug: 'flagship-bumblebee', status: 200, country: 'CA', parts: 'label' },
  { edition: 'us', type: 'flagship-bumblebee', slug: 'flagship-bumblebee', status: 200, country: 'DE', parts: 'label + suggestion' },
  { edition: 'de', type: 'home', slug: '', status: 200, country: 'US', parts: 'suggestion' },
];
/** Page types: slug under the edition ('' is its home) and the status it answers. */
const PAGES = [
  { type: 'home', slug: '', status: 200 },
  { type: 'flagship-bumblebee', slug: 'flagship-bumblebee', status: 200 },
  { type: '404', slug: 'no-such-page', status: 404 },
];
/** Page types whose uncached render time the bench reports (us edition): every kind of view, a campaign when one is live. */
const RENDER_PAGES = [
  { kind: 'home', slug: '' },
  { kind: 'product', slug: 'flagship-bumblebee' },
  { kind: 'product', slug: 'flagship-megatron' },
  { kind: 'product', slug: 'grimlock-g1-flagship' },
  { kind: 'campaign', slug: 'black-friday' },
  { kind: 'campaign', slug: 'christmas-sale' },
  { kind: 'support', slug: 'faq' },
  { kind: 'support', slug: 'manuals' },
  { kind: 'support form', slug: 'return-manufacturer' },
  { kind: 'info', slug: 'about-us' },
  { kind: 'info', slug: 'privacy-policy' },
  { kind: 'chooser', slug: 'choose-your-region' },
  { kind: 'account', slug: 'login' },
  { kind: 'not found', slug: 'no-such-page' },
];
/** The peer's pages measured against ours (its snapshot must hold them), and the rounds. */
const PEER_PAGES = ['/us/flagship-bumblebee', '/us', '/de'];
const PEER_ROUNDS = 3;
const kB = (bytes) => (bytes / 1000).toFixed(1);
const round = (n) => Math.round(n * 1000) / 1000;
const mean = (a, b) => round((a + b) / 2);
const clean = (r, status) => r.socketErrors.total === 0 && r.status[`${String(status)[0]}xx`] === r.requests;

const files = { log: join(root, 'dist/bench/server.log'), report: join(root, 'dist/bench/results.json') };

/**
 * The runtime processes (workerd) this process started: their CPU time
 * is the server's own work, which other load on a shared machine stretches in wall time but
 * hardly changes. Linux only (/proc); none elsewhere.
 */
function runtimes() {
  const procs = new Map();
  let names = [];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return [];
  }
  for (const name of names) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(name), { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ppid: Number(fields[1]) });
    } catch {
      // Gone meanwhile.
    }
  }
  const ours = (pid) => {
    for (let p = procs.get(pid)?.ppid; p && p > 1; p = procs.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  return [...procs].filter(([pid, { comm }]) => comm === 'workerd' && ours(pid)).map(([pid]) => pid);
}

/** CPU time the processes have used so far, ms (utime + stime; /proc counts 100 ticks a second). */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone.
    }
  }
  return ticks * 10;
}

/** A wrk run, with the server's CPU ms per request when its runtime is known. */
async function wrkCpu(pids, urls, options) {
  const before = cpuMs(pids);
  const result = await wrk(urls, options);
  return pids.length && result.requests ? { ...result, cpuMsPerRequest: round((cpuMs(pids) - before) / result.requests) } : result;
}

/**
 * The React Router peer against the worker behind wrangler dev, as the peer is served: for each
 * of the peer's pages, interleaved rounds of the peer's page, our page from the render cache
 * and rendered afresh, and our /robots.txt. Undefined, with a note, without PEER_ORIGIN or
 * when the peer does not answer.
 */
async function peerRun() {
  const origin = process.env.PEER_ORIGIN;
  if (!origin) {
    console.log('\nbench: no PEER_ORIGIN, so no React Router peer column (its README says how to start it; then PEER_ORIGIN=http://localhost:18788)');
    return undefined;
  }
  const paths = [];
  for (const path of PEER_PAGES) {
    const res = await get(`${origin}${path}`).catch(() => undefined);
    if (res?.status === 200) paths.push(path);
  }
  if (paths.length === 0) {
    console.log(`\nbench: the peer at ${origin} answers none of ${PEER_PAGES.join(', ')}: no peer column (snapshot them: its README)`);
    return { origin, skipped: 'no page answers' };
  }
  console.log(`\nbench: the peer at ${origin}; the worker behind wrangler dev for the same footing (log: dist/bench/wrangler-dev.log)`);
  const ours = await startWorker({ wranglerDev: true, log: join(root, 'dist/bench/wrangler-dev.log') });
  try {
    const mine = (path) => `${ours.origin}${path}`;
    const headers = { 'CF-IPCountry': 'US' };
    for (const path of paths) {
      await get(mine(path), { headers });
      await wrk([`${origin}${path}`], { ...run, duration: '1s' });
      await wrk([mine(path)], { ...run, duration: '1s', headers });
    }
    // The ceiling: a worker that does nothing but answer each page's stored bytes, behind
    // wrangler dev as well; no worker, ours or the peer, can pass it there.
    const bare = new Map();
    const rounds = [];
    try {
      for (const path of paths) bare.set(path, await startBareWorker(await (await fetch(mine(path), { headers })).text()));
      for (let n = 0; n < PEER_ROUNDS; n++) {
        for (const path of paths) {
          const r = { round: n + 1, path };
          r.peer = await wrk([`${origin}${path}`], run);
          r.cached = await wrk([mine(path)], { ...run, headers });
          r.uncached = await wrk([`${mine(path)}?bench=uncached`], { ...run, headers });
          r.robots = await wrk([mine('/robots.txt')], run);
          r.bare = await wrk([bare.get(path).origin], run);
          rounds.push(r);
          console.log(
            `  round ${r.round} ${path}: peer ${r.peer.rps}, ours cached ${r.cached.rps}, uncached ${r.uncached.rps}, /robots.txt ${r.robots.rps}, bare worker ${r.bare.rps} req/s`,
          );
        }
      }
    } finally {
      for (const worker of bare.values()) await worker.close();
    }
    const pages = paths.map((path) => {
      const mine = rounds.filter((r) => r.path === path);
      const ratios = (key) => mine.map((r) => round(r[key].rps / r.peer.rps));
      const ok = mine.every((r) => ['peer', 'cached', 'uncached', 'robots', 'bare'].every((key) => clean(r[key], 200)));
      return {
        path,
        cachedToPeer: ratios('cached'),
        uncachedToPeer: ratios('uncached'),
        robotsToPeer: ratios('robots'),
        bareToPeer: ratios('bare'),
        cachedToBare: mine.map((r) => round(r.cached.rps / r.bare.rps)),
        ok,
      };
    });
    return { origin, server: 'wrangler dev (ours) and as the peer is served', rounds, pages };
  } finally {
    await ours.close();
  }
}

/** The peer table, when there is one. */
function printPeer(peer) {
  if (!peer?.pages) return;
  console.log(`\nThe React Router peer (${peer.origin}, a prebuilt string rendered through React Router) against the worker behind wrangler dev,`);
  console.log(`${PEER_ROUNDS} interleaved rounds; the aims: cached ≥ 2× the peer, rendered afresh ≥ 0.7× (docs/measurements.md). The bare worker answers`);
  console.log('the same bytes doing nothing else: what wrangler dev lets any worker reach, and so the ceiling of these ratios');
  // The median of the rounds, then their range: one slow round on a shared machine moves the range, not the median.
  const range = (xs) => `${round(median(xs))} (${Math.min(...xs)}–${Math.max(...xs)})`;
  console.table(
    peer.pages.map((p) => ({
      page: p.path,
      'cached/peer': range(p.cachedToPeer),
      'uncached/peer': range(p.uncachedToPeer),
      '/robots.txt/peer': range(p.robotsToPeer),
      'bare worker/peer': range(p.bareToPeer),
      'cached/bare worker': range(p.cachedToBare),
      ok: p.ok ? '✓' : '✗ socket errors or unexpected statuses',
    })),
  );
}

const loadavgAtStart = loadavg();
console.log('bench: seeding local state and starting the worker on workerd (log: dist/bench/server.log)');
await measure('bench', files, async (worker) => {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8'));
  const url = (edition, slug) => (edition === 'cn' ? `${worker.china}/${slug}` : `${worker.origin}/${edition}${slug ? `/${slug}` : ''}`);
  const visitor = (country) => ({ 'CF-IPCountry': country });
  const pages = [
    ...EDITIONS.flatMap((edition) =>
      PAGES.map(({ type, slug, status }) => ({ edition, type, status, url: url(edition, slug), headers: visitor(OWN_COUNTRY[edition]), stitched: false })),
    ),
    ...STITCHED.map(({ edition, type, slug, status, country, parts }) => ({
      edition,
      type: `${type}, visitor from ${country} (${parts})`,
      status,
      url: url(edition, slug),
      headers: visitor(country),
      stitched: true,
    })),
  ];
  const refs = { robots: `${worker.origin}/robots.txt`, static: worker.origin + manifest.css };
  // The server's runtime, for its CPU time per request (none off Linux).
  const pids = runtimes();

  // Every URL answers what it should, from the cache or past it, for the visitor it stands
  // for (a stitched copy's ETag carries the visitor's parts), or the numbers would mean
  // nothing; the weights come from the same answers.
  const weights = [];
  for (const page of pages) {
    const headers = page.headers;
    await get(page.url, { headers });
    const [cached, uncached] = [await get(page.url, { headers }), await get(`${page.url}?bench=uncached`, { headers })];
    const states = [cached, uncached].map((res) => `${res.status} ${res.headers['x-render-cache']}`).join(', ');
    if (states !== `${page.status} hit, ${page.status} bypass`)
      throw new Error(`${page.url} answers ${states}, not ${page.status} hit and bypass: not benchmarking`);
    if (String(cached.headers.etag).includes('.') !== page.stitched)
      throw new Error(`${page.url} for ${JSON.stringify(headers)} is ${page.stitched ? 'not ' : ''}stitched: not benchmarking`);
    if (!page.stitched) weights.push({ edition: page.edition, type: page.type, ...pageWeight(cached.body.toString('utf8'), manifest) });
  }

  console.log(
    `bench: warming up, then wrk ${run.connections} connections, ${duration} a run (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  for (const target of [...pages, ...Object.values(refs).map((u) => ({ url: u }))])
    await wrk([target.url], { ...run, duration: '1s', headers: target.headers });
  // References between every two pages: on a shared 2-core machine the server's speed drifts
  // by a third within a minute, so a page is compared with the runs just before and after it.
  const references = async () => ({ robots: await wrkCpu(pids, [refs.robots], run), static: await wrk([refs.static], run) });
  const around = [await references()];
  const rows = [];
  for (const page of pages) {
    const at = { ...run, headers: page.headers };
    const row = {
      ...page,
      cached: await wrkCpu(pids, [page.url], at),
      uncached: page.stitched ? undefined : await wrkCpu(pids, [`${page.url}?bench=uncached`], at),
    };
    around.push(await references());
    const [before, after] = around.slice(-2);
    row.robots = mean(before.robots.rps, after.robots.rps);
    row.static = mean(before.static.rps, after.static.rps);
    row.ratio = {
      cachedToRobots: round(row.cached.rps / row.robots),
      cachedToStatic: round(row.cached.rps / row.static),
      uncachedToRobots: row.uncached && round(row.uncached.rps / row.robots),
      uncachedToStatic: row.uncached && round(row.uncached.rps / row.static),
      cachedToUncached: row.uncached && round(row.cached.rps / row.uncached.rps),
    };
    row.ok = clean(row.cached, row.status) && (!row.uncached || clean(row.uncached, row.status));
    rows.push(row);
    console.log(`  ${page.edition} ${page.type}: cached ${row.cached.rps}, /robots.txt ${row.robots} req/s`);
  }

  // Render cost: one uncached render at a time, the median time to answer less the median of
  // /robots.txt, so what is left is the page's own render on an otherwise idle worker: its CPU
  // time, tracked per page type as pages grow.
  // The server's CPU ms per request beside it: on a machine others load, wall time is mostly
  // waiting for a core, CPU time is the render's own.
  const timed = async (target, n) => {
    const ms = [];
    const before = cpuMs(pids);
    for (let i = 0; i < n; i++) {
      const started = performance.now();
      await get(target(i));
      ms.push(performance.now() - started);
    }
    return { wall: median(ms), cpu: pids.length ? (cpuMs(pids) - before) / n : undefined };
  };
  const floor = await timed(() => refs.robots, 100);
  const renderCost = [];
  for (const { kind, slug } of RENDER_PAGES) {
    const page = url('us', slug);
    const probe = await get(`${page}?bench=probe`);
    // A campaign page outside its window redirects to the edition home: nothing to render.
    if (probe.status >= 300 && probe.status < 400) {
      renderCost.push({
        kind,
        page: `us/${slug}`,
        'answer ms (median)': '-',
        'render ms (less /robots.txt)': `not live now (${probe.status})`,
        'server CPU ms (less /robots.txt)': '-',
      });
      continue;
    }
    await timed((i) => `${page}?bench=warm-${i}`, 5);
    const ms = await timed((i) => `${page}?bench=render-${i}`, 60);
    renderCost.push({
      kind,
      page: `us/${slug}`,
      'answer ms (median)': round(ms.wall),
      'render ms (less /robots.txt)': round(ms.wall - floor.wall),
      'server CPU ms (less /robots.txt)': ms.cpu === undefined ? '-' : round(ms.cpu - floor.cpu),
    });
  }

  const peer = await peerRun();

  console.log('\nThroughput (req/s): each page from the render cache and rendered afresh, against /robots.txt and the');
  console.log(`stylesheet (${manifest.css}), each the mean of the runs just before and after the page`);
  console.table(
    rows.map((r) => ({
      page: `${r.edition} ${r.type}`,
      cached: r.cached.rps,
      uncached: r.uncached?.rps ?? '-',
      robots: r.robots,
      static: r.static,
      'cached/robots': r.ratio.cachedToRobots,
      'cached/static': r.ratio.cachedToStatic,
      'uncached/robots': r.ratio.uncachedToRobots ?? '-',
      'p50 ms cached/uncached': `${r.cached.latencyMs.p50} / ${r.uncached?.latencyMs.p50 ?? '-'}`,
      'CPU ms/req cached/uncached': `${r.cached.cpuMsPerRequest ?? '-'} / ${r.uncached?.cpuMsPerRequest ?? '-'}`,
      ok: r.ok ? '✓' : '✗ socket errors or unexpected statuses',
    })),
  );
  console.log(
    `\nRender cost of one uncached page, one request at a time (/robots.txt answers in ${round(floor.wall)} ms, server CPU ${floor.cpu === undefined ? '-' : round(floor.cpu)} ms)`,
  );
  console.table(renderCost);
  console.log(`\nPage weight for a new visitor, kB = 1000 B, gzip -9; budgets in scripts/quality/budgets.mjs`);
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
  const summary = (label, list) => {
    const ratios = list.map((r) => r.ratio.cachedToRobots);
    console.log(`${label}: median ${round(median(ratios))} (${Math.min(...ratios)}-${Math.max(...ratios)}) over ${list.length} pages`);
  };
  console.log('\nCached page / /robots.txt (the aim is 0.9, decision 0020)');
  summary(
    '  visitors from the edition’s own country',
    rows.filter((r) => !r.stitched),
  );
  summary(
    '  visitors with parts of their own, stitched in',
    rows.filter((r) => r.stitched),
  );
  printPeer(peer);

  const renderCosts = { robotsMs: round(floor.wall), robotsCpuMs: floor.cpu, pages: renderCost };
  return { run, loadavgAtStart, references: refs, throughput: rows, referenceRuns: around, renderCost: renderCosts, weights, overBudget: over, peer };
});
if (!process.exitCode) console.log('bench: results in dist/bench/results.json');
