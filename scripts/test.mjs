#!/usr/bin/env node
// `npm test`: build; typecheck and lint side by side; then the worker tests in workerd; then
// the browser tests in headless Chromium (two files at a time). The two suites run one after
// the other: side by side they oversubscribed two cores (load average 12) and tests timed
// out. Stops at the first failing step; ends with one "N passed, N failed" line.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'dist/test-results';
const report = (name) => ['--reporter=default', '--reporter=json', `--outputFile=${results}/${name}.json`];
/** Steps in order; a step of several commands runs them side by side. */
const steps = [
  [['build', ['node', 'scripts/build.mjs']]],
  [
    ['typecheck', ['npx', 'tsc', '--noEmit']],
    ['lint', ['npm', 'run', '--silent', 'lint']],
  ],
  [['worker tests (workerd)', ['npx', 'vitest', 'run', ...report('worker')]]],
  [['browser tests (Chromium)', ['npx', 'vitest', 'run', '--config', 'vitest.e2e.config.ts', ...report('browser')]]],
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

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Runs one command; its output streams when it runs alone, else is held and printed when it ends. */
function run([name, [cmd, ...args]], alone) {
  const started = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (!alone) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(held).toString()}`);
      console.log(`${status === 0 ? '✔' : '✖'} ${name} (${seconds(started)})`);
      resolve({ name, status });
    }),
  );
}

mkdirSync(results, { recursive: true });
for (const name of ['worker', 'browser']) rmSync(`${results}/${name}.json`, { force: true });
const started = Date.now();
for (const step of steps) {
  const outcomes = await Promise.all(step.map((command) => run(command, step.length === 1)));
  const broken = outcomes.find(({ status }) => status !== 0);
  if (broken) {
    const { passed, failed } = tally();
    console.error(`\n✖ ${broken.name} failed`);
    console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(broken.status ?? 1);
  }
}
const { passed, failed } = tally();
console.log(`\ntests: ${passed} passed, ${failed} failed (${seconds(started)})`);
