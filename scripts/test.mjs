#!/usr/bin/env node
// `npm test`: build, typecheck, lint, the worker tests in workerd, the browser tests in
// headless Chromium. Stops at the first failing step; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const results = 'dist/test-results';
const report = (name) => ['--reporter=default', '--reporter=json', `--outputFile=${results}/${name}.json`];
const steps = [
  ['build', ['node', 'scripts/build.mjs']],
  ['typecheck', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['worker tests (workerd)', ['npx', 'vitest', 'run', ...report('worker')]],
  ['browser tests (Chromium)', ['npx', 'vitest', 'run', '--config', 'vitest.e2e.config.ts', ...report('browser')]],
];

function tally() {
  let passed = 0;
  let failed = 0;
  for (const name of ['worker', 'browser']) {
    const file = `${results}/${name}.json`;
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
  }
  return { passed, failed };
}

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  mkdirSync(results, { recursive: true });
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    const { passed, failed } = tally();
    console.error(`\n✖ ${name} failed`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
const { passed, failed } = tally();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
