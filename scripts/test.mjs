#!/usr/bin/env node
// `npm test`: build, typecheck, lint, the worker tests in workerd, the browser tests in
// headless Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['build', ['node', 'scripts/build.mjs']],
  ['typecheck', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npx', 'eslint', '.']],
  ['worker tests (workerd)', ['npx', 'vitest', 'run']],
  ['browser tests (Chromium)', ['node', 'scripts/e2e.mjs']],
];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
