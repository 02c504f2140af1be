#!/usr/bin/env node
// `npm run test:lighthouse`: Lighthouse CI on the deployable worker (scripts/local/worker.mjs).
// Starts the worker, then runs `lhci autorun` with lighthouserc.js once per form factor
// (LHCI_FORM_FACTORS, default "mobile,desktop") and pass (LHCI_PASSES, default every pass of
// lighthouserc.js, e.g. "black-friday,christmas"), each in a scratch directory for
// lhci's working files. One page of each type unless LHCI_PAGES=all (lighthouserc.js, PAGE_TYPES). Reports: dist/quality/lighthouse/{form factor}/{pass}/. Exits 1 when
// an assertion fails, a page answering other than 200 included
// (docs/decisions/0021-lighthouse-applied-throttling.md).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../local/chromium.mjs';
import { root, startWorker } from '../local/worker.mjs';
import { median } from './stats.mjs';

const formFactors = (process.env.LHCI_FORM_FACTORS || 'mobile,desktop').split(',');
const cli = join(root, 'node_modules/@lhci/cli/src/cli.js');
const worker = await startWorker();
const { PASSES, measured } = await import('../../lighthouserc.js');
// Every pass named (else all), less those with no page this run measures (LHCI_PAGES, lighthouserc.js).
const named = process.env.LHCI_PASSES ? process.env.LHCI_PASSES.split(',') : Object.keys(PASSES);
const chosen = named.filter((name) => !(name in PASSES) || measured(PASSES[name]).length > 0);
const unknown = named.filter((name) => !(name in PASSES));
if (unknown.length) {
  await worker.close();
  console.error(`lighthouse: LHCI_PASSES names ${unknown.join(', ')}; the passes are ${Object.keys(PASSES).join(', ')}`);
  process.exit(2);
}
let failed = false;
const scores = [];
for (const formFactor of formFactors) {
  rmSync(join(root, 'dist/quality/lighthouse', formFactor), { recursive: true, force: true });
  for (const name of chosen) {
    const { at } = PASSES[name];
    const paths = measured(PASSES[name]);
    console.log(`\nlighthouse: ${formFactor}, ${paths.length} pages${at ? ` at ${at}` : ''}`);
    const work = mkdtempSync(join(tmpdir(), 'storefront-lhci-'));
    const env = { ...process.env, CHROME_PATH: chromiumPath, LHCI_PORT: String(worker.port), LHCI_FORM_FACTOR: formFactor, LHCI_PASS: name };
    // Not spawnSync: Miniflare, in this process, reads workerd's output while lhci runs.
    const lhci = spawn(process.execPath, [cli, 'autorun', `--config=${join(root, 'lighthouserc.js')}`], { cwd: work, stdio: 'inherit', env });
    const status = await new Promise((resolve) => lhci.on('close', resolve));
    rmSync(work, { recursive: true, force: true });
    failed ||= status !== 0;
    const manifest = join(root, 'dist/quality/lighthouse', formFactor, name, 'manifest.json');
    const runs = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : [];
    // What the assertions read: each category's median over a page's runs. lhci's
    // "representative" run is picked by its timings, not its scores, so its score is not the
    // median's: /us once printed 0.94 with runs of 0.97, 0.94 and 0.97.
    for (const url of new Set(runs.map((r) => r.url))) {
      const ofPage = runs.filter((r) => r.url === url);
      const medians = Object.fromEntries(Object.keys(ofPage[0].summary).map((category) => [category, median(ofPage.map((r) => r.summary[category]))]));
      const performanceRuns = ofPage.map((r) => r.summary.performance).join(' ');
      scores.push({ page: url.replace(/^http:\/\/|:\d+/g, ''), at: at ?? 'now', formFactor, ...medians, 'performance runs': performanceRuns });
    }
  }
}
await worker.close();
if (scores.length) {
  console.log("\nLighthouse: each page's median score per category over its runs, as the assertions read them:");
  console.table(scores);
}
console.log(`lighthouse: ${failed ? 'failed' : 'passed'}; reports in dist/quality/lighthouse/`);
process.exit(failed ? 1 : 0);
