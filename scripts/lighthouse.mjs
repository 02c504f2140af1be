#!/usr/bin/env node
// `npm run test:lighthouse`: Lighthouse CI against the site on wrangler dev (workerd). Builds
// dist/ if it is missing, seeds fresh local state in a temp dir, serves the worker on a free
// port in 8990-9189, then for each form factor runs `lhci collect`, `lhci assert` and
// `lhci upload --target=filesystem` (node_modules/@lhci/cli):
//   - mobile: Lighthouse's default emulation (Moto G Power, slow 4G), simulated throttling;
//   - desktop: `preset: 'desktop'`;
//   - 3 runs per URL; each category is asserted on the MEDIAN of the runs (see ASSERTIONS):
//     performance >= 0.95, accessibility = best practices = SEO = 1, all at "error" level.
// Reports: dist/quality/lighthouse/{mobile,desktop}/ (HTML + JSON per run; manifest.json marks
// each URL's representative run). Prints a URL × form factor table of the median scores and
// the audits below par, with the elements they point at. Exits 1 when an assertion fails.
//
// Configuration is inline (ASSERTIONS, SETTINGS, lhciConfig below) rather than in
// lighthouserc files because the URLs carry the port of the server this script starts. It is
// written to a temporary lighthouserc.json per form factor; lhci runs with that temporary
// directory as working directory, so `.lighthouseci/` never lands in the checkout.
//
// Pages: TARGETS is the one list. Campaign pages join it by themselves: every page of
// content/pages.ts whose kind is 'campaign' or whose slug reads as one (black-friday,
// christmas, back-to-school) and that answers 200 (is live) in one of its editions is measured
// in the first such edition. Edition homes are measured at /{region} (what /{region}/ 301s to).
//
// Timing (2 cores): about 9.5 s per Lighthouse run (with UNREF_TIMERS below; 12 s without), i.e.
// about 5 min for 5 URLs × 2 form factors × 3 runs, plus about 1 min 20 s per extra URL.
//
// Environment: CHROME_PATH (default /usr/bin/chromium), LHCI_RUNS (default 3),
// LHCI_FORM_FACTORS (default "mobile,desktop").
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { root, seed, serve, stop } from './local.mjs';

const started = Date.now();
const { computeRepresentativeRuns } = createRequire(import.meta.url)('@lhci/utils/src/representative-runs.js');
const lhci = join(root, 'node_modules/@lhci/cli/src/cli.js');
const runs = Number(process.env.LHCI_RUNS || 3);
const formFactors = (process.env.LHCI_FORM_FACTORS || 'mobile,desktop').split(',').map((f) => f.trim());
const reportsDir = join(root, 'dist/quality/lighthouse');

const chromeFlags = ['--headless=new', ...chromiumFlags].join(' ');

/**
 * The pages measured, as [region, slug] ('' is the edition home). This is the one list:
 * campaign pages (content/pages.ts) are appended to it by `campaignTargets` while live.
 */
const TARGETS = [
  ['us', ''],
  ['us', 'flagship-bumblebee'],
  ['de', ''],
  ['jp', 'flagship-bumblebee'],
  ['cn', ''],
];

/** Page ids that read as campaigns, whatever their `kind` says. */
const CAMPAIGN_SLUG = /black-friday|christmas|back-to-school/;

/**
 * Assertions, each on the median of the runs. `aggregationMethod: 'median'`, not
 * 'median-run': in @lhci/utils 0.15.1 `categories:*` assertions always receive every run, so
 * 'median-run' falls back to the best run (lhci's default, 'optimistic') for them.
 */
const median = { aggregationMethod: 'median' };
const ASSERTIONS = {
  'categories:performance': ['error', { ...median, minScore: 0.95 }],
  'categories:accessibility': ['error', { ...median, minScore: 1 }],
  'categories:best-practices': ['error', { ...median, minScore: 1 }],
  'categories:seo': ['error', { ...median, minScore: 1 }],
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Lighthouse settings per form factor: mobile is Lighthouse's default (Moto G Power, slow 4G, simulated). */
const SETTINGS = {
  mobile: { chromeFlags },
  desktop: { chromeFlags, preset: 'desktop' },
};

function lhciConfig(formFactor, urls) {
  return {
    ci: {
      collect: { url: urls, numberOfRuns: runs, chromePath: chromiumPath, settings: SETTINGS[formFactor] },
      assert: { assertions: ASSERTIONS, includePassedAssertions: false },
      upload: { target: 'filesystem', outputDir: join(reportsDir, formFactor) },
    },
  };
}

// ---------------------------------------------------------------------------------------

function editionUrl(port, region, slug) {
  return region === 'cn' ? `http://cn.localhost:${port}/${slug}` : `http://localhost:${port}/${region}${slug ? `/${slug}` : ''}`;
}

/** Status of a GET without following redirects (cn.localhost answered on 127.0.0.1 by Host). */
function statusOf(url) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: u.port, path: u.pathname + u.search, headers: { host: u.host } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`timeout on ${url}`)));
    req.end();
  });
}

function portFree(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function freePort() {
  for (let i = 0; i < 50; i++) {
    const port = 8990 + Math.floor(Math.random() * 200);
    if (await portFree(port)) return port;
  }
  throw new Error('lighthouse: no free port in 8990-9189');
}

/** content/pages.ts, transpiled in memory (it is TypeScript and Node 20 does not strip types). */
async function loadPages() {
  const out = await build({
    entryPoints: [join(root, 'content/pages.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return mod.PAGES;
}

/**
 * Campaign pages that exist right now: each campaign-like page of content/pages.ts, in the
 * first of its editions where it answers 200 (outside its window it redirects to the home).
 */
async function campaignTargets(port) {
  const found = [];
  for (const page of await loadPages()) {
    if (page.kind !== 'campaign' && !CAMPAIGN_SLUG.test(page.slug)) continue;
    if (page.redirect) continue;
    let live = null;
    for (const region of page.regions) {
      if ((await statusOf(editionUrl(port, region, page.slug))) === 200) {
        live = region;
        break;
      }
    }
    console.log(`lighthouse: campaign page "${page.slug}": ${live ? `live, measured in ${live}` : 'not live in any edition, skipped'}`);
    if (live) found.push([live, page.slug]);
  }
  return found;
}

/**
 * Preloaded into the Lighthouse processes `lhci collect` spawns (through NODE_OPTIONS). Lighthouse
 * 12.6 leaves 5 s `Promise.race` timeouts pending when a run is over (ImageElements,
 * FullPageScreenshot), so each `lighthouse` process lingers 2-3 s after writing its report.
 * Unref'd, those timers no longer hold the process; while a run is under way the DevTools
 * connection keeps it alive, so nothing Lighthouse waits for is cut short.
 */
const UNREF_TIMERS = `const st = globalThis.setTimeout;
globalThis.setTimeout = function (fn, ms, ...args) {
  const t = st(fn, ms, ...args);
  if (ms >= 1000 && t && typeof t.unref === 'function') t.unref();
  return t;
};
`;

let running = null;

/** Runs one lhci command; resolves with its exit code (and output, when captured). */
function lhciRun(command, cwd, config, capture = false) {
  const env = { ...process.env, CHROME_PATH: chromiumPath };
  if (command === 'collect') {
    const preload = join(cwd, 'unref-timers.mjs');
    writeFileSync(preload, UNREF_TIMERS);
    env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(preload).href}`.trim();
  }
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [lhci, command, `--config=${config}`], {
      cwd,
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    running = proc;
    let output = '';
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    proc.on('error', reject);
    proc.on('close', (code) => {
      running = null;
      resolve({ status: code ?? 1, output });
    });
  });
}

const medianOf = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor((sorted.length - 1) / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid] + sorted[mid + 1]) / 2;
};

const itemLabel = (item) => {
  const node = item.node ?? item.subItems?.items?.[0]?.node ?? null;
  if (node)
    return `${node.selector ?? ''}${node.snippet ? `  ${node.snippet}` : ''}${node.explanation ? `\n          ${node.explanation.split('\n').join(' ')}` : ''}`;
  if (item.url) return item.url;
  if (item.source?.url) return `${item.source.url}:${item.source.line ?? ''}`;
  if (item.description) return String(item.description);
  return JSON.stringify(item).slice(0, 200);
};

/** Failing audits of a URL's runs: what a category lost points on, with the elements pointed at. */
function describeFailures(lhrs) {
  const lines = [];
  const rep = lhrs.representative;
  for (const id of CATEGORIES) {
    const cat = rep.categories[id];
    const refs = cat.auditRefs.filter((r) => (id === 'performance' ? r.weight > 0 : true));
    for (const ref of refs) {
      const failedIn = lhrs.all.filter((l) => {
        const a = l.audits[ref.id];
        return a && typeof a.score === 'number' && a.score < (id === 'performance' ? 0.9 : 1);
      }).length;
      if (!failedIn) continue;
      const audit = rep.audits[ref.id];
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(
        `    [${id}] ${ref.id}: ${audit.title}${shown}, score ${audit.score ?? '-'} in the median run, below par in ${failedIn}/${lhrs.all.length} runs`,
      );
      const items = audit.details?.items ?? [];
      for (const item of items.slice(0, 6)) lines.push(`        - ${itemLabel(item)}`);
      if (items.length > 6) lines.push(`        … ${items.length - 6} more`);
    }
  }
  return lines;
}

function pad(s, n) {
  s = String(s);
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

async function measure(formFactor, urls) {
  const work = mkdtempSync(join(tmpdir(), `storefront-lhci-${formFactor}-`));
  const config = join(work, 'lighthouserc.json');
  writeFileSync(config, JSON.stringify(lhciConfig(formFactor, urls), null, 2));
  rmSync(join(reportsDir, formFactor), { recursive: true, force: true });
  mkdirSync(join(reportsDir, formFactor), { recursive: true });

  const t0 = Date.now();
  console.log(`\nlighthouse: ${formFactor}: ${urls.length} URLs × ${runs} runs`);
  const collected = await lhciRun('collect', work, config);
  if (collected.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    throw new Error(`lhci collect (${formFactor}) exited with ${collected.status}`);
  }
  const assert = await lhciRun('assert', work, config);
  const upload = await lhciRun('upload', work, config, true);
  if (upload.status !== 0) process.stderr.write(upload.output);
  console.log(`lighthouse: ${formFactor} took ${((Date.now() - t0) / 1000).toFixed(0)} s`);

  const dir = join(work, '.lighthouseci');
  const lhrs = readdirSync(dir)
    .filter((f) => /^lhr-.*\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  const byUrl = new Map();
  for (const url of urls) {
    const all = lhrs.filter((l) => l.requestedUrl === url);
    // The run lhci's filesystem upload marks representative (median FCP and TTI).
    const [representative] = computeRepresentativeRuns([all.map((l) => [l, l])]);
    byUrl.set(url, {
      all,
      representative,
      medians: Object.fromEntries(CATEGORIES.map((c) => [c, medianOf(all.map((l) => l.categories[c]?.score))])),
      popupOpen: all.map((l) => {
        const node = Object.values(l.fullPageScreenshot?.nodes ?? {}).find((n) => n.id === 'new-user-popup-email');
        return node ? node.width > 0 : null;
      }),
      warnings: [...new Set(all.flatMap((l) => l.runWarnings ?? []))],
    });
  }
  rmSync(work, { recursive: true, force: true });
  return { passed: assert.status === 0, byUrl };
}

// ---------------------------------------------------------------------------------------

if (!existsSync(join(root, 'dist/manifest.json')) || !existsSync(join(root, 'dist/bundles/kv.json'))) {
  console.log('lighthouse: dist/ is missing, building');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
}

const port = await freePort();
const state = mkdtempSync(join(tmpdir(), 'storefront-lighthouse-'));
let child = null;
const cleanup = () => {
  if (running) running.kill('SIGTERM');
  if (child) stop(child);
  child = null;
  rmSync(state, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

let failed = false;
const results = {};
let urls = [];
try {
  seed({ persistTo: state, quiet: true });
  child = await serve({ port, persistTo: state, stdio: 'ignore', production: true });
  console.log(`lighthouse: worker on http://localhost:${port} (Chromium: ${chromiumPath})`);

  const targets = [...TARGETS, ...(await campaignTargets(port))];
  urls = targets.map(([region, slug]) => editionUrl(port, region, slug));
  for (const url of urls) {
    const status = await statusOf(url);
    if (status !== 200) throw new Error(`${url} answers ${status}, not 200: Lighthouse would measure a redirect or an error`);
  }

  for (const formFactor of formFactors) {
    if (!SETTINGS[formFactor]) throw new Error(`unknown form factor "${formFactor}" (mobile, desktop)`);
    try {
      const r = await measure(formFactor, urls);
      results[formFactor] = r;
      if (!r.passed) failed = true;
    } catch (error) {
      console.error(`lighthouse: ${error.message}`);
      failed = true;
    }
  }
} catch (error) {
  console.error(`lighthouse: ${error.message}`);
  failed = true;
} finally {
  cleanup();
}

// Scores table: median of the runs per category, as asserted. `*` marks a score under its threshold.
const short = (url) => url.replace(/^http:\/\/(cn\.)?localhost:\d+/, (_, cn) => (cn ? 'cn:' : ''));
const fmt = (v, min) => (v === null ? '  -  ' : `${Math.round(v * 100)}${v < min ? '*' : ' '}`.padStart(5));
const mins = Object.fromEntries(CATEGORIES.map((c) => [c, ASSERTIONS[`categories:${c}`][1].minScore]));
if (Object.keys(results).length) {
  const w = Math.max(...urls.map((u) => short(u).length), 3) + 2;
  console.log(`\nLighthouse, median of ${runs} runs (* = under the asserted minimum)\n`);
  console.log(`${pad('URL', w)}${pad('form', 9)} perf  a11y  b-p   seo`);
  for (const url of urls) {
    for (const [formFactor, r] of Object.entries(results)) {
      const m = r.byUrl.get(url)?.medians;
      if (!m) continue;
      console.log(`${pad(short(url), w)}${pad(formFactor, 9)}${CATEGORIES.map((c) => fmt(m[c], mins[c])).join(' ')}`);
    }
  }
  const details = [];
  for (const [formFactor, r] of Object.entries(results)) {
    for (const [url, u] of r.byUrl) {
      if (!u.representative) continue;
      const lines = describeFailures(u);
      const popup = u.popupOpen.some((p) => p !== null)
        ? `  new-user popup open at the end of runs: ${u.popupOpen.map((p) => (p ? 'yes' : 'no')).join('/')}`
        : '';
      if (lines.length || u.warnings.length || popup) {
        details.push(`\n  ${short(url)} (${formFactor})${popup}`);
        for (const w2 of u.warnings) details.push(`    warning: ${w2}`);
        details.push(...lines);
      }
    }
  }
  if (details.length) console.log(`\nAudits below par (median run shown; performance lists weighted audits under 0.9):${details.join('\n')}`);
  console.log(`\nReports: ${join('dist/quality/lighthouse', '{' + Object.keys(results).join(',') + '}')}/ (manifest.json marks the median run)`);
}
console.log(`lighthouse: ${failed ? 'FAILED' : 'passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
