#!/usr/bin/env node
// `npm run test:quality`: the slow gates, one after another, each to the end even when an
// earlier one failed, then a summary of every gate as the last lines printed. CI keeps only
// the tail of a long log, and the probe alone prints hundreds of lines: without the summary
// a failure in the accessibility crawl scrolls out of sight behind a passing probe.
import { spawnSync } from 'node:child_process';

const gates = [
  { name: 'accessibility crawl', command: 'npm run test:a11y' },
  {
    name: 'full matrices (every page, state and width)',
    command: 'vitest run --project browser tests/e2e/clickable.test.ts tests/e2e/layout.test.ts tests/e2e/pictures.test.ts',
    env: { FULL_MATRIX: '1' },
  },
  { name: 'fuzzing (500 cases a property)', command: 'vitest run --project worker tests/worker/quality/fuzz.test.ts', env: { FUZZ_RUNS: '500' } },
  { name: 'Lighthouse', command: 'npm run test:lighthouse' },
  { name: 'load', command: 'npm run test:load' },
  { name: 'probe', command: 'npm run test:probe' },
];

const only = process.env.QUALITY_GATES?.split(',').map((name) => name.trim().toLowerCase());
const results = [];
for (const gate of gates) {
  if (only && !only.some((name) => gate.name.toLowerCase().startsWith(name))) continue;
  const started = Date.now();
  const { status, signal } = spawnSync(gate.command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...gate.env, PATH: `node_modules/.bin:${process.env.PATH}` },
  });
  results.push({ ...gate, ok: status === 0, outcome: signal ? `killed by ${signal}` : `exit ${status}`, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\ntest:quality summary');
for (const { name, ok, outcome, seconds } of results) {
  console.log(`  ${ok ? '✓' : '✗'} ${name}: ${ok ? 'passed' : `FAILED (${outcome})`} in ${seconds} s`);
}
const failed = results.filter(({ ok }) => !ok);
console.log(
  failed.length
    ? `✗ ${failed.length} of ${results.length} quality gate(s) failed: ${failed.map(({ name }) => name).join(', ')}`
    : `✓ all ${results.length} quality gates passed`,
);
process.exit(failed.length ? 1 : 0);
