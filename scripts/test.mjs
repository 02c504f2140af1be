#!/usr/bin/env node
// `npm test`: build, typecheck, lint, then the worker tests in workerd and the browser tests
// in headless Chromium side by side (each alone leaves one of the two cores mostly idle; the
// browser tests' output is held and printed when they end). Stops at the first failing
// step; ends with one "N passed, N failed" line.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'dist/test-results';
const report = (name) => ['--reporter=default', '--reporter=json', `--outputFile=${results}/${name}.json`];
const steps = [
  ['build', ['node', 'scripts/build.mjs']],
  ['typecheck', ['npx', 'tsc', '--noEmit']],
  ['lint', ['npm', 'run', '--silent', 'lint']],
];
const suites = [
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

function fail(name, status) {
  const { passed, failed } = tally();
  console.error(`\n✖ ${name} failed`);
  console.log(`tests: ${passed} passed, ${Math.max(failed, 1)} failed`);
  process.exit(status ?? 1);
}

const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(1)} s`;
mkdirSync(results, { recursive: true });
for (const name of ['worker', 'browser']) rmSync(`${results}/${name}.json`, { force: true });

for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) fail(name, result.status);
  console.log(`✔ ${name} (${seconds(started)})`);
}

/** Runs a suite; the first streams its output, the others' is held until they end. */
function run([name, [cmd, ...args]], live) {
  const started = Date.now();
  const child = spawn(cmd, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (status) => {
      if (held.length) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(held).toString()}`);
      console.log(`${status === 0 ? '✔' : '✖'} ${name} (${seconds(started)})`);
      resolve([name, status]);
    }),
  );
}

console.log(`\n▶ ${suites.map(([name]) => name).join(' and ')}, side by side`);
const outcomes = await Promise.all(suites.map((suite, i) => run(suite, i === 0)));
const broken = outcomes.find(([, status]) => status !== 0);
if (broken) fail(...broken);
const { passed, failed } = tally();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
