#!/usr/bin/env node
// `npm run test:mutations`: deliberate breaks of the site's important rules, each of which
// `npm test` must catch (docs/measurements.md keeps the list and the last run's outcome).
// Each break is applied in a scratch copy of the committed tree (the repository's own files are
// never touched), the tests that hold the rule are run, and the break counts as caught when they
// fail. A break whose text is no longer in its file fails the run too: the list must follow the
// code. `-- <name>` runs only the breaks whose name contains it.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../local/worker.mjs';

/** A break: in `file`, `from` (found exactly once) becomes `to`; `tests` must then fail. */
const BREAKS = [
  {
    name: 'a stage starts a millisecond late',
    file: 'worker/clock/stage.ts',
    from: 'if (now >= Date.parse(t)) stage++;',
    to: 'if (now > Date.parse(t)) stage++;',
    tests: ['tests/worker/clock/stage.test.ts'],
  },
  {
    name: 'a window stays open at its end',
    file: 'worker/clock/stage.ts',
    from: 'now >= Date.parse(window.endTime)) return false;',
    to: 'now > Date.parse(window.endTime)) return false;',
    tests: ['tests/worker/clock/stage.test.ts'],
  },
  {
    name: 'encoded slashes reach the redirects',
    file: 'worker/edition/resolve.ts',
    from: '/%(2f|5c|[01][0-9a-f]|7f)|\\\\|[\\u0000-\\u001f\\u007f]/i',
    to: '/%([01][0-9a-f]|7f)|[\\u0000-\\u001f\\u007f]/i',
    tests: ['tests/worker/edition/resolve.test.ts'],
  },
  {
    name: 'a robot out of stock can be bought',
    file: 'kernel/offers.ts',
    from: "if (offer.stock === 0) return 'soldOut';",
    to: "if (offer.stock < 0) return 'soldOut';",
    tests: ['tests/worker/head/head.test.ts', 'tests/worker/pages/products.test.ts'],
  },
  {
    name: 'PBKDF2 above what production Workers run',
    file: 'worker/account/password.ts',
    from: 'export const PBKDF2_ITERATIONS = 100_000;',
    to: 'export const PBKDF2_ITERATIONS = 200_000;',
    tests: ['tests/worker/account/password.test.ts'],
  },
  {
    name: 'the refresh grace widened to 10 minutes',
    file: 'worker/account/records.ts',
    from: 'export const REUSE_GRACE_MS = 10_000;',
    to: 'export const REUSE_GRACE_MS = 600_000;',
    tests: ['tests/worker/api/sessions.test.ts'],
  },
  {
    name: 'x-default prefers the EU edition',
    file: 'worker/head/head.ts',
    from: "(['us', 'eu'] as const)",
    to: "(['eu', 'us'] as const)",
    tests: ['tests/worker/head/head.test.ts'],
  },
  { name: 'a CSV cell keeps its formula', file: 'ops/csv.ts', from: `.replace(FORMULA, "$1$2'")`, to: '', tests: ['tests/node/csv.test.ts'] },
  {
    name: "the render cache ignores the schedule's version",
    file: 'worker/pages/render-cache/key.ts',
    from: '    versionOf(schedule),\n',
    to: '',
    tests: ['tests/worker/pages/render-cache.test.ts'],
  },
  {
    name: 'a cross-site POST passes the guard',
    file: 'worker/post/guard.ts',
    from: "fetchSite === 'cross-site' || (origin !== undefined",
    to: 'false && (origin !== undefined',
    tests: ['tests/worker/api/post-pipeline.test.ts', 'tests/worker/api/hardening.test.ts'],
  },
  {
    name: "a visitor's stitched text unescaped",
    file: 'worker/pages/visitor.ts',
    from: 'return text.replace(/[&<>"\']/g, (ch) => ESCAPES[ch]!);',
    to: 'return text;',
    tests: ['tests/worker/pages/render-cache-visitors.test.ts', 'tests/worker/quality/text.test.ts'],
  },
  {
    name: 'an expired preview link still counts',
    file: 'worker/clock/preview.ts',
    from: "return context.now < expires ? { kind: 'ok', ms } : { kind: 'expired' };",
    to: "return { kind: 'ok', ms };",
    tests: ['tests/worker/clock/preprod.test.ts', 'tests/worker/clock/gating.test.ts'],
  },
  {
    name: 'the newsletter takes 1,000 sign-ups a minute from one client',
    file: 'worker/records/rate-limit.ts',
    from: 'subscribe: { limit: 10, window: 60_000 },',
    to: 'subscribe: { limit: 1_000, window: 60_000 },',
    tests: ['tests/worker/api/subscribe.test.ts'],
  },
  {
    name: 'a consent choice outlives its categories',
    file: 'kernel/consent.ts',
    from: 'return !!choice && choice.version === version && ',
    to: 'return !!choice && ',
    tests: ['tests/worker/pages/consent.test.ts'],
  },
  {
    name: 'Gmail dots make a second draw entry',
    file: 'worker/records/draw-entries.ts',
    from: "if (domain === 'gmail.com' || domain === 'googlemail.com') {",
    to: "if (domain === 'gmail.invalid') {",
    tests: ['tests/worker/api/lucky-draw.test.ts'],
  },
  {
    name: "money loses its currency's decimals",
    file: 'kernel/format.ts',
    from: 'minimumFractionDigits: digits, maximumFractionDigits: digits',
    to: 'minimumFractionDigits: 0, maximumFractionDigits: 0',
    tests: ['tests/worker/format.test.ts'],
  },
];

const only = process.argv.slice(2).join(' ').trim();
const breaks = BREAKS.filter((b) => !only || b.name.includes(only));
const sandbox = mkdtempSync(join(tmpdir(), 'storefront-mutations-'));
const stale = [];
const outcomes = [];
try {
  // The committed tree, with this checkout's node_modules and build (dist/ holds what the worker imports).
  execFileSync('git', ['archive', '--format=tar', '-o', join(sandbox, 'tree.tar'), 'HEAD'], { cwd: root });
  execFileSync('tar', ['-xf', 'tree.tar'], { cwd: sandbox });
  rmSync(join(sandbox, 'tree.tar'));
  symlinkSync(join(root, 'node_modules'), join(sandbox, 'node_modules'));
  if (!existsSync(join(root, 'dist/manifest.json')))
    execFileSync(process.execPath, [join(root, 'scripts/build/inputs.mjs'), '--build-if-stale'], { cwd: root, stdio: 'inherit' });
  cpSync(join(root, 'dist'), join(sandbox, 'dist'), { recursive: true });
  cpSync(join(root, 'locales/index.generated.ts'), join(sandbox, 'locales/index.generated.ts'));
  for (const b of breaks) {
    const path = join(sandbox, b.file);
    const text = readFileSync(path, 'utf8');
    if (text.split(b.from).length !== 2) {
      stale.push(b.name);
      outcomes.push({ ...b, outcome: `STALE: its text is not once in ${b.file}` });
      continue;
    }
    writeFileSync(path, text.replace(b.from, b.to));
    const started = Date.now();
    const run = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--bail=1', ...b.tests], {
      cwd: sandbox,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    writeFileSync(path, text);
    const seconds = Math.round((Date.now() - started) / 1000);
    outcomes.push({ ...b, outcome: run.status === 0 ? `MISSED (the tests passed with it, ${seconds} s)` : `caught (${seconds} s)` });
    console.log(`${run.status === 0 ? '✗' : '✓'} ${b.name}: ${outcomes.at(-1).outcome}`);
  }
} finally {
  rmSync(sandbox, { recursive: true, force: true });
}
const missed = outcomes.filter((o) => !o.outcome.startsWith('caught'));
console.log(
  `\n${outcomes.length - missed.length} of ${outcomes.length} breaks caught${missed.length ? `; not caught: ${missed.map((m) => m.name).join('; ')}` : ''}`,
);
process.exit(missed.length ? 1 : 0);
