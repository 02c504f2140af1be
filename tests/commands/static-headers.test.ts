import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATIC_FOLDERS } from '../../worker/render/assets';
import { staticHeaders } from '../../worker/render/security';

describe('the static assets’ _headers', () => {
  it('are what the worker’s header policy says, without HSTS in a local build', () => {
    const written = readFileSync('dist/client/_headers', 'utf8');
    expect(written).toBe(staticHeaders({ https: false }));
    expect(written).toContain('Permissions-Policy: camera=()');
    expect(written).toContain('Cross-Origin-Opener-Policy: same-origin');
    expect(written).not.toContain('Strict-Transport-Security');
  });

  it('carry HSTS in a deploy build', () => {
    execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/build/bundles.ts'], { env: { ...process.env, DEPLOY_HTTPS: '1' } });
    try {
      expect(readFileSync('dist/client/_headers', 'utf8')).toBe(staticHeaders({ https: true }));
    } finally {
      execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/build/bundles.ts']);
    }
  });
});

describe('the static folders the worker answers 404 under', () => {
  it("are the build's assets/ and every folder of client/static", () => {
    const folders = readdirSync('client/static', { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect([...STATIC_FOLDERS].sort()).toEqual(['assets', ...folders].sort());
  });
});
