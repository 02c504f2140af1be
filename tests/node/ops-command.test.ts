import { describe, expect, it } from 'vitest';
import type { Io } from '../../ops/command/io';
import { COMMANDS, runOps } from '../../ops/run';
import { inline, wranglerProblem } from '../../ops/wrangler';
import { readPreview } from '../../worker/clock/preview';

// The ops command line (ops/run.ts, ops/command/flags.ts) in this process: what it refuses
// before it reads or writes anything, its help, and the one line a wrangler failure becomes.
// The schedule rules against D1 and KV are tests/worker/ops/schedule.test.ts.

/** A terminal whose stores fail the test if a command reaches them. */
function terminal(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const unreachable = () => {
    throw new Error('the command reached a store');
  };
  const io: Io = {
    out: (t) => out.push(t.replace(/\n$/, '')),
    err: (t) => err.push(t.replace(/\n$/, '')),
    readFile: () => '{}',
    writeFile: unreachable,
    now: () => Date.parse('2026-11-26T12:00:00Z'),
    env: (name) => env[name],
    who: () => 'ops@example.com',
    d1: () => ({ all: unreachable }),
    kv: () => ({ get: unreachable, put: unreachable }),
    repoFile: () => '',
  };
  return { io, run: async (...argv: string[]) => ({ code: await runOps(argv, io), out: out.join('\n'), err: err.join('\n') }) };
}

describe('a command line the command does not understand', () => {
  it.each([
    [
      ['schedule', 'pull', '--environment', 'production'],
      'schedule pull: --environment is not a flag of this command: did you mean --env? (npm run ops -- schedule pull --help)',
    ],
    [
      ['schedule', 'push', 'my.json', '--env', 'prodution'],
      'schedule push: --env is one of preprod|production, not "prodution": did you mean --env production?',
    ],
    [
      ['schedule', 'push', 'my.json', '--yes', 'production'],
      'schedule push: "production" is out of place: schedule push takes FILE only (--yes takes no value) (npm run ops -- schedule push --help)',
    ],
    [
      ['schedule', 'pull', 'production'],
      'schedule pull: "production" is out of place: schedule pull takes no argument: did you mean --env production? (npm run ops -- schedule pull --help)',
    ],
    [
      ['schedule', 'push', 'my.json', '--replce'],
      'schedule push: --replce is not a flag of this command: did you mean --replace? (npm run ops -- schedule push --help)',
    ],
    [['schedule', 'push'], 'schedule push needs FILE: the schedule file (JSON) as ops wrote it (npm run ops -- schedule push --help)'],
    [['schedule', 'push', 'my.json', '--env'], 'schedule push: --env needs a value: preprod|production (npm run ops -- schedule push --help)'],
    [['schedule', 'push', 'my.json', '--yes=no'], 'schedule push: --yes takes no value (it is a switch), so "=no" is out of place'],
    [['schedule', 'rollback', 'seven'], 'schedule rollback: VERSION is a version number (`schedule history` lists them), not "seven"'],
    [
      ['schedule', 'roll', '--year', '2026', '--push', '--base', 'seven'],
      'schedule roll: --base is a version number (what `diff` says the push is based on), not "seven"',
    ],
    [['schedule', 'roll', '--year', '2026', '--yes', '--base', '1'], 'schedule roll: --yes, --base only go with --push (npm run ops -- schedule roll --help)'],
    [['schedule', 'roll', '--year', '2026', '--local', '--remote'], '--local and --remote name different places: give one'],
    [
      ['schedule', 'pul'],
      '"schedule pul" is not a command: did you mean "schedule pull"? (schedule: check, pull, diff, push, history, rollback, roll; npm run ops -- help)',
    ],
    [['shedule', 'push'], '"shedule" is not a command: did you mean "schedule"? (npm run ops -- help lists them)'],
    [['timeline', '--region', 'de', '--from', 'someday'], 'timeline: --from is a date, e.g. 2024-11-01 or 2024-11-18T00:00:00-05:00, not "someday"'],
  ])('refuses %j in one line with what to write, reading and writing nothing', async (argv, line) => {
    const { code, out, err } = await terminal().run(...argv);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe(line);
  });

  it('refuses --local with --remote, and --persist-to off the local state', async () => {
    expect((await terminal().run('schedule', 'history', '--local', '--remote')).err).toBe('--local and --remote name different places: give one');
    expect((await terminal().run('schedule', 'history', '--remote', '--persist-to', '/tmp/x')).err).toContain('--persist-to is a local state directory');
  });
});

describe('help', () => {
  it('lists every command, pull, diff, history, rollback and roll included, and how to get each one’s help', async () => {
    const { code, out } = await terminal().run('help');
    expect(code).toBe(0);
    for (const command of COMMANDS) expect(out).toContain(`  ${command.spec.name} `);
    for (const name of ['schedule pull', 'schedule diff', 'schedule history', 'schedule rollback', 'schedule roll']) expect(out).toContain(name);
    expect(out).toContain('npm run ops -- schedule push --help');
  });

  it('describes every argument and flag of a command, and says what a push asks about', async () => {
    const { code, out } = await terminal().run('schedule', 'push', '--help');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toBe(
      'usage: npm run ops -- schedule push FILE [--replace] [--force] [--yes] [--by NAME] [--base VERSION] [--local] [--env ENV] [--remote] [--persist-to DIR]',
    );
    for (const flag of ['--replace', '--force', '--yes', '--by NAME', '--base VERSION', '--env ENV', '--persist-to DIR', '--verbose', '--help'])
      expect(out).toContain(`  ${flag} `);
    expect(out).toContain('takes a live page off');
    expect((await terminal().run('help', 'schedule', 'push')).out).toBe(out);
    // Every command has its own.
    for (const command of COMMANDS)
      expect((await terminal().run(...command.spec.name.split(' '), '--help')).out).toContain(`usage: npm run ops -- ${command.spec.name}`);
  });
});

describe('a wrangler failure', () => {
  // What wrangler 4 prints without credentials in a non-interactive shell: as JSON with --json
  // (d1 execute), as a coloured [ERROR] line on stderr otherwise (kv key get).
  const noToken =
    "In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN environment variable for wrangler to work. Please go to https://developers.cloudflare.com/fundamentals/api/get-started/create-token/ for instructions on how to create an api token, and assign its value to CLOUDFLARE_API_TOKEN.";
  const d1Json = `\n{\n  "error": {\n    "text": "${noToken}"\n  }\n}\n`;
  const kvStderr = `\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1m${noToken}\u001b[0m\n\n\n🪵  Logs were written to "/root/.config/.wrangler/logs/wrangler.log"\n`;

  it('without a token is one line saying what to do, with wrangler’s words, without escape codes, kept for --verbose', () => {
    for (const [stdout, stderr] of [
      [d1Json, ''],
      ['', kvStderr],
    ]) {
      const problem = wranglerProblem('production D1 (DB)', stdout!, stderr!);
      expect(problem.message).toBe(
        'production D1 (DB): wrangler has no Cloudflare credentials here: set CLOUDFLARE_API_TOKEN to an API token allowed to edit D1 and Workers KV (or run `npx wrangler login` at a terminal), then run the command again',
      );
      expect(problem.detail).toContain(noToken);
      expect(problem.detail).not.toMatch(/\u001b/);
    }
  });

  it('names a refused token and an unreachable API apart', () => {
    expect(
      wranglerProblem('production KV (CONTENT)', '', '✘ [ERROR] A request to the Cloudflare API failed. Authentication error [code: 10000]').message,
    ).toContain('Cloudflare refused the API token');
    expect(wranglerProblem('production KV (CONTENT)', '', '✘ [ERROR] fetch failed').message).toContain("Cloudflare's API could not be reached (network)");
  });

  it('is written as one line, and wrangler’s output only with --verbose', async () => {
    const failing = (verbose: boolean) => {
      const t = terminal();
      t.io.d1 = () => ({
        all: () => Promise.reject(wranglerProblem('production D1 (DB)', d1Json, '')),
      });
      t.io.kv = () => ({ get: () => Promise.reject(wranglerProblem('production KV (CONTENT)', '', kvStderr)), put: () => Promise.reject(new Error('no')) });
      return t.run('schedule', 'pull', '--env', 'production', ...(verbose ? ['--verbose'] : []));
    };
    const quiet = await failing(false);
    expect(quiet.code).toBe(1);
    expect(quiet.err.split('\n')).toEqual([expect.stringContaining('wrangler has no Cloudflare credentials here'), '(--verbose shows the tool’s own output)']);
    const verbose = await failing(true);
    expect(verbose.err).toContain(noToken);
    expect(verbose.err).not.toMatch(/\u001b|\n\s+at /);
  });
});

describe('the SQL written for wrangler', () => {
  it('writes every text as hex, so no quote or semicolon in a document reaches wrangler’s statement splitter', () => {
    expect(inline({ sql: 'SELECT ? AS a, ? AS b, ? AS c', params: ["it's; DROP TABLE x", 7, null] })).toBe(
      "SELECT CAST(X'697427733b2044524f50205441424c452078' AS TEXT) AS a, 7 AS b, NULL AS c",
    );
  });
});

describe('npm run ops -- preview', () => {
  it('mints a link the worker accepts on its host with the same secret until it expires, and only then', async () => {
    const secret = 'ops-secret-of-sixteen-chars';
    const { code, out } = await terminal({ PREVIEW_SECRET: secret }).run(
      'preview',
      '2025-08-20T12:00:00+08:00',
      '--origin',
      'https://www.example.com',
      '--next',
      '/us',
      '--valid-hours',
      '2',
    );
    expect(code).toBe(0);
    const url = new URL(out.trim());
    expect(url.origin + url.pathname).toBe('https://www.example.com/__preview');
    expect(url.searchParams.get('next')).toBe('/us');
    const at = url.searchParams.get('at')!;
    const now = Date.parse('2026-11-26T12:00:00Z');
    const context = { allowUnsigned: false, secret, host: 'www.example.com', now };
    expect(await readPreview(at, context)).toEqual({ kind: 'ok', ms: Date.parse('2025-08-20T12:00:00+08:00') });
    expect(await readPreview(at, { ...context, secret: 'another-secret-of-sixteen' })).toEqual({ kind: 'invalid', fault: 'bad-signature' });
    expect(await readPreview(at, { ...context, host: 'preprod.example.com', otherHosts: ['www.example.com'] })).toEqual({
      kind: 'invalid',
      fault: 'other-host',
    });
    expect(await readPreview(at, { ...context, now: now + 2 * 3_600_000 + 60_000 })).toEqual({ kind: 'expired' });
  });

  it('says what it needs', async () => {
    expect((await terminal().run('preview', '2025-08-20T12:00:00+08:00', '--origin', 'https://www.example.com')).err).toBe(
      'preview: set PREVIEW_SECRET to the secret the worker has',
    );
  });
});
