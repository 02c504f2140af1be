#!/usr/bin/env node
// `npm run test:quality`: the slow gates (issue 4). The accessibility crawl of every page,
// Lighthouse CI (mobile and desktop, median of three runs) and the load test. Each runs on
// its own fresh local server; all run even if one fails, and the exit code is 1 if any did.
// Reports land in dist/quality/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

const steps = [
  [
    'accessibility crawl (axe-core, every sitemap page)',
    ['npx', 'vitest', 'run', '--config', 'vitest.quality.config.ts', '--reporter=default', '--reporter=json', '--outputFile=dist/quality/a11y.json'],
  ],
  ['Lighthouse CI (mobile and desktop)', ['node', 'scripts/lighthouse.mjs']],
  ['load (wrk, 64 connections)', ['node', 'scripts/load.mjs']],
];

mkdirSync('dist/quality', { recursive: true });

const outcomes = [];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  outcomes.push([name, result.status === 0, seconds]);
  console.log(`${result.status === 0 ? '✔' : '✖'} ${name} (${seconds} s)`);
}

console.log('\nquality gates:');
for (const [name, ok, seconds] of outcomes) console.log(`  ${ok ? '✔' : '✖'} ${name} (${seconds} s)`);
const failed = outcomes.filter(([, ok]) => !ok).length;
console.log(`quality: ${outcomes.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
