#!/usr/bin/env node
// `npm run test:quality`: the slow gates (issue 4). The accessibility crawl of every page,
// the fuzzing properties at full strength, Lighthouse CI (mobile and desktop, median of
// three runs) and the load test. Each runs on its own fresh local server; all run even if one
// fails, and the exit code is 1 if any did. Reports land in dist/quality/.
import { mkdirSync } from 'node:fs';
import { runSteps } from './steps.mjs';

mkdirSync('dist/quality', { recursive: true });
const a11y = ['--config', 'vitest.quality.config.ts', '--reporter=default', '--reporter=json', '--outputFile=dist/quality/a11y.json'];
const outcomes = await runSteps(
  [
    { name: 'accessibility crawl (axe-core, every sitemap page)', cmd: ['npx', 'vitest', 'run', ...a11y] },
    {
      name: 'fuzzing, 500 cases a property (the worker in workerd)',
      cmd: ['npx', 'vitest', 'run', 'tests/worker/quality/fuzz.test.ts'],
      env: { FUZZ_RUNS: '500' },
    },
    { name: 'Lighthouse CI (mobile and desktop)', cmd: ['node', 'scripts/lighthouse.mjs'] },
    { name: 'load (wrk, 64 connections)', cmd: ['node', 'scripts/load.mjs'] },
  ],
  { keepGoing: true },
);

console.log('\nquality gates:');
for (const { name, ok, time } of outcomes) console.log(`  ${ok ? '✔' : '✖'} ${name} (${time})`);
const failed = outcomes.filter((o) => !o.ok).length;
console.log(`quality: ${outcomes.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
