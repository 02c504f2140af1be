import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { get, startWorker } from '../../scripts/local/worker.mjs';

// The schedule as reviewed, versioned edits (docs/decisions/0029), through the ops command and
// wrangler's own local state: pushes merge entry by entry, `--replace` names what it drops,
// every push is a version and `rollback` restores the one before, `--env preprod` writes
// pre-production's namespace only, and a rolled year pushed locally is what the site shows.

const root = join(import.meta.dirname, '../..');
const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false' };

/** `npm run ops -- …`: its stdout; throws with its stderr when it fails. */
function ops(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...wranglerEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** What wrangler itself reads from a local namespace (production's, or `--env preprod`'s). */
function wranglerGet(persistTo: string, key: string, env?: 'preprod'): string | null {
  const out = execFileSync(
    process.execPath,
    [
      'node_modules/wrangler/bin/wrangler.js',
      'kv',
      'key',
      'get',
      key,
      '--binding',
      'CONTENT',
      '--local',
      '--persist-to',
      persistTo,
      '--text',
      ...(env ? ['--env', env] : []),
    ],
    { cwd: root, encoding: 'utf8', env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
  return out === 'Value not found' ? null : out;
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ops-kv-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const file = (dir: string, name: string, doc: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(doc));
  return path;
};

const GERMAN_BF = {
  campaigns: { 'black-friday': { de: ['2026-11-16T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'] } },
  windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: '2026-11-16T00:00:00+01:00', endTime: '2026-12-02T00:00:00+01:00' } },
};
const UK_BANNER = { windows: { 'banner:uk:new-release': { endTime: '2026-12-24T00:00:00+00:00' } } };

// One state, pushed to in order: a retry would start from the state the failed try left.
describe('schedule pushes to local KV', { retry: 0 }, () => {
  const state = tempDir();
  const at = ['--local', '--persist-to', state];
  const pull = () =>
    JSON.parse(ops(['schedule', 'pull', ...at])) as Record<string, Record<string, unknown>> & { meta?: { version: number; pushedBy: string; note?: string } };

  it('diffs a file against what is in force, entry by entry, in words and each edition’s own time', { timeout: 120_000 }, () => {
    const german = file(state, 'german.json', GERMAN_BF);
    const out = ops(['schedule', 'diff', german, ...at]).split('\n');
    expect(out).toContain('de Black Friday stage 2: 29 Nov 2024 00:00 CET → 27 Nov 2026 00:00 CET');
    expect(out).toContain('de Black Friday page (route:black-friday) closes: 4 Dec 2024 00:00 CET → 2 Dec 2026 00:00 CET');
    // The terms counted from Black Friday move with it.
    expect(out).toContain('de terms:returns: 20 Jan 2025 → 18 Jan 2027');
    expect(out.every((line) => line === '' || line.startsWith('de '))).toBe(true);
  });

  it('merges two unrelated pushes entry by entry: both stay in force, each a version with who and when', { timeout: 180_000 }, () => {
    const first = ops(['schedule', 'push', file(state, 'german.json', GERMAN_BF), ...at, '--by', 'ana@example.com']);
    expect(first).toContain('now holds version 1, pushed by ana@example.com');
    const second = ops(['schedule', 'push', file(state, 'uk.json', UK_BANNER), ...at, '--by', 'ben@example.com']);
    expect(second).toContain('1 change:\n  uk banner:uk:new-release closes: 20 Aug 2025 00:00 BST → 24 Dec 2026 00:00 GMT');
    expect(second).toContain('now holds version 2, pushed by ben@example.com');
    const doc = pull();
    expect(doc.campaigns).toEqual(GERMAN_BF.campaigns);
    expect(doc.windows).toEqual({ ...GERMAN_BF.windows, ...UK_BANNER.windows });
    expect(doc.meta).toMatchObject({ version: 2, pushedBy: 'ben@example.com', note: expect.stringContaining('push') });
    expect(
      ops(['schedule', 'history', ...at])
        .trimEnd()
        .split('\n'),
    ).toEqual([
      expect.stringMatching(/^ {2}version 1, pushed by ana@example\.com at \S+ \(push .*german\.json\)$/),
      expect.stringMatching(/^\* version 2, pushed by ben@example\.com at \S+ \(push .*uk\.json\)$/),
    ]);
  });

  it('with --replace, names every entry of the document in force that it drops', { timeout: 120_000 }, () => {
    const out = ops(['schedule', 'push', file(state, 'uk.json', UK_BANNER), ...at, '--replace', '--by', 'ana@example.com']);
    expect(out).toContain('--replace drops 2 entries of the document in force:\n  - campaigns.black-friday.de\n  - windows.route:black-friday@de');
    expect(out).toContain('de Black Friday stage 2: 27 Nov 2026 00:00 CET → 29 Nov 2024 00:00 CET');
    const doc = pull();
    expect(doc.campaigns).toEqual({});
    expect(doc.windows).toEqual(UK_BANNER.windows);
    expect(doc.meta?.version).toBe(3);
  });

  it('rolls back to the version before, as a new version', { timeout: 120_000 }, () => {
    const out = ops(['schedule', 'rollback', ...at, '--by', 'ana@example.com']);
    expect(out).toContain('now holds version 4, pushed by ana@example.com');
    expect(out).toContain('(rollback to version 2)');
    const doc = pull();
    expect(doc.campaigns).toEqual(GERMAN_BF.campaigns);
    expect(doc.windows).toEqual({ ...GERMAN_BF.windows, ...UK_BANNER.windows });
    // And to a version by number.
    ops(['schedule', 'rollback', '1', ...at]);
    expect(pull().windows).toEqual(GERMAN_BF.windows);
  });

  it('refuses a bad file before anything is written', { timeout: 120_000 }, () => {
    const bad = file(state, 'bad.json', { windows: { 'route:blackfriday@de': { startTime: '2026-11-16T00:00:00+01:00' } } });
    const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', 'schedule', 'push', bad, ...at], {
      cwd: root,
      encoding: 'utf8',
      env: wranglerEnv,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('did you mean "route:black-friday@de"?');
    expect(pull().meta?.version).toBe(5);
  });
});

describe('where a push goes', () => {
  it('--env preprod writes pre-production’s namespace only (wrangler’s local state per environment)', { timeout: 120_000 }, () => {
    const state = tempDir();
    ops(['schedule', 'push', file(state, 'uk.json', UK_BANNER), '--env', 'preprod', '--local', '--persist-to', state, '--by', 'ci']);
    const preprod = JSON.parse(wranglerGet(state, 'schedule', 'preprod')!) as { windows: unknown; meta: { version: number } };
    expect(preprod.windows).toEqual(UK_BANNER.windows);
    expect(preprod.meta.version).toBe(1);
    expect(wranglerGet(state, 'schedule')).toBeNull();
    expect(wranglerGet(state, 'schedule:history')).toBeNull();
  });

  it('asks before production, and with nobody at a terminal to answer, wants --yes before reading anything', () => {
    const result = spawnSync(
      process.execPath,
      ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', 'schedule', 'push', join(root, 'package.json'), '--env', 'production'],
      {
        cwd: root,
        encoding: 'utf8',
        env: wranglerEnv,
        input: '',
      },
    );
    expect(result.status).toBe(1);
    // package.json is no schedule: the file is read first…
    expect(result.stderr).toContain('is not a section of a schedule');
    const uk = file(tempDir(), 'uk.json', UK_BANNER);
    const remote = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'ops/cli.ts', 'schedule', 'push', uk, '--env', 'production'], {
      cwd: root,
      encoding: 'utf8',
      env: wranglerEnv,
      input: '',
    });
    expect(remote.status).toBe(1);
    expect(remote.stderr.trim()).toBe(`schedule: push ${uk} writes production KV; not run from a terminal, so add --yes to confirm`);
  });
});

describe('this year’s campaigns, rolled and pushed locally in one command', () => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
  });

  it('shows Black Friday 2026 with every dated word of 2026, in German, French and British English', { timeout: 300_000 }, async () => {
    let out = '';
    const worker = await startWorker({
      prepare: (persistTo: string) => {
        out = ops([
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
    expect(out).toContain('de Black Friday stage 2: 29 Nov 2024 00:00 CET → 27 Nov 2026 00:00 CET');
    expect(out).toContain('now holds version 1, pushed by ops');
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
    expect(timeline).toMatch(/The KV schedule is in force over the bundled one: version 1, pushed by ops on \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
  });
});
