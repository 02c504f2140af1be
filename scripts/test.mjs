#!/usr/bin/env node
// `npm test`: build; typecheck and lint side by side; then the worker tests in workerd; then
// the browser tests in headless Chromium (two files at a time). The two suites run one after
// the other: side by side they oversubscribed two cores (load average 12) and tests timed
// out. Stops at the first failing step; ends with one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { runSteps, seconds } from './steps.mjs';

const results = 'dist/test-results';
const vitest = (name, ...args) => ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${results}/${name}.json`];

mkdirSync(results, { recursive: true });
for (const name of ['worker', 'browser']) rmSync(`${results}/${name}.json`, { force: true });
const started = Date.now();
const outcomes = await runSteps([
  { name: 'build', cmd: ['node', 'scripts/build.mjs'] },
  [
    { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit'] },
    { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  ],
  { name: 'worker tests (workerd)', cmd: vitest('worker') },
  { name: 'browser tests (Chromium)', cmd: vitest('browser', '--config', 'vitest.e2e.config.ts') },
]);

let [passed, failed] = [0, 0];
for (const name of ['worker', 'browser']) {
  if (!existsSync(`${results}/${name}.json`)) continue;
  const json = JSON.parse(readFileSync(`${results}/${name}.json`, 'utf8'));
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
}
const broken = outcomes.find((o) => !o.ok);
if (broken) console.error(`\n✖ ${broken.name} failed`);
console.log(`\ntests: ${passed} passed, ${broken ? Math.max(failed, 1) : failed} failed (${seconds(started)})`);
process.exit(broken ? broken.status : 0);
