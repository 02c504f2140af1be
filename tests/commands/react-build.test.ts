import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISLAND_NAMES } from '../../kernel/islands';
import { COMPILE_HINT } from '../../scripts/build/islands.mjs';
import { bundleWorker } from '../../scripts/local/worker.mjs';

/** The React builds (`production` or `development`) in the worker bundle `write` puts in a scratch directory, read from its source map. */
function reactBuilds(write: (out: string) => void): string[] {
  const out = mkdtempSync(join(tmpdir(), 'storefront-bundle-'));
  try {
    write(out);
    const map = JSON.parse(readFileSync(join(out, 'index.js.map'), 'utf8')) as { sources: string[] };
    const builds = map.sources.flatMap((source) => /\/react(?:-dom)?\/cjs\/.*\.(production|development)\.js$/.exec(source)?.[1] ?? []);
    return [...new Set(builds)];
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// The speed gates (bench, load, Lighthouse) must measure what ships; React's development build
// is several times slower per page. (That the deploy's own bundle carries the production build
// is held by tests/commands/release.test.ts, on the bundle its rehearsal makes once.)
describe('the React build in the worker', { timeout: 120_000 }, () => {
  it('is the production build in the bundle the speed gates and browser tests serve', () => {
    expect(reactBuilds(bundleWorker)).toEqual(['production']);
  });
});

// The browser runs React DOM itself (docs/decisions/0009-react-islands.md), its production
// build, from one module every island shares: no island chunk carries a copy, and no other
// runtime stands in for it.
describe('the React build in the browser', () => {
  const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { hydrate: string; react: string; islands: Record<string, string[]> };
  const asset = (url: string) => readFileSync(join('dist/client', url), 'utf8');
  const scripts = readdirSync('dist/client/assets').filter((f) => f.endsWith('.js'));

  it('is React DOM’s production build, in one module that every island loads', () => {
    const react = asset(manifest.react);
    expect(react).toContain('__reactContainer$');
    expect(react).toContain('react.dev/errors/'); // production builds point at error codes
    expect(react).not.toMatch(/development|preact/i);
    expect(Object.keys(manifest.islands).sort()).toEqual([...ISLAND_NAMES].sort());
    for (const name of ISLAND_NAMES) expect(manifest.islands[name]).toEqual(expect.arrayContaining([manifest.hydrate, manifest.react]));
  });

  // V8 otherwise compiles React DOM's one CommonJS function on the main thread when it first
  // runs: Lighthouse measured a 211 ms task at 4x CPU on the Christmas sale, 13-17 ms with it.
  it('opens with V8’s compile hint, so Chromium compiles it while it streams in, off the main thread', () => {
    expect(asset(manifest.react).split('\n')[0]).toBe(COMPILE_HINT);
  });

  it('is nowhere else: no other chunk holds React code', () => {
    const holders = scripts.filter((f) => /__reactContainer\$|react\.dev\/errors/.test(readFileSync(join('dist/client/assets', f), 'utf8')));
    expect(holders.map((f) => `/assets/${f}`)).toEqual([manifest.react]);
  });
});
