import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { get, startWorker } from '../../scripts/local/worker.mjs';

// The ops command end to end, as ops type it: `npm run ops -- …` as a process, through
// wrangler, against wrangler's local state (docs/operations.md, "Moving campaign dates").
// The rules of every scenario (refused documents, questions, two pushes at once, dated words)
// run in-process against D1 and KV: tests/worker/ops/schedule.test.ts.

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
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
  });

  it(
    'rolls this year’s campaigns and pushes them locally as version 1: the site shows Black Friday 2026 with every dated word of 2026',
    { timeout: 300_000 },
    async () => {
      let pushed = { code: -1, stdout: '', stderr: '' };
      const worker = await startWorker({
        prepare: async (persistTo: string) => {
          pushed = await ops([
            'schedule',
            'roll',
            '--year',
            '2026',
            '--out',
            join(persistTo, 'schedule-2026.json'),
            '--push',
            '--local',
            '--persist-to',
            persistTo,
            '--by',
            'ops',
          ]);
        },
      });
      close = worker.close;
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(pushed.stdout).toContain('de Black Friday stage 2: 29 Nov 2024 00:00 CET → 27 Nov 2026 00:00 CET');
      expect(pushed.stdout).toContain('schedule: local KV serves the bundled schedule (content/schedule.ts) (KV holds no document)');
      expect(pushed.stdout).toContain('now holds version 1, pushed by ops');
      // 26 November 2026: Early Black Friday.
      const cookie = { Cookie: `timestamp=${Date.parse('2026-11-26T12:00:00Z')}` };
      const cases = [
        ['/de/black-friday', '16. November – 1. Dezember 2026', 'bis zum 18. Januar 2027', 'vor dem 8. Dezember 2026', 'am 27. November'],
        ['/fr/black-friday', '16 novembre – 1 décembre 2026', 'jusqu’au 18 janvier 2027', 'avant le 8 décembre 2026', 'du 27 novembre'],
        ['/uk/black-friday', '16 November – 1 December 2026', 'until 25 January 2027', 'before 8 December 2026', 'on 27 November'],
      ];
      for (const [path, range, returns, draw, firstCustomers] of cases) {
        const res = await get(`${worker.origin}${path}`, { headers: cookie });
        expect(res.status, path).toBe(200);
        const html = res.body.toString('utf8').replace(/[\u00a0\u202f\u2009]/g, ' ');
        expect(html, path).toContain('data-campaign="black-friday" data-stage="1"');
        for (const words of [range, returns, draw, firstCustomers]) expect(html, `${path}: ${words}`).toContain(words);
        expect(html.replace(/<script[\s\S]*?<\/script>/g, ''), path).not.toMatch(/\b202[45]\b/);
      }
      // The timeline says which schedule is in force, and who pushed it.
      const timeline = (await get(`${worker.origin}/__timeline?region=de`)).body.toString('utf8');
      expect(timeline).toMatch(/In force over the bundled schedule: version 1, pushed by ops on \d{4}-\d\d-\d\d \d\d:\d\d UTC \(roll --year 2026\)\./);
    },
  );

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
