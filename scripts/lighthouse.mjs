#!/usr/bin/env node
// `npm run test:lighthouse`: Lighthouse CI on the deployable worker (scripts/local.mjs).
// Starts the worker, checks every page of lighthouserc.js's PASSES answers 200 at its
// moment, then runs `lhci autorun` once per form factor (LHCI_FORM_FACTORS, default
// "mobile,desktop") and pass, each in a scratch directory for lhci's working files.
// Reports: dist/quality/lighthouse/{form factor}/{pass}/. Exits 1 when a page answers other
// than 200 or an assertion fails (docs/decisions/0008-quality-gates.md).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from './chromium.mjs';
import { get, root, startWorker } from './local.mjs';

/** Runs `lhci autorun` with lighthouserc.js in a scratch directory; answers its exit code. */
function autorun(env) {
  const work = mkdtempSync(join(tmpdir(), 'storefront-lhci-'));
  const cli = join(root, 'node_modules/@lhci/cli/src/cli.js');
  const child = spawn(process.execPath, [cli, 'autorun', `--config=${join(root, 'lighthouserc.js')}`], {
    cwd: work,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => child.on('close', (code) => (rmSync(work, { recursive: true, force: true }), resolve(code ?? 1))));
}

const formFactors = (process.env.LHCI_FORM_FACTORS || 'mobile,desktop').split(',');
const worker = await startWorker();
process.env.LHCI_PORT = String(worker.port);
process.env.CHROME_PATH = chromiumPath;
const { PASSES, urlOf, cookieOf } = await import('../lighthouserc.js');

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
  rmSync(join(root, 'dist/quality/lighthouse', formFactor), { recursive: true, force: true });
  for (const [name, { at, paths }] of Object.entries(PASSES)) {
    console.log(`\nlighthouse: ${formFactor}, ${paths.length} pages${at ? ` at ${at}` : ''}`);
    failed = (await autorun({ LHCI_FORM_FACTOR: formFactor, LHCI_PASS: name })) !== 0 || failed;
    const manifest = join(root, 'dist/quality/lighthouse', formFactor, name, 'manifest.json');
    const runs = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : [];
    for (const run of runs.filter((r) => r.isRepresentativeRun))
      scores.push({ page: run.url.replace(/^http:\/\/|:\d+/g, ''), at: at ?? 'now', formFactor, ...run.summary });
  }
}
await worker.close();
if (scores.length) {
  console.log('\nLighthouse scores of the median run of each page (assertions are on the median of each category):');
  console.table(scores);
}
console.log(`lighthouse: ${failed ? 'failed' : 'passed'}; reports in dist/quality/lighthouse/`);
process.exit(failed ? 1 : 0);
