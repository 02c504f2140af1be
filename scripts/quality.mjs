#!/usr/bin/env node
// `npm run test:quality`: the slow gates (issue 4). The accessibility crawl of every page,
// the fuzzing properties at full strength, Lighthouse CI (mobile and desktop, median of
// three runs) and the load test. Each runs on
// its own fresh local server; all run even if one fails, and the exit code is 1 if a blocking
// one did. Reports land in dist/quality/.
//
// NOTE: Lighthouse is advisory for now: it runs and prints its verdict, but does not fail the
// run. On the current CI machine (2 cores, Debian Chromium 156) even the last landed commit,
// f7f8e18, scores 0.66-0.93 on mobile: Total Blocking Time there comes from long tasks that
// Chromium attributes to no script, on pages that run none. Until the measurement is made
// stable (docs/decisions/0008-quality-gates.md), a red Lighthouse would block every change
// for a reason no change can fix.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const steps = [
  [
    'accessibility crawl (axe-core, every sitemap page)',
    ['npx', 'vitest', 'run', '--config', 'vitest.quality.config.ts', '--reporter=default', '--reporter=json', '--outputFile=dist/quality/a11y.json'],
  ],
  ['fuzzing, 500 cases a property (the worker in workerd)', ['npx', 'vitest', 'run', 'tests/worker/quality/fuzz.test.ts'], { env: { FUZZ_RUNS: '500' } }],
  ['Lighthouse CI (mobile and desktop)', ['node', 'scripts/lighthouse.mjs'], { advisory: true }],
  ['load (wrk, 64 connections)', ['node', 'scripts/load.mjs']],
];

mkdirSync('dist/quality', { recursive: true });

const outcomes = [];
for (const [name, [cmd, ...args], { advisory = false, env } = {}] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  outcomes.push([name, result.status === 0, seconds, advisory]);
  console.log(`${result.status === 0 ? '✔' : advisory ? '⚠' : '✖'} ${name} (${seconds} s)${advisory ? ' (advisory)' : ''}`);
}

console.log('\nquality gates:');
for (const [name, ok, seconds, advisory] of outcomes) {
  console.log(`  ${ok ? '✔' : advisory ? '⚠' : '✖'} ${name} (${seconds} s)${advisory && !ok ? ': below its thresholds, advisory (see the NOTE above)' : ''}`);
}
const blocking = outcomes.filter(([, , , advisory]) => !advisory);
const failed = blocking.filter(([, ok]) => !ok).length;
console.log(`quality: ${blocking.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
