#!/usr/bin/env node
// `npm run test:lighthouse`: Lighthouse CI on the production build served by wrangler dev.
// Starts the worker, then runs `lhci autorun` (configured by lighthouserc.js) once per form
// factor in LHCI_FORM_FACTORS (default "mobile,desktop"); lhci's own working files stay in a
// temporary directory, and once per pass (lighthouserc.js PASSES: the moments measured).
// Reports: dist/quality/lighthouse/{mobile,desktop}/{pass}/. Exits 1 when a
// page answers other than 200 or an assertion fails.
//
// Before each form factor, a control page (an empty HTML document from a bare Node server)
// is measured the same way: it shows what this machine can score at all. When the control
// reaches the performance budget, the budget is the floor; when even an empty page falls
// short (a busy or slow machine: simulated throttling multiplies whatever main-thread time
// Chromium spends, scripts or not), the floor is the control's score less the budget's own
// margin (1 - budget), so a page still fails for any cost of its own (docs/decisions/0008).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGETS } from './budgets.mjs';
import { chromiumPath } from './chromium.mjs';
import { get, root, startWorker } from './local.mjs';

const CONTROL_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<meta name="description" content="Lighthouse control page"><title>Control</title></head><body><main><h1>Control</h1><p>An empty page.</p></main></body></html>';

/**
 * Runs lhci with lighthouserc.js in a scratch directory (`work` receives its .lighthouseci
 * files); answers its exit code. Asynchronous, so this process keeps serving the control page.
 */
function lhci(command, env, work) {
  const child = spawn(process.execPath, [join(root, 'node_modules/@lhci/cli/src/cli.js'), command, `--config=${join(root, 'lighthouserc.js')}`], {
    cwd: work,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/** The control page's performance score on this machine now: the middle of its runs. */
async function controlScore(url, formFactor) {
  const work = mkdtempSync(join(tmpdir(), 'storefront-lhci-control-'));
  await lhci('collect', { LHCI_FORM_FACTOR: formFactor, LHCI_URLS: url }, work);
  const dir = join(work, '.lighthouseci');
  const scores = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.startsWith('lhr-') && name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')).categories.performance.score)
        .sort((a, b) => a - b)
    : [];
  rmSync(work, { recursive: true, force: true });
  return scores.length ? scores[Math.floor(scores.length / 2)] : 0;
}

const formFactors = (process.env.LHCI_FORM_FACTORS || 'mobile,desktop').split(',');

const worker = await startWorker({ production: true });
process.env.LHCI_PORT = String(worker.port);
process.env.CHROME_PATH = chromiumPath;
const { PASSES, urlOf, cookieOf } = await import('../lighthouserc.js');
const control = createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(CONTROL_PAGE));
await new Promise((resolve) => control.listen(0, 'localhost', resolve));
const controlUrl = `http://localhost:${control.address().port}/`;
let failed = false;
for (const { at, paths } of Object.values(PASSES)) {
  const cookie = cookieOf(at);
  for (const url of paths.map(urlOf)) {
    const { status } = await get(url, cookie ? { headers: { Cookie: cookie } } : {});
    if (status === 200) continue;
    console.error(`lighthouse: ${url}${at ? ` at ${at}` : ''} answers ${status}, not 200 (the list is in lighthouserc.js)`);
    failed = true;
  }
}
const scores = [];
for (const formFactor of failed ? [] : formFactors) {
  const budget = BUDGETS.lighthouse.performance;
  const reach = await controlScore(controlUrl, formFactor);
  const floor = Math.min(budget, Math.round((reach - (1 - budget)) * 100) / 100);
  console.log(
    reach >= budget
      ? `lighthouse: the control page scores ${reach} on ${formFactor}; the floor is the budget, ${budget}`
      : `lighthouse: the control page (an empty document) scores ${reach} on ${formFactor}, below the budget ${budget}: this machine cannot measure ${budget} now, so the floor is ${floor} (control - ${(1 - budget).toFixed(2)})`,
  );
  rmSync(join(root, 'dist/quality/lighthouse', formFactor), { recursive: true, force: true });
  for (const [name, { at, paths }] of Object.entries(PASSES)) {
    console.log(`\nlighthouse: ${formFactor}, ${paths.length} pages${at ? ` at ${at}` : ''}`);
    const work = mkdtempSync(join(tmpdir(), 'storefront-lhci-'));
    const status = await lhci('autorun', { LHCI_FORM_FACTOR: formFactor, LHCI_PASS: name, LHCI_PERFORMANCE_MIN: String(floor) }, work);
    rmSync(work, { recursive: true, force: true });
    failed ||= status !== 0;
    const manifest = join(root, 'dist/quality/lighthouse', formFactor, name, 'manifest.json');
    const runs = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : [];
    for (const run of runs.filter((r) => r.isRepresentativeRun))
      scores.push({ page: run.url.replace(/^http:\/\/|:\d+/g, ''), at: at ?? 'now', formFactor, ...run.summary });
  }
  scores.push({ page: '(control: an empty page)', at: 'now', formFactor, performance: reach });
}
control.close();
await worker.close();
if (scores.length) {
  console.log('\nLighthouse scores of the median run of each page (assertions are on the median of each category):');
  console.table(scores);
}
console.log(`lighthouse: ${failed ? 'failed' : 'passed'}; reports in dist/quality/lighthouse/`);
process.exit(failed ? 1 : 0);
