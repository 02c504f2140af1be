import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPreview } from '../../worker/clock/preview';

const ops = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/ops.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

describe('ops commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-'));

  it('accepts a valid schedule', () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, JSON.stringify({ windows: { 'route:black-friday': { startTime: '2026-11-20T00:00:00+01:00' } } }));
    expect(ops(['schedule', 'check', file])).toContain('is valid');
  });

  it('refuses an invalid schedule, naming the field', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ stages: { de: ['next friday'] } }));
    let message = '';
    try {
      ops(['schedule', 'check', file]);
    } catch (error) {
      message = String((error as { stderr: string }).stderr);
    }
    expect(message).toContain('stages.de.0');
  });

  it('mints a preview link the worker accepts on its host with the same secret until it expires, and only then', async () => {
    const secret = 'ops-secret-of-sixteen-chars';
    const out = ops(['preview', '2025-08-20T12:00:00+08:00', '--origin', 'https://www.example.com', '--next', '/us', '--valid-hours', '2'], {
      PREVIEW_SECRET: secret,
    }).trim();
    const url = new URL(out);
    expect(url.origin + url.pathname).toBe('https://www.example.com/__preview');
    expect(url.searchParams.get('next')).toBe('/us');
    const at = url.searchParams.get('at')!;
    const context = { allowUnsigned: false, secret, host: 'www.example.com', now: Date.now() };
    expect(await readPreview(at, context)).toEqual({ kind: 'ok', ms: Date.parse('2025-08-20T12:00:00+08:00') });
    expect(await readPreview(at, { ...context, secret: 'another-secret-of-sixteen' })).toEqual({ kind: 'invalid' });
    expect(await readPreview(at, { ...context, host: 'preprod.example.com' })).toEqual({ kind: 'invalid' });
    expect(await readPreview(at, { ...context, now: Date.now() + 2 * 3_600_000 + 60_000 })).toEqual({ kind: 'expired' });
  });
});
