#!/usr/bin/env node
// `npm run test:lighthouse`: Lighthouse CI on the production build served by wrangler dev.
// Starts the worker, then runs `lhci autorun` (configured by lighthouserc.js) once per form
// factor in LHCI_FORM_FACTORS (default "mobile,desktop"); lhci's own working files stay in a
// temporary directory. Reports: dist/quality/lighthouse/{mobile,desktop}/. Exits 1 when a
// page answers other than 200 or an assertion fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { get, root, startWorker } from './local.mjs';

const formFactors = (process.env.LHCI_FORM_FACTORS || 'mobile,desktop').split(',');

const worker = await startWorker({ production: true });
process.env.LHCI_PORT = String(worker.port);
process.env.CHROME_PATH = chromiumPath;
const { urls } = await import('../lighthouserc.js');
let failed = false;
for (const url of urls) {
  const { status } = await get(url);
  if (status === 200) continue;
  console.error(`lighthouse: ${url} answers ${status}, not 200 (the list is in lighthouserc.js)`);
  failed = true;
}
const scores = [];
for (const formFactor of failed ? [] : formFactors) {
  console.log(`\nlighthouse: ${formFactor}, ${urls.length} pages`);
  const work = mkdtempSync(join(tmpdir(), 'storefront-lhci-'));
  const outputDir = join(root, 'dist/quality/lighthouse', formFactor);
  rmSync(outputDir, { recursive: true, force: true });
  const lhci = spawnSync(process.execPath, [join(root, 'node_modules/@lhci/cli/src/cli.js'), 'autorun', `--config=${join(root, 'lighthouserc.js')}`], {
    cwd: work,
    stdio: 'inherit',
    env: { ...process.env, LHCI_FORM_FACTOR: formFactor },
  });
  rmSync(work, { recursive: true, force: true });
  failed ||= lhci.status !== 0;
  const runs = existsSync(join(outputDir, 'manifest.json')) ? JSON.parse(readFileSync(join(outputDir, 'manifest.json'), 'utf8')) : [];
  for (const run of runs.filter((r) => r.isRepresentativeRun)) scores.push({ page: run.url.replace(/^http:\/\/|:\d+/g, ''), formFactor, ...run.summary });
}
await worker.close();
if (scores.length) {
  console.log('\nLighthouse scores of the median run of each page (assertions are on the median of each category):');
  console.table(scores);
}
console.log(`lighthouse: ${failed ? 'failed' : 'passed'}; reports in dist/quality/lighthouse/`);
process.exit(failed ? 1 : 0);
