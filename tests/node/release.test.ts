import { execFileSync, type ExecFileSyncOptions } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SECRETS } from '../../worker/env';
import { BUDGETS } from '../../scripts/budgets.mjs';
import { WORKER_LIMITS, configProblems, readTarget } from '../../scripts/release';
import { legalFactProblems, legalFactsFor } from '../../scripts/legal-facts';
import { LEGAL_FACTS } from '../../content/legal/facts';
import { isMissing } from '../../content/schema/legal';

// The release (issue 30, decision 0037): `npm run deploy -- --dry-run` needs no network and no
// account, names every missing id and secret on the repository's placeholder configuration, and
// on a complete one passes every check and prints the plan; the real deploy, recorded, runs the
// same checks and then wrangler's commands in the order that never pairs code with other content.

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'release-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET_VALUES = {
  PREVIEW_SECRET: 'preview-secret-for-the-test',
  SESSION_SECRET: 'session-secret-for-the-test-0123456789',
  TURNSTILE_SECRET: '0x4AAAAAAA-turnstile-secret',
};

/** The process environment without any secret of ours (a fresh clone's shell). */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', ...extra };
  for (const name of SECRETS) if (!(name in extra)) delete env[name];
  delete env.GITHUB_OUTPUT;
  return env;
}

/** Runs `npm run deploy -- …` (its script, through tsx): exit status and everything it printed. */
function deploy(args: string[], env: NodeJS.ProcessEnv): { status: number; out: string } {
  const options: ExecFileSyncOptions = { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 };
  try {
    const out = execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/deploy.ts', ...args], options) as string;
    return { status: 0, out };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { status: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n / 2)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * wrangler.toml as an engineer completes it: real-looking ids for every KV namespace and D1
 * database, the Turnstile site keys, paths made absolute so the file can live elsewhere.
 */
function completeConfig(): string {
  const text = readFileSync(join(root, 'wrangler.toml'), 'utf8')
    .replace(/^id = "0+\d?"$/gm, () => `id = "${hex(32)}"`)
    .replace(/^database_id = "[0-]+\d*"$/gm, () => `database_id = "${crypto.randomUUID()}"`)
    .replace(/0x4AAAAAAAReplaceWith\w+/g, () => `0x4AAAAAAA${hex(12)}`)
    .replace(/^main = "(.+)"$/m, (_, p: string) => `main = "${join(root, p)}"`)
    .replace(/^directory = "(.+)"$/m, (_, p: string) => `directory = "${join(root, p)}"`)
    .replace(/^migrations_dir = "(.+)"$/gm, (_, p: string) => `migrations_dir = "${join(root, p)}"`);
  const file = join(scratch, 'wrangler.toml');
  writeFileSync(file, text);
  return file;
}

// Each case runs the deploy script in a process of its own: seconds apiece, more on a loaded machine.
describe('npm run deploy -- --dry-run, on the repository’s placeholder configuration', { timeout: 300_000 }, () => {
  it.each(['production', 'preprod'] as const)('%s: fails with one message per placeholder id and per missing secret, before building anything', (target) => {
    const { status, out } = deploy(['--dry-run', '--env', target], bareEnv());
    expect(status).toBe(1);
    const problems = out.split('\n').filter((line) => line.startsWith('  - '));
    const config = readTarget(join(root, 'wrangler.toml'), target);
    const expected = [
      ...config.kv_namespaces.map((kv) => `KV namespace ${kv.binding} has the placeholder id`),
      ...config.d1_databases.map((db) => `D1 database ${db.binding} (${db.database_name}) has the placeholder id`),
      'TURNSTILE_SITE_KEY is the placeholder',
      ...SECRETS.map((name) => `secret ${name} is not set`),
      // Production refuses the legal facts the business has not given; pre-production shows them marked (decision 0056).
      ...(target === 'production' ? legalFactProblems(LEGAL_FACTS, 'production').map((line) => line.slice('production: '.length)) : []),
    ];
    expect(problems).toHaveLength(expected.length);
    for (const text of expected) expect(problems.filter((p) => p.includes(text))).toHaveLength(1);
    expect(out).toContain(`npx wrangler d1 create robot-accounts-eu${target === 'preprod' ? '-preprod' : ''} --jurisdiction eu`);
    expect(out).not.toContain('every check passed');
  });
});

/** A mistake's answer: it fails, says so in its own words, and shows no stack trace. */
function refused(args: string[], env: NodeJS.ProcessEnv): string {
  const { status, out } = deploy(args, env);
  expect(status, out).toBe(1);
  expect(out).not.toMatch(/^\s+at |Error:|node:internal/m);
  return out.trim();
}

describe('npm run deploy, given a mistake, says what is wrong and what to write', { timeout: 300_000 }, () => {
  // The legal facts complete, so each case names only its own mistake.
  const env = bareEnv({ DEPLOY_LEGAL_FACTS: completeLegalFacts() });

  it('never guesses the environment: a missing, empty or misspelt --env, in either spelling, is refused', () => {
    expect(refused(['--dry-run'], env)).toBe('deploy: say which environment: --env production or --env preprod');
    expect(refused(['rollback'], env)).toBe('deploy: say which environment: --env production or --env preprod');
    expect(refused(['--dry-run', '--env'], env)).toBe('deploy: --env needs a value: production or preprod');
    expect(refused(['--dry-run', '--env', 'prodution'], env)).toBe('deploy: --env is production or preprod, not "prodution": did you mean --env production?');
    expect(refused(['--dry-run', '--env=preprd'], env)).toBe('deploy: --env is production or preprod, not "preprd": did you mean --env preprod?');
  });

  it('refuses an unknown option (a misspelt --dry-run must not deploy), an unknown command and another command’s option', () => {
    expect(refused(['--dryrun', '--env', 'preprod'], env)).toBe('deploy: unknown option --dryrun: did you mean --dry-run?');
    expect(refused(['rolback', '--env', 'production'], env)).toBe(
      'deploy: unknown command "rolback": did you mean rollback? (upload, the default, rollout or rollback)',
    );
    expect(refused(['rollback', '--env', 'production', '--percent', '10'], env)).toBe(
      'deploy: --percent is not an option of rollback, which takes --env, --version, --reason, --config',
    );
  });

  it('names a secrets file it cannot use, and a secret too short, with how to make one', () => {
    const file = completeConfig();
    const dry = (name: string, text: string) => {
      const path = join(scratch, name);
      writeFileSync(path, text);
      const lines = refused(['--dry-run', '--env', 'production', '--config', file, '--no-build', '--secrets-file', path], env).split('\n');
      return { path, problems: lines.filter((l) => l.startsWith('  - ')) };
    };
    const { PREVIEW_SECRET, TURNSTILE_SECRET } = SECRET_VALUES;
    const short = dry('short.env', `PREVIEW_SECRET=${PREVIEW_SECRET}\nSESSION_SECRET=short\nTURNSTILE_SECRET=${TURNSTILE_SECRET}\n`);
    expect(short.problems).toEqual([
      '  - production: secret SESSION_SECRET is 5 characters, under the 32 it needs: make one with `openssl rand -base64 48` and put it in the CI secret store of the production environment (or the --secrets-file)',
    ]);
    const json = dry('bad.json', `{"PREVIEW_SECRET": "${PREVIEW_SECRET}", SESSION_SECRET: }`);
    expect(json.problems[0]).toMatch(
      new RegExp(`^  - production: --secrets-file ${json.path} is not valid JSON \\(.+\\): write \\{"NAME": "value", …\\} or NAME=value lines$`),
    );
    const lines = dry(
      'bad.env',
      `# production\nPREVIEW_SECRET ${PREVIEW_SECRET}\nSESION_SECRET=${SECRET_VALUES.SESSION_SECRET}\nTURNSTILE_SECRET=${TURNSTILE_SECRET}\n`,
    );
    expect(lines.problems.slice(0, 2)).toEqual([
      `  - production: --secrets-file ${lines.path} line 2 is not NAME=value: write it as PREVIEW_SECRET=value`,
      `  - production: --secrets-file ${lines.path} names SESION_SECRET, which the worker does not read: did you mean SESSION_SECRET?`,
    ]);
    const missing = join(scratch, 'no-such.env');
    expect(refused(['--dry-run', '--env', 'production', '--config', file, '--no-build', '--secrets-file', missing], env)).toContain(
      `--secrets-file ${missing} cannot be read (ENOENT)`,
    );
  });

  it('names a configuration file it cannot read', () => {
    const missing = join(scratch, 'no-such.toml');
    expect(refused(['--dry-run', '--env', 'production', '--config', missing], env)).toMatch(
      new RegExp(`^deploy: ${missing} cannot be read as wrangler's configuration: Could not read file`),
    );
  });
});

describe('the configuration check', () => {
  const file = completeConfig();
  const production = readTarget(file, 'production');
  const preprod = readTarget(file, 'preprod');

  it('passes a complete configuration in both environments', () => {
    expect(configProblems(production, 'production', preprod)).toEqual([]);
    expect(configProblems(preprod, 'preprod', production)).toEqual([]);
  });

  it('names origins and hosts that disagree with the routes, and anything shared with the other environment', () => {
    const broken = {
      ...production,
      vars: { ...production.vars, CN_ORIGIN: 'https://shop.robolux.cn', COOKIE_DOMAIN: 'robolux.net', PREPROD_HOSTS: 'preprod.robolux.com' },
      kv_namespaces: preprod.kv_namespaces,
    };
    expect(configProblems(broken, 'production', preprod)).toEqual([
      'production: no route for shop.robolux.cn (from CN_ORIGIN): add { pattern = "shop.robolux.cn/*", zone_name = "…" } to routes, or correct the origin',
      "production: route www.robolux.cn/* is neither GLOBAL_ORIGIN's host nor CN_ORIGIN's: remove it from routes, or correct the origin",
      'production: COOKIE_DOMAIN "robolux.net" does not cover www.robolux.com: browsers would drop the region cookie',
      'production: PREPROD_HOSTS must be empty in production, not "preprod.robolux.com"',
      `production: KV namespace CONTENT ${preprod.kv_namespaces[0]!.id} is the other environment's too: give each its own`,
    ]);
  });
});

/**
 * The legal facts as the business completes them: every placeholder given a value of its shape
 * (content/legal/facts.ts), written where DEPLOY_LEGAL_FACTS can name it.
 */
function completeLegalFacts(): string {
  const fill = (value: unknown, key = ''): unknown => {
    if (isMissing(value))
      return (
        {
          address: ['Teststraße 1', '10115 Berlin'],
          businessNumber: '123-45-67890',
          icp: '京ICP备12345678号-1',
          psb: '京公网安备11010502030143号',
        }[key] ?? `${key} as given`
      );
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, k)]));
  };
  const file = join(scratch, 'legal-facts.json');
  writeFileSync(file, JSON.stringify(fill(LEGAL_FACTS)));
  return file;
}

describe('the legal facts check (decision 0056)', () => {
  it('refuses, in production only, each placeholder once, naming the editions that show it and what to write', () => {
    const lines = legalFactProblems(LEGAL_FACTS, 'production');
    expect(lines).toContain(
      'production: legal fact operator.vatId of eu, fr, de is a placeholder: write the VAT identification number of Robolux Europe B.V. (NL…B01) in content/legal/facts.ts (counsel reviews the legal pages before launch)',
    );
    expect(lines.filter((l) => l.includes(' businessNumber of kr '))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(' icp of cn ') || l.includes(' psb of cn '))).toHaveLength(2);
    expect(new Set(lines).size).toBe(lines.length);
    expect(legalFactProblems(LEGAL_FACTS, 'preprod')).toEqual([]);
  });

  it('passes a complete record, which a test may name but a real deploy may not use', () => {
    const file = completeLegalFacts();
    const complete = legalFactsFor({ DEPLOY_LEGAL_FACTS: file }, false);
    expect(complete.problems).toEqual([]);
    expect(legalFactProblems(complete.table, 'production')).toEqual([]);
    expect(legalFactsFor({ DEPLOY_LEGAL_FACTS: file }, true).problems).toEqual(['DEPLOY_LEGAL_FACTS is for dry runs and tests: unset it to deploy']);
  });
});

describe('npm run deploy, on a complete configuration', { timeout: 600_000 }, () => {
  const file = completeConfig();
  const env = bareEnv({ ...SECRET_VALUES, RELEASE: 'test-release', DEPLOY_LEGAL_FACTS: completeLegalFacts() });

  it('--dry-run passes every check and prints the plan: migrations, content bundles of the release, the version and its size within the budget', () => {
    const { status, out } = deploy(['--dry-run', '--env', 'production', '--config', file, '--no-build'], env);
    expect(out).toContain('production (worker robot-storefront), release test-release: every check passed');
    expect(status).toBe(0);
    expect(out).toMatch(/DB \(robot-storefront\): 0001_subscriptions\.sql, .*0005_lucky_draw_identity\.sql/);
    expect(out).toContain('ACCOUNTS_EU (robot-accounts-eu): 0001_accounts.sql, 0002_support_forms.sql');
    for (const region of ['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp', 'cn']) expect(out).toContain(`bundle:${region}@test-release`);
    expect(out).toContain('with the secrets PREVIEW_SECRET, SESSION_SECRET, TURNSTILE_SECRET; routes www.robolux.com/*, www.robolux.cn/*');
    expect(out).not.toContain(SECRET_VALUES.SESSION_SECRET);
    // The size budget: what `wrangler versions upload` would send, gzip.
    const plan = JSON.parse(readFileSync(join(root, 'dist/deploy/plan.json'), 'utf8')) as { size: { gzip: number; bytes: number } };
    expect(plan.size.gzip).toBeGreaterThan(100_000);
    expect(plan.size.gzip).toBeLessThanOrEqual(BUDGETS.workerGzipBytes);
    expect(plan.size.gzip).toBeLessThan(WORKER_LIMITS.free);
  });

  it('the deploy runs the same checks, then migrates, pushes the release’s bundles, uploads the version with its secrets, and keeps the routes', () => {
    const record = join(scratch, 'commands.txt');
    const output = join(scratch, 'github-output.txt');
    const { status, out } = deploy(['--env', 'preprod', '--config', file, '--no-build'], { ...env, DEPLOY_RECORD: record, GITHUB_OUTPUT: output });
    expect(out).toContain('every check passed');
    expect(status).toBe(0);
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    const tail = `--config ${file} --env preprod`;
    expect(lines.map((l) => l.replace(/--secrets-file \S+/, '--secrets-file <file>'))).toEqual([
      `wrangler d1 migrations apply ACCOUNTS_US --remote ${tail}`,
      `wrangler d1 migrations apply ACCOUNTS_EU --remote ${tail}`,
      `wrangler d1 migrations apply ACCOUNTS_CN --remote ${tail}`,
      `wrangler d1 migrations apply DB --remote ${tail}`,
      `wrangler kv bulk put ${join(root, 'dist/deploy/kv.json')} --binding CONTENT --remote ${tail}`,
      `wrangler deployments status --json ${tail}`,
      `wrangler versions upload --tag test-release --var RELEASE:test-release --define "RENDER_BUILD:\\"test-release\\"" --message "release test-release" --secrets-file <file> ${tail}`,
      `wrangler triggers deploy ${tail}`,
    ]);
    const pushed = JSON.parse(readFileSync(join(root, 'dist/deploy/kv.json'), 'utf8')) as { key: string; value: string }[];
    expect(pushed.map((p) => p.key)).toContain('bundle:de@test-release');
    expect(JSON.parse(pushed.find((p) => p.key === 'bundle:de@test-release')!.value)).toMatchObject({ region: 'de', locale: 'de-DE' });
    expect(readFileSync(output, 'utf8')).toContain('release=test-release');
    // The secrets file lives only while wrangler reads it.
    const secretsFile = /--secrets-file (\S+)/.exec(readFileSync(record, 'utf8'))![1]!;
    expect(existsSync(secretsFile)).toBe(false);
  });
});

describe('rollout and rollback', { timeout: 300_000 }, () => {
  const env = bareEnv();
  const next = '1b2e4f6a-1111-4c1d-9e8f-0a1b2c3d4e5f';
  const previous = '9f8e7d6c-2222-4b3a-8c9d-5e4f3a2b1c0d';

  function recorded(args: string[]): string[] {
    const record = join(scratch, `${args[0]}-${crypto.randomUUID()}.txt`);
    const { status, out } = deploy(args, { ...env, DEPLOY_RECORD: record });
    expect(status, out).toBe(0);
    return readFileSync(record, 'utf8').trim().split('\n');
  }
  const config = `--config ${join(root, 'wrangler.toml')}`;

  it('moves traffic in stages with wrangler versions deploy, the rest on the version serving', () => {
    expect(recorded(['rollout', '--env', 'production', '--version', next, '--percent', '10', '--from', previous])).toEqual([
      `wrangler versions deploy ${next}@10 ${previous}@90 --yes --message "rollout 10%" ${config}`,
    ]);
    expect(recorded(['rollout', '--env', 'production', '--version', next, '--percent', '100', '--from', previous])).toEqual([
      `wrangler versions deploy ${next}@100 --yes --message "rollout 100%" ${config}`,
    ]);
  });

  it('rolls back in one command, to the previous version or a named one', () => {
    expect(recorded(['rollback', '--env', 'preprod'])).toEqual([`wrangler rollback --yes --message rollback ${config} --env preprod`]);
    expect(recorded(['rollback', '--env', 'production', '--version', previous, '--reason', 'checkout links broken'])).toEqual([
      `wrangler rollback ${previous} --yes --message "checkout links broken" ${config}`,
    ]);
  });

  it('passes only flags wrangler 4.86 has', () => {
    const help = (cmd: string[]) =>
      execFileSync(process.execPath, [join(root, 'node_modules/wrangler/bin/wrangler.js'), ...cmd, '--help'], { cwd: root, env, encoding: 'utf8' });
    const flags = (cmd: string[], used: string[]) => {
      const text = help(cmd);
      return used.filter((f) => !new RegExp(`\\s${f}\\b`).test(text));
    };
    expect(flags(['versions', 'upload'], ['--tag', '--var', '--define', '--message', '--secrets-file', '--dry-run', '--outdir', '--config', '--env'])).toEqual(
      [],
    );
    expect(flags(['versions', 'deploy'], ['--yes', '--message', '--config', '--env'])).toEqual([]);
    expect(flags(['rollback'], ['--yes', '--message', '--config', '--env'])).toEqual([]);
    expect(flags(['triggers', 'deploy'], ['--config', '--env'])).toEqual([]);
    expect(flags(['deployments', 'status'], ['--json', '--config', '--env'])).toEqual([]);
    expect(flags(['d1', 'migrations', 'apply'], ['--remote', '--local', '--persist-to'])).toEqual([]);
    expect(flags(['kv', 'bulk', 'put'], ['--binding', '--remote'])).toEqual([]);
  });

  it('refuses a rollout without a version id or with a share outside 1–100', () => {
    expect(refused(['rollout', '--env', 'production', '--percent', '10'], env)).toBe(
      'deploy rollout: --version is missing: give the id `npm run deploy` printed (`npx wrangler versions list` shows them)',
    );
    for (const percent of ['0', '150', 'ten', '12.5'])
      expect(refused(['rollout', '--env', 'production', '--version', next, '--percent', percent], env)).toBe(
        `deploy rollout: --percent is a whole number from 1 to 100 (10, 50, 100 in turn), not "${percent}"`,
      );
  });

  it('without a Cloudflare account, says what to set and that nothing changed, instead of guessing that no version serves', () => {
    // No token, and a home without a `wrangler login`: wrangler stops before any request.
    const home = mkdtempSync(join(scratch, 'home-'));
    const alone = bareEnv({ HOME: home, XDG_CONFIG_HOME: home });
    delete alone.CLOUDFLARE_API_TOKEN;
    delete alone.CLOUDFLARE_ACCOUNT_ID;
    const account = 'wrangler has no Cloudflare account to act with: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (README, "Deploying", step 5)';
    expect(refused(['rollout', '--env', 'production', '--version', next, '--percent', '10'], alone)).toBe(
      `deploy: reading which version serves (wrangler deployments status): ${account}\ndeploy: nothing was changed on production`,
    );
    expect(refused(['rollback', '--env', 'preprod'], alone)).toBe(
      `deploy: rolling preprod back to the previous version: ${account}\ndeploy: nothing was changed on preprod`,
    );
  });
});
