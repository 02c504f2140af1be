#!/usr/bin/env node
// `npm run bench`: throughput and page weight of the site on wrangler dev (workerd), local.
//
// Throughput: wrk (8 connections, 2 threads, BENCH_DURATION per run, default 5s) on three
// page types — home, flagship-bumblebee, a 404 — in the us, de, jp and cn editions (cn by
// Host: cn.localhost:PORT), each compared with a static asset served by the same server
// through the Workers static-assets binding (the stylesheet from dist/manifest.json, which
// every page loads). The static asset is measured before the first edition and after each
// one, so every edition is bracketed by two static runs and compared with their mean; the
// gap between consecutive static runs shows how much the machine drifted meanwhile. wrk
// sends no Accept-Encoding, so this measures rendering, not compression. A 1 s wrk run on
// every URL warms the server up first.
//
// Page weight, per edition and page type: HTML (raw, gzip); eager JavaScript — the external
// scripts (`<script src>`, `<link rel=modulepreload>`) and their static import closure;
// lazy JavaScript — what the boot lines load for a first-time visitor (`data-hydrate` and
// the chunks of `data-island-when` islands, from dist/manifest.json) beyond the eager set;
// inline executable script (JSON-LD counted apart, as data); linked stylesheets. gzip is
// zlib level 9 (as gzip-size and bundlesize measure); kB = 1000 bytes.
//
// Budgets: the JavaScript of every page, eager + lazy, ≤ 60 kB gzip (so the heaviest page
// is under it); a page without an eagerly hydrated island ships no external script and at
// most 2048 bytes (raw) of inline script. A lazy island loads only for a first-time visitor
// (client/runtime/boot.ts), so it counts towards the 60 kB, not as an external script.
//
// Prints tables and writes everything, with machine info, to dist/bench/results.json. A
// benchmark: exceeded budgets are marked ✗ but the exit code is 0; it exits 1 only when
// something breaks (no wrk, the server does not start, a page answers an unexpected status).
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './local.mjs';
import { ensureWrk, httpGet, logErrors, runWrk, startWorkerFor } from './wrk.mjs';

const DURATION = process.env.BENCH_DURATION || '5s';
const CONNECTIONS = 8;
const THREADS = 2;
const EDITIONS = ['us', 'de', 'jp', 'cn'];
/** Page types: path under the edition ('' is home) and the status it must answer. */
const PAGES = [
  { type: 'home', slug: '', status: 200 },
  { type: 'flagship-bumblebee', slug: 'flagship-bumblebee', status: 200 },
  { type: '404', slug: 'no-such-page', status: 404 },
];
const JS_BUDGET_GZIP = 60_000;
const INLINE_SCRIPT_LIMIT = 2048;
const GZIP_LEVEL = 9;
const out = join(root, 'dist/bench/results.json');
const serverLog = join(root, 'dist/bench/server.log');

if (!/^\d+(\.\d+)?[smh]?$/.test(DURATION)) {
  console.error(`bench: BENCH_DURATION must be a wrk duration such as 5s or 1m, not "${DURATION}"`);
  process.exit(1);
}

// ── helpers ────────────────────────────────────────────────────────────────────────────

const gzip = (buf) => gzipSync(buf, { level: GZIP_LEVEL }).length;
const kB = (bytes) => (bytes / 1000).toFixed(1);
const mark = (ok) => (ok ? '✓' : '✗');
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The path of a page in an edition: global editions under /{region}, China at the root of its host. */
const pagePath = (edition, slug) => (edition === 'cn' ? `/${slug}` : `/${edition}${slug ? `/${slug}` : ''}`);

/** Start tags named `name` (or all, for '*'), with their attributes. */
function tags(html, name) {
  const result = [];
  const re = name === '*' ? /<([a-zA-Z][\w-]*)(\s[^>]*)?>/g : new RegExp(`<(${name})(\\s[^>]*)?>`, 'gi');
  for (const m of html.matchAll(re)) result.push({ name: m[1].toLowerCase(), attrs: attributes(m[2] ?? '') });
  return result;
}

function attributes(source) {
  const attrs = {};
  for (const m of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = (m[2] ?? m[3] ?? m[4] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'");
  }
  return attrs;
}

/** Static import specifiers of an ES module (`import … from '…'`, `import '…'`, `export … from '…'`), not `import()`. */
function staticImports(source) {
  return [...source.matchAll(/\b(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?(['"])([^'"]+)\1/g)].map((m) => m[2]).filter((s) => /^(\.{1,2})?\//.test(s));
}

// ── page weight ────────────────────────────────────────────────────────────────────────

/** Measures what one page ships. `fetchFile` caches assets by URL. */
async function pageWeight({ origin, host, path, manifest, fetchFile }) {
  const page = await httpGet(origin + path, { host });
  const html = page.body.toString('utf8');
  const base = `http://${host ?? new URL(origin).host}${path}`;
  const sameServer = (src) => new URL(src, base);
  const thirdParty = [];
  const local = (src) => {
    const url = sameServer(src);
    if (url.host !== new URL(base).host) {
      thirdParty.push(url.href);
      return null;
    }
    return url.pathname;
  };

  const scripts = tags(html, 'script');
  const links = tags(html, 'link');
  const relOf = (t) => (t.attrs.rel ?? '').toLowerCase().split(/\s+/);
  const external = [...new Set(scripts.filter((t) => t.attrs.src).map((t) => local(t.attrs.src)))].filter(Boolean);
  const preloaded = [...new Set(links.filter((t) => relOf(t).includes('modulepreload') && t.attrs.href).map((t) => local(t.attrs.href)))].filter(Boolean);
  const stylesheets = [...new Set(links.filter((t) => relOf(t).includes('stylesheet') && t.attrs.href).map((t) => local(t.attrs.href)))].filter(Boolean);

  /** The static import closure of some modules, as paths. */
  const closure = async (entries) => {
    const seen = new Set();
    const visit = async (p) => {
      if (seen.has(p)) return;
      seen.add(p);
      const file = await fetchFile(p, host);
      for (const spec of staticImports(file.body.toString('utf8'))) await visit(new URL(spec, `http://x${p}`).pathname);
    };
    for (const p of entries) await visit(p);
    return seen;
  };
  const eager = await closure([...external, ...preloaded]);

  // Lazy: the boot lines load `data-hydrate` for a first-time visitor when a `data-island-when` island wants it.
  const all = tags(html, '*');
  const lazyIslands = all.filter((t) => 'data-island' in t.attrs && 'data-island-when' in t.attrs).map((t) => t.attrs['data-island']);
  const eagerIslands = all.filter((t) => 'data-island' in t.attrs && !('data-island-when' in t.attrs)).map((t) => t.attrs['data-island']);
  const hydrate = all.find((t) => t.name === 'html')?.attrs['data-hydrate'];
  const lazyEntries = lazyIslands.length ? [...(hydrate ? [local(hydrate)] : []), ...lazyIslands.flatMap((name) => manifest.islands[name] ?? [])] : [];
  const lazy = [...(await closure(lazyEntries.filter(Boolean)))].filter((p) => !eager.has(p));

  const sizes = async (paths) => {
    let raw = 0;
    let gz = 0;
    for (const p of paths) {
      const file = await fetchFile(p, host);
      raw += file.raw;
      gz += file.gzip;
    }
    return { raw, gzip: gz, files: [...paths] };
  };

  // Inline scripts: executable (no type, a JavaScript type, or module) vs data (JSON-LD and other types).
  let inlineJs = 0;
  let inlineData = 0;
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = attributes(m[1] ?? '');
    if (attrs.src) continue;
    const type = (attrs.type ?? '').toLowerCase();
    const bytes = Buffer.byteLength(m[2]);
    if (!type || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type)) inlineJs += bytes;
    else inlineData += bytes;
  }

  const eagerJs = await sizes(eager);
  const lazyJs = await sizes(lazy);
  const css = await sizes(stylesheets);
  const totalJsGzip = eagerJs.gzip + lazyJs.gzip;
  const noIsland = eagerIslands.length === 0;
  const externalScripts = external.length + preloaded.length + thirdParty.length;
  return {
    status: page.status,
    html: { raw: page.body.length, gzip: gzip(page.body) },
    js: {
      eager: eagerJs,
      lazy: lazyJs,
      notPreloaded: [...eager].filter((p) => !preloaded.includes(p) && !external.includes(p)),
      thirdParty,
      inline: inlineJs,
      totalGzip: totalJsGzip,
    },
    inlineData,
    css,
    islands: { eager: eagerIslands, lazy: lazyIslands },
    budgets: {
      jsGzip: { limit: JS_BUDGET_GZIP, value: totalJsGzip, ok: totalJsGzip <= JS_BUDGET_GZIP },
      ...(noIsland
        ? {
            noExternalScript: { limit: 0, value: externalScripts, ok: externalScripts === 0 },
            inlineScript: { limit: INLINE_SCRIPT_LIMIT, value: inlineJs, ok: inlineJs <= INLINE_SCRIPT_LIMIT },
          }
        : {}),
    },
  };
}

// ── output ─────────────────────────────────────────────────────────────────────────────

/** Output of a command, even when it exits non-zero (`wrk --version` does). */
function execFileSyncSafe(file, args) {
  try {
    return execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return `${error.stdout ?? ''}${error.stderr ?? ''}`;
  }
}

/** A plain-text table; `align` has one letter per column, `l` or `r`. */
function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const cell = (v, i) => (align[i] === 'l' ? String(v).padEnd(widths[i]) : String(v).padStart(widths[i]));
  return [headers.map(cell).join('  '), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map((r) => r.map(cell).join('  '))].join('\n');
}

// ── main ───────────────────────────────────────────────────────────────────────────────

if (!existsSync(join(root, 'dist/manifest.json')) || !existsSync(join(root, 'dist/bundles/kv.json'))) {
  console.log('bench: dist/ is missing, building');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}
let wrkPath;
try {
  wrkPath = ensureWrk();
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const wrkVersion = (execFileSyncSafe(wrkPath, ['--version']).match(/wrk\s+\S+/) ?? ['wrk'])[0];
const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.json'), 'utf8'));
const staticPath = manifest.css ?? `/images/${readdirSync(join(root, 'dist/client/images')).find((f) => f.endsWith('.svg'))}`;

const { worker, signal, interrupted } = await startWorkerFor('bench', { prefix: 'storefront-bench-', log: serverLog });

let exitCode = 0;
try {
  const { origin, cnHost } = worker;
  const hostOf = (edition) => (edition === 'cn' ? cnHost : undefined);
  const runs = EDITIONS.flatMap((edition) => PAGES.map((page) => ({ edition, ...page, path: pagePath(edition, page.slug), host: hostOf(edition) })));

  // Every URL answers what it should, or the numbers would mean nothing.
  const wrong = [];
  for (const run of [...runs, { edition: '-', type: 'static', path: staticPath, status: 200 }]) {
    const res = await httpGet(origin + run.path, { host: run.host });
    if (res.status !== run.status) wrong.push(`${run.host ?? 'global host'} ${run.path}: ${res.status}, expected ${run.status}`);
  }
  if (wrong.length) throw new Error(`unexpected statuses, not benchmarking:\n  ${wrong.join('\n  ')}`);

  // Warm-up: a 1 s wrk run on every URL, so no measured run pays for first compilation or a cold cache.
  const wrkOptions = { connections: CONNECTIONS, threads: THREADS, signal };
  console.log('bench: warming up');
  for (const run of runs) await runWrk({ ...wrkOptions, url: origin + run.path, host: run.host, duration: '1s' });
  await runWrk({ ...wrkOptions, url: origin + staticPath, duration: '1s' });

  // Throughput: static, then per edition its three pages followed by static again.
  const staticRuns = [];
  const measureStatic = async () => {
    const r = await runWrk({ ...wrkOptions, url: origin + staticPath, duration: DURATION });
    staticRuns.push(r);
    process.stdout.write(`  static ${staticPath}: ${r.rps} req/s\n`);
  };
  const throughput = [];
  console.log(`bench: wrk, ${CONNECTIONS} connections, ${THREADS} threads, ${DURATION} per run`);
  await measureStatic();
  for (const edition of EDITIONS) {
    for (const run of runs.filter((r) => r.edition === edition)) {
      const result = await runWrk({ ...wrkOptions, url: origin + run.path, host: run.host, duration: DURATION });
      throughput.push({ edition, type: run.type, path: run.path, host: run.host ?? null, expectedStatus: run.status, result });
      process.stdout.write(`  ${edition} ${run.type}: ${result.rps} req/s\n`);
    }
    await measureStatic();
  }
  const staticFor = (edition) => {
    const i = EDITIONS.indexOf(edition);
    const [before, after] = [staticRuns[i], staticRuns[i + 1]];
    return {
      rps: round((before.rps + after.rps) / 2),
      p50: round((before.latencyMs.p50 + after.latencyMs.p50) / 2),
      p99: round((before.latencyMs.p99 + after.latencyMs.p99) / 2),
      drift: before.rps ? round((after.rps - before.rps) / before.rps, 3) : null,
    };
  };
  for (const row of throughput) {
    const s = staticFor(row.edition);
    const cls = `${String(row.expectedStatus)[0]}xx`;
    const unexpected = row.result.requests - row.result.status[cls];
    row.static = s;
    row.ratio = { rps: s.rps ? round(row.result.rps / s.rps, 3) : null, p50: s.p50 ? round(row.result.latencyMs.p50 / s.p50, 2) : null };
    row.unexpectedResponses = unexpected;
    row.ok = unexpected === 0 && row.result.socketErrors.total === 0;
  }

  // Page weight.
  const files = new Map();
  const fetchFile = async (path, host) => {
    if (!files.has(path)) {
      const res = await httpGet(origin + path, { host });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      files.set(path, { raw: res.body.length, gzip: gzip(res.body), body: res.body });
    }
    return files.get(path);
  };
  const weights = [];
  for (const run of runs)
    weights.push({
      edition: run.edition,
      type: run.type,
      path: run.path,
      ...(await pageWeight({ origin, host: run.host, path: run.path, manifest, fetchFile })),
    });

  // ── report ──
  const hostLabel = (edition) => (edition === 'cn' ? 'cn.localhost' : 'localhost');
  console.log(
    `\nThroughput — wrk ${CONNECTIONS} connections, ${THREADS} threads, ${DURATION} per run; static = ${staticPath}, measured before the first edition and after each, ratios against the mean of the two runs around the edition\n`,
  );
  console.log(
    table(
      ['edition', 'page', 'path', 'req/s', 'p50 ms', 'p99 ms', 'static req/s', 'p50 ms', 'p99 ms', 'req/s ratio', 'p50 ratio', 'statuses', 'ok'],
      throughput.map((r) => [
        r.edition,
        r.type,
        `${hostLabel(r.edition)}${r.path}`,
        r.result.rps.toFixed(1),
        r.result.latencyMs.p50.toFixed(1),
        r.result.latencyMs.p99.toFixed(1),
        r.static.rps.toFixed(1),
        r.static.p50.toFixed(1),
        r.static.p99.toFixed(1),
        r.ratio.rps?.toFixed(3) ?? '-',
        r.ratio.p50 ? `${r.ratio.p50.toFixed(1)}×` : '-',
        Object.entries(r.result.status)
          .filter(([, n]) => n)
          .map(([c, n]) => `${c}:${n}`)
          .join(' ') + (r.result.socketErrors.total ? ` sock:${r.result.socketErrors.total}` : ''),
        mark(r.ok),
      ]),
      'lllrrrrrrrrll',
    ),
  );
  console.log(`\nstatic runs (req/s, in order): ${staticRuns.map((r) => r.rps.toFixed(1)).join(' → ')}`);

  console.log(
    `\nPage weight — bytes raw / gzip (level ${GZIP_LEVEL}), kB = 1000 B; JS eager = <script src> + modulepreload + static imports, lazy = first-time visitor only; inline = executable inline script (raw)\n`,
  );
  console.log(
    table(
      [
        'edition',
        'page',
        'HTML kB',
        'JS eager kB',
        'files',
        'JS lazy kB',
        'files',
        'inline B',
        'JSON-LD B',
        'CSS kB',
        'JS ≤ 60 kB gz',
        'no ext. script',
        `inline ≤ ${INLINE_SCRIPT_LIMIT} B`,
      ],
      weights.map((w) => [
        w.edition,
        w.type,
        `${kB(w.html.raw)} / ${kB(w.html.gzip)}`,
        `${kB(w.js.eager.raw)} / ${kB(w.js.eager.gzip)}`,
        w.js.eager.files.length,
        `${kB(w.js.lazy.raw)} / ${kB(w.js.lazy.gzip)}`,
        w.js.lazy.files.length,
        w.js.inline,
        w.inlineData,
        `${kB(w.css.raw)} / ${kB(w.css.gzip)}`,
        `${kB(w.js.totalGzip)} ${mark(w.budgets.jsGzip.ok)}`,
        w.budgets.noExternalScript ? `${w.budgets.noExternalScript.value} ${mark(w.budgets.noExternalScript.ok)}` : 'island',
        w.budgets.inlineScript ? `${w.budgets.inlineScript.value} ${mark(w.budgets.inlineScript.ok)}` : `(${w.js.inline})`,
      ]),
      'llrrrrrrrrrrr',
    ),
  );
  console.log(`island: the page hydrates an island, so the no-external-script and inline limits do not apply; (n): not budgeted`);
  const heaviest = weights.reduce((a, b) => (b.js.totalGzip > a.js.totalGzip ? b : a));
  const budgetFailures = weights.flatMap((w) =>
    Object.entries(w.budgets)
      .filter(([, b]) => !b.ok)
      .map(([name, b]) => `${w.edition} ${w.type}: ${name} ${b.value} > ${b.limit}`),
  );
  console.log(
    `\nHeaviest page: ${heaviest.edition} ${heaviest.type}, ${kB(heaviest.js.totalGzip)} kB JS gzip (eager ${kB(heaviest.js.eager.gzip)} + lazy ${kB(heaviest.js.lazy.gzip)}) — budget ${kB(JS_BUDGET_GZIP)} kB ${mark(heaviest.js.totalGzip <= JS_BUDGET_GZIP)}`,
  );
  const notPreloaded = [...new Set(weights.flatMap((w) => w.js.notPreloaded))];
  if (notPreloaded.length) console.log(`Loaded through static imports but not modulepreloaded: ${notPreloaded.join(', ')}`);
  console.log(budgetFailures.length ? `Budgets exceeded ✗\n  ${budgetFailures.join('\n  ')}` : 'Budgets: all met ✓');
  const bad = throughput.filter((r) => !r.ok);
  if (bad.length) console.log(`Runs with unexpected statuses or socket errors ✗: ${bad.map((r) => `${r.edition} ${r.type}`).join(', ')}`);
  const server = logErrors(serverLog);
  console.log(
    `Server log (${serverLog.slice(root.length + 1)}): ${server.errors} errors, ${server.disconnects} of them clients hanging up with responses in flight (wrk stopping a run)` +
      (server.other ? `; other errors ✗:\n  ${server.samples.join('\n  ')}` : ''),
  );

  mkdirSync(join(root, 'dist/bench'), { recursive: true });
  const json = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? null,
      loadavg: loadavg().map((n) => round(n)),
      memoryMB: { total: Math.round(totalmem() / 2 ** 20), free: Math.round(freemem() / 2 ** 20) },
      platform: `${platform()} ${release()}`,
      node: process.version,
      wrk: wrkVersion,
    },
    config: {
      duration: DURATION,
      connections: CONNECTIONS,
      threads: THREADS,
      editions: EDITIONS,
      pages: PAGES,
      static: staticPath,
      staticMethod: 'measured before the first edition and after each; each edition compared with the mean of the runs around it',
      gzipLevel: GZIP_LEVEL,
      budgets: { jsGzipBytes: JS_BUDGET_GZIP, inlineScriptBytesRaw: INLINE_SCRIPT_LIMIT, noExternalScriptWithoutIsland: true },
    },
    throughput,
    staticRuns,
    weights,
    summary: {
      heaviest: { edition: heaviest.edition, type: heaviest.type, jsGzip: heaviest.js.totalGzip },
      budgetsMet: budgetFailures.length === 0,
      budgetFailures,
      runsWithErrors: bad.map((r) => `${r.edition} ${r.type}`),
      serverLog: { path: serverLog.slice(root.length + 1), ...server },
    },
  };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nbench: results in ${out.slice(root.length + 1)}`);
} catch (error) {
  if (!interrupted()) {
    console.error(`bench: ${error instanceof Error ? error.message : error}`);
    exitCode = 1;
  }
} finally {
  await worker.close();
}
process.exit(interrupted() ? 130 : exitCode);
