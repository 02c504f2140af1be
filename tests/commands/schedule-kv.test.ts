import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The ops command end to end, as ops type it: `npm run ops -- …` as a process, through
// wrangler, against wrangler's local state (docs/operations.md, "Moving campaign dates").
// The rules of every scenario (refused documents, questions, two pushes at once, dated words)
// and the pages a pushed schedule gives run in-process against D1 and KV:
// tests/worker/ops/schedule.test.ts.

const root = join(import.meta.dirname, '../..');
const run = promisify(execFile);

/** `npm run ops -- …`: exit code, stdout and stderr. */
async function ops(args: string[], env: Record<string, string | undefined> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('npm run ops -- schedule, end to end', () => {
  it('rolls this year’s campaigns and pushes them to local D1 and KV as version 1, which pull and history read back', { timeout: 300_000 }, async () => {
    const state = mkdtempSync(join(tmpdir(), 'ops-state-'));
    dirs.push(state);
    const at = ['--local', '--persist-to', state];
    // What `npm start` does to its state first: the migrations, the versions table among them.
    await run(process.execPath, ['node_modules/wrangler/bin/wrangler.js', 'd1', 'migrations', 'apply', 'DB', ...at], {
      cwd: root,
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
    });
    const pushed = await ops(['schedule', 'roll', '--year', '2026', '--out', join(state, 'schedule-2026.json'), '--push', ...at, '--by', 'ops']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toContain('schedule: local KV serves the bundled schedule (content/schedule.ts) (KV holds no document)');
    expect(pushed.stdout).toContain('de Black Friday stage 2: 29 Nov 2024 00:00 CET → 27 Nov 2026 00:00 CET');
    expect(pushed.stdout).toMatch(/schedule: local KV now holds version 1, pushed by ops on \d{4}-\d\d-\d\d \d\d:\d\d UTC \(roll --year 2026\)/);
    const pulled = await ops(['schedule', 'pull', '--merged', ...at]);
    expect(pulled.stderr).toMatch(/^schedule: local KV serves version 1, pushed by ops on .* \(roll --year 2026\)\n$/);
    const whole = JSON.parse(pulled.stdout) as { campaigns: Record<string, Record<string, string[]>>; meta: { version: number } };
    expect(whole.campaigns['black-friday']?.de).toEqual(['2026-11-16T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00']);
    expect(whole.meta.version).toBe(1);
    expect((await ops(['schedule', 'history', ...at])).stdout).toMatch(/^\* version 1, pushed by ops on .* \(roll --year 2026\)\n$/);
  });

  it('says in one line what to do when production needs a token it does not have: no stack trace, no escape codes', { timeout: 120_000 }, async () => {
    // A home with no wrangler login in it, and no token.
    const home = mkdtempSync(join(tmpdir(), 'ops-no-login-'));
    dirs.push(home);
    const { code, stdout, stderr } = await ops(['schedule', 'pull', '--env', 'production'], {
      CLOUDFLARE_API_TOKEN: undefined,
      CLOUDFLARE_ACCOUNT_ID: undefined,
      HOME: home,
      XDG_CONFIG_HOME: home,
    });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      'production D1 (DB): wrangler has no Cloudflare credentials here: set CLOUDFLARE_API_TOKEN to an API token allowed to edit D1 and Workers KV (or run `npx wrangler login` at a terminal), then run the command again',
      '(--verbose shows the tool’s own output)',
    ]);
  });
});
