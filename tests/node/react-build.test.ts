import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wranglerEnv } from '../../scripts/local.mjs';

/** The React builds (`production` or `development`) wrangler bundles into the worker, read from the source map. */
function reactBuilds(env: NodeJS.ProcessEnv): string[] {
  const out = mkdtempSync(join(tmpdir(), 'storefront-bundle-'));
  execFileSync(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', out], { env, stdio: 'pipe' });
  const map = JSON.parse(readFileSync(join(out, 'index.js.map'), 'utf8')) as { sources: string[] };
  const builds = map.sources.flatMap((source) => /\/react(?:-dom)?\/cjs\/.*\.(production|development)\.js$/.exec(source)?.[1] ?? []);
  return [...new Set(builds)];
}

// The speed gates (bench, load, Lighthouse) must measure what ships; React's development build
// is several times slower per page.
describe('the React build in the worker', { timeout: 60_000 }, () => {
  it('is the production build when deployed', () => {
    const { NODE_ENV: _, ...env } = process.env;
    expect(reactBuilds(env)).toEqual(['production']);
  });

  it('is the production build when the speed gates serve it, and the development build otherwise', () => {
    expect(reactBuilds(wranglerEnv({ production: true }))).toEqual(['production']);
    expect(reactBuilds(wranglerEnv({ production: false }))).toEqual(['development']);
  });
});
