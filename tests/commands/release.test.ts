import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { experimental_getWranglerCommands } from 'wrangler';
import { SECRETS } from '../../worker/env';
import { BUDGETS } from '../../scripts/quality/budgets.mjs';
import {
  CHECKS,
  WORKER_LIMITS,
  configProblems,
  configWarnings,
  readArgs,
  readSecrets,
  readTarget,
  rolloutProblem,
  secretProblems,
  targetMigrations,
  type Target,
} from '../../scripts/release/release';
import { legalFactProblems } from '../../scripts/release/legal-facts';
import { LEGAL_FACTS } from '../../content/legal/facts';
import { completeLegalFacts } from '../legal-facts';

// The release (decisions 0037, 0063): `npm run deploy -- --dry-run` needs no network and no
// account, names every missing id, secret and binding and every wrangler warning on the
// repository's placeholder configuration, and on a complete one passes every check and prints
// the plan, each migration additive or contract; the real deploy, recorded, runs the same checks
// and then wrangler's commands in the order that never pairs code with other content; a rollback
// never goes behind a contract migration. The rules run in-process; the command runs as a
// process where only a process shows it. One rehearsal (the migrations on fresh databases and
// the bundle, DEPLOY_REHEARSAL) serves every run of the command here.

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'release-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET_VALUES = {
  PREVIEW_SECRET: 'preview-secret-for-the-test',
  SESSION_SECRET: 'session-secret-for-the-test-0123456789',
  TURNSTILE_SECRET: '0x4AAAAAAA-turnstile-secret',
  HEALTH_TOKEN: 'health-token-for-the-test-0123456789abcdef',
};

/** The process environment without any secret of ours (a fresh clone's shell), and without vitest's NODE_ENV (CI has none). */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', ...extra };
  for (const name of SECRETS) if (!(name in extra)) delete env[name];
  delete env.GITHUB_OUTPUT;
  delete env.NODE_ENV;
  return env;
}

/** Runs `npm run deploy -- …` (its script, through tsx): exit status and everything it printed. */
function deploy(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; out: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/release/deploy.ts', ...args],
      { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => done({ status: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    ),
  );
}

/** A mistake's answer: it fails, says so in its own words, and shows no stack trace. */
async function refused(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { status, out } = await deploy(args, env);
  expect(status, out).toBe(1);
  expect(out).not.toMatch(/^\s+at |Error:|node:internal/m);
  return out.trim();
}

const hex = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n / 2)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * wrangler.toml as an engineer completes it: real-looking ids for every KV namespace and D1
 * database, the Turnstile site keys, paths made absolute so the file can live elsewhere;
 * `edit` changes its text further.
 */
function completeConfig(name = 'wrangler.toml', edit: (text: string) => string = (t) => t): string {
  const text = readFileSync(join(root, 'wrangler.toml'), 'utf8')
    .replace(/^id = "0+\d?"$/gm, () => `id = "${hex(32)}"`)
    .replace(/^database_id = "[0-]+\d*"$/gm, () => `database_id = "${crypto.randomUUID()}"`)
    .replace(/0x4AAAAAAAReplaceWith\w+/g, () => `0x4AAAAAAA${hex(12)}`)
    .replace(/^main = "(.+)"$/m, (_, p: string) => `main = "${join(root, p)}"`)
    .replace(/^directory = "(.+)"$/m, (_, p: string) => `directory = "${join(root, p)}"`)
    .replace(/^migrations_dir = "(.+)"$/gm, (_, p: string) => `migrations_dir = "${join(root, p)}"`);
  const file = join(scratch, name);
  writeFileSync(file, edit(text));
  return file;
}

/** Every problem the deploy's checks find for a target of a configuration file, in-process. */
function checked(file: string, target: Target, secrets: Record<string, string> = SECRET_VALUES): string[] {
  const config = readTarget(file, target);
  const other = readTarget(file, target === 'preprod' ? 'production' : 'preprod');
  const context = { target, config, other, secrets, warnings: configWarnings(file, target), migrations: targetMigrations(scratch, config), root };
  return CHECKS.flatMap((check) => check(context));
}

describe('npm run deploy -- --dry-run, on the repository’s placeholder configuration', { timeout: 300_000 }, () => {
  it('fails in either environment with one message per placeholder id and per missing secret, before building anything', async () => {
    const runs = await Promise.all((['production', 'preprod'] as const).map((target) => deploy(['--dry-run', '--env', target], bareEnv())));
    for (const [i, target] of (['production', 'preprod'] as const).entries()) {
      const { status, out } = runs[i]!;
      expect(status, out).toBe(1);
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
      expect(problems, out).toHaveLength(expected.length);
      for (const text of expected) expect(problems.filter((p) => p.includes(text))).toHaveLength(1);
      expect(out).toContain(`npx wrangler d1 create robot-accounts-eu${target === 'preprod' ? '-preprod' : ''} --jurisdiction eu`);
      expect(out).not.toContain('every check passed');
    }
  });
});

describe('npm run deploy, given a mistake, says what is wrong and what to write', () => {
  const said = (argv: string[]) => {
    try {
      readArgs(argv);
      return 'accepted';
    } catch (error) {
      return `deploy: ${(error as Error).message}`;
    }
  };

  it('never guesses the environment: a missing, empty or misspelt --env, in either spelling, is refused', () => {
    expect(said(['--dry-run'])).toBe('deploy: say which environment: --env production or --env preprod');
    expect(said(['rollback'])).toBe('deploy: say which environment: --env production or --env preprod');
    expect(said(['--dry-run', '--env'])).toBe('deploy: --env needs a value: production or preprod');
    expect(said(['--dry-run', '--env', 'prodution'])).toBe('deploy: --env is production or preprod, not "prodution": did you mean --env production?');
    expect(said(['--dry-run', '--env=preprd'])).toBe('deploy: --env is production or preprod, not "preprd": did you mean --env preprod?');
  });

  it('refuses an unknown option (a misspelt --dry-run must not deploy), an unknown command and another command’s option', () => {
    expect(said(['--dryrun', '--env', 'preprod'])).toBe('deploy: unknown option --dryrun: did you mean --dry-run?');
    expect(said(['rolback', '--env', 'production'])).toBe(
      'deploy: unknown command "rolback": did you mean rollback? (upload, the default, rollout or rollback)',
    );
    expect(said(['rollback', '--env', 'production', '--percent', '10'])).toBe(
      'deploy: --percent is not an option of rollback, which takes --env, --version, --reason, --config',
    );
  });

  it('as a process, exits 1 with its sentence and no stack trace, for a mistake and for a file it cannot read', { timeout: 120_000 }, async () => {
    const missing = join(scratch, 'no-such.toml');
    const [option, file] = await Promise.all([
      refused(['--dryrun', '--env', 'preprod'], bareEnv()),
      refused(['--dry-run', '--env', 'production', '--config', missing], bareEnv()),
    ]);
    expect(option).toBe('deploy: unknown option --dryrun: did you mean --dry-run?');
    expect(file).toMatch(new RegExp(`^deploy: ${missing} cannot be read as wrangler's configuration: Could not read file`));
  });

  it('names a secrets file it cannot use, and a secret too short, with how to make one', () => {
    const file = (name: string, text: string) => {
      const path = join(scratch, name);
      writeFileSync(path, text);
      return path;
    };
    const { PREVIEW_SECRET, TURNSTILE_SECRET, HEALTH_TOKEN } = SECRET_VALUES;
    const short = readSecrets(
      {},
      file('short.env', `PREVIEW_SECRET=${PREVIEW_SECRET}\nSESSION_SECRET=short\nTURNSTILE_SECRET=${TURNSTILE_SECRET}\nHEALTH_TOKEN=${HEALTH_TOKEN}\n`),
    );
    expect(short.problems).toEqual([]);
    expect(secretProblems(short.secrets, 'production')).toEqual([
      'production: secret SESSION_SECRET is 5 characters, under the 32 it needs: make one with `openssl rand -base64 48` and put it in the CI secret store of the production environment (or the --secrets-file)',
    ]);
    const json = file('bad.json', `{"PREVIEW_SECRET": "${PREVIEW_SECRET}", SESSION_SECRET: }`);
    expect(readSecrets({}, json).problems[0]).toMatch(
      new RegExp(`^--secrets-file ${json} is not valid JSON \\(.+\\): write \\{"NAME": "value", …\\} or NAME=value lines$`),
    );
    const lines = file(
      'bad.env',
      `# production\nPREVIEW_SECRET ${PREVIEW_SECRET}\nSESION_SECRET=${SECRET_VALUES.SESSION_SECRET}\nTURNSTILE_SECRET=${TURNSTILE_SECRET}\n`,
    );
    expect(readSecrets({}, lines).problems).toEqual([
      `--secrets-file ${lines} line 2 is not NAME=value: write it as PREVIEW_SECRET=value`,
      `--secrets-file ${lines} names SESION_SECRET, which the worker does not read: did you mean SESSION_SECRET?`,
    ]);
    const missing = join(scratch, 'no-such.env');
    expect(readSecrets({}, missing).problems).toEqual([
      `--secrets-file ${missing} cannot be read (ENOENT): give the path of a file of NAME=value lines or JSON`,
    ]);
  });
});

describe('the checks', () => {
  const file = completeConfig();
  const production = readTarget(file, 'production');
  const preprod = readTarget(file, 'preprod');

  it('pass a complete configuration in both environments', () => {
    expect(configProblems(production, 'production', preprod)).toEqual([]);
    expect(checked(file, 'production')).toEqual([]);
    expect(checked(file, 'preprod')).toEqual([]);
  });

  it('name origins and hosts that disagree with the routes, and anything shared with the other environment', () => {
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

  it('fail pre-production without its mail binding, as it was configured before, with wrangler’s own warning', () => {
    const unmailed = completeConfig('unmailed.toml', (text) =>
      text.replace(/\[\[env\.preprod\.send_email\]\]\nname = "SEND_EMAIL"\nallowed_sender_addresses = \[[^\]]*\]\n/, ''),
    );
    expect(checked(unmailed, 'preprod')).toEqual([
      'preprod: no send_email binding SEND_EMAIL: password resets, confirmations and draw results would never be sent; add [[env.preprod.send_email]] name = "SEND_EMAIL" to wrangler.toml (docs/operations.md, "Once per environment", mail)',
      'preprod: wrangler warns: "env.preprod" environment configuration: "send_email" exists at the top level, but not on "env.preprod". This is not what you probably want, since "send_email" is not inherited by environments. Please add "send_email" to "env.preprod".',
    ]);
    expect(checked(unmailed, 'production')).toEqual([]);
  });

  it('fail on any wrangler warning, and on mail that could go to no member or from another address, or never be retried', () => {
    const warned = completeConfig('warned.toml', (text) => text.replace('minify = true\n', 'minify = true\nunknown_field = true\n'));
    expect(checked(warned, 'production')).toEqual([expect.stringMatching(/^production: wrangler warns: .*"unknown_field"/)]);
    const fixed = completeConfig('fixed.toml', (text) =>
      text
        .replace(
          'allowed_sender_addresses = ["no-reply@robolux.com"]\n',
          'allowed_sender_addresses = ["shop@robolux.com"]\ndestination_address = "ops@robolux.com"\n',
        )
        .replace('crons = ["17 3 * * *", "* * * * *"]', 'crons = ["17 3 * * *"]'),
    );
    expect(checked(fixed, 'production')).toEqual([
      "production: SEND_EMAIL is restricted to fixed recipients ([[send_email]]): members' own addresses could not be sent to; remove destination_address and allowed_destination_addresses",
      'production: MAIL_FROM "no-reply@robolux.com" is not among SEND_EMAIL\'s allowed_sender_addresses (shop@robolux.com): add it, or correct MAIL_FROM',
      'production: no Cron Trigger "* * * * *": mail that could not be sent at once would never be retried; add it to [triggers] crons',
    ]);
  });

  it('fail on an unmarked contract migration', () => {
    const context = {
      target: 'production' as const,
      config: production,
      other: preprod,
      secrets: SECRET_VALUES,
      warnings: [],
      migrations: [...targetMigrations(scratch, production), { folder: 'migrations', name: '0099_drop.sql', sql: 'DROP TABLE lucky_draw_duplicates;' }],
      root,
    };
    expect(CHECKS.flatMap((check) => check(context))).toEqual([
      expect.stringMatching(/^migrations\/0099_drop\.sql is a contract step \(it drops table lucky_draw_duplicates\) without its mark/),
    ]);
  });

  it('as a process: the pre-production dry run without its mail binding fails, before building anything', { timeout: 120_000 }, async () => {
    const unmailed = completeConfig('unmailed-run.toml', (text) =>
      text.replace(/\[\[env\.preprod\.send_email\]\]\nname = "SEND_EMAIL"\nallowed_sender_addresses = \[[^\]]*\]\n/, ''),
    );
    const out = await refused(['--dry-run', '--env', 'preprod', '--config', unmailed, '--no-build'], bareEnv(SECRET_VALUES));
    expect(out.split('\n')).toEqual([
      'deploy: preprod cannot be deployed, 2 problems:',
      expect.stringMatching(/^ {2}- preprod: no send_email binding SEND_EMAIL: /),
      expect.stringMatching(/^ {2}- preprod: wrangler warns: "env\.preprod" environment configuration: "send_email" exists at the top level/),
    ]);
  });
});

describe('npm run deploy, on a complete configuration', () => {
  const file = completeConfig('complete.toml');
  const rehearsal = join(scratch, 'rehearsal');
  const env = bareEnv({ ...SECRET_VALUES, RELEASE: 'test-release', DEPLOY_REHEARSAL: rehearsal, DEPLOY_LEGAL_FACTS: completeLegalFacts(scratch) });
  let dry: { status: number; out: string };
  // The one rehearsal: every database migrated afresh and the worker bundled as `versions upload` would send it.
  beforeAll(async () => {
    dry = await deploy(['--dry-run', '--env', 'production', '--config', file, '--no-build'], env);
  }, 600_000);

  it('--dry-run passes every check and prints the plan: each migration additive or contract, the release’s bundles, the version and its size within the budget', () => {
    const { status, out } = dry;
    expect(out).toContain('production (worker robot-storefront), release test-release: every check passed');
    expect(status, out).toBe(0);
    const plan = out.split('\n');
    expect(plan).toContain('    DB (robot-storefront):');
    expect(plan).toContain('      0003_subscriptions_per_product.sql (contract: drops table subscriptions; renames table subscriptions_v2 to subscriptions)');
    expect(plan).toContain('      0006_subscription_confirmation.sql (additive)');
    expect(plan).toContain('    ACCOUNTS_US (robot-accounts-us), ACCOUNTS_EU (robot-accounts-eu), ACCOUNTS_CN (robot-accounts-cn):');
    expect(plan).toContain('      0005_mail_outbox.sql (additive)');
    for (const region of ['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp', 'cn']) expect(out).toContain(`bundle:${region}@test-release`);
    expect(out).toContain('with the secrets PREVIEW_SECRET, SESSION_SECRET, TURNSTILE_SECRET, HEALTH_TOKEN; routes www.robolux.com/*, www.robolux.cn/*');
    expect(out).toContain('npm run deploy -- rollback --env production   (the previous version, with its own content; never behind a contract migration)');
    expect(out).not.toContain(SECRET_VALUES.SESSION_SECRET);
    // The size budget: what `wrangler versions upload` would send, gzip.
    const written = JSON.parse(readFileSync(join(root, 'dist/deploy/plan.json'), 'utf8')) as {
      size: { gzip: number; bytes: number };
      migrations: Record<string, string[]>;
      schema: Record<string, number>;
    };
    expect(written.size.gzip).toBeGreaterThan(100_000);
    expect(written.size.gzip).toBeLessThanOrEqual(BUDGETS.workerGzipBytes);
    expect(written.size.gzip).toBeLessThan(WORKER_LIMITS.free);
    expect(written.migrations.DB).toContain(
      '0005_lucky_draw_identity.sql (contract: drops table lucky_draw_entries; renames table lucky_draw_entries_v2 to lucky_draw_entries)',
    );
    expect(written.schema).toEqual({ migrations: 7, 'migrations/accounts': 6 });
  });

  it('bundles React’s production build, as deployed', () => {
    const map = JSON.parse(readFileSync(join(rehearsal, 'worker/index.js.map'), 'utf8')) as { sources: string[] };
    const builds = new Set(map.sources.flatMap((source) => /\/react(?:-dom)?\/cjs\/.*\.(production|development)\.js$/.exec(source)?.[1] ?? []));
    expect([...builds]).toEqual(['production']);
  });

  it('the deploy runs the same checks, then migrates, pushes the release’s bundles, uploads the version with its secrets and its schema, and keeps the routes', async () => {
    // Files of this attempt's own (a retried test starts afresh).
    const record = join(scratch, `commands-${crypto.randomUUID()}.txt`);
    const output = join(scratch, `github-output-${crypto.randomUUID()}.txt`);
    const { status, out } = await deploy(['--env', 'preprod', '--config', file, '--no-build'], { ...env, DEPLOY_RECORD: record, GITHUB_OUTPUT: output });
    expect(out).toContain('every check passed');
    expect(status, out).toBe(0);
    const lines = readFileSync(record, 'utf8').trim().split('\n');
    const tail = `--config ${file} --env preprod`;
    expect(lines.map((l) => l.replace(/--secrets-file \S+/, '--secrets-file <file>'))).toEqual([
      `wrangler d1 migrations apply ACCOUNTS_US --remote ${tail}`,
      `wrangler d1 migrations apply ACCOUNTS_EU --remote ${tail}`,
      `wrangler d1 migrations apply ACCOUNTS_CN --remote ${tail}`,
      `wrangler d1 migrations apply DB --remote ${tail}`,
      `wrangler kv bulk put ${join(root, 'dist/deploy/kv.json')} --binding CONTENT --remote ${tail}`,
      `wrangler deployments status --json ${tail}`,
      `wrangler versions upload --tag test-release --var RELEASE:test-release --define "RENDER_BUILD:\\"test-release\\"" --message "release test-release · schema migrations:7 migrations/accounts:6" --secrets-file <file> ${tail}`,
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
  const ancient = '0a0b0c0d-3333-4e5f-8a9b-0c1d2e3f4a5b';
  const config = `--config ${join(root, 'wrangler.toml')} --env ""`;

  /** What wrangler answers the rollback: production's deployments (newest first: next, then previous) and its versions, one built before 0005. */
  const replies = join(scratch, 'replies.json');
  const version = (id: string, created: string, release: string, migrations: number) => ({
    id,
    metadata: { created_on: created },
    annotations: { 'workers/tag': release, 'workers/message': `release ${release} · schema migrations:${migrations} migrations/accounts:5` },
  });
  writeFileSync(
    replies,
    JSON.stringify({
      'deployments list': JSON.stringify([
        { created_on: '2026-11-20T10:00:00Z', versions: [{ version_id: previous, percentage: 100 }] },
        { created_on: '2026-11-27T10:00:00Z', versions: [{ version_id: next, percentage: 100 }] },
        { created_on: '2026-10-01T10:00:00Z', versions: [{ version_id: ancient, percentage: 100 }] },
      ]),
      'versions list': JSON.stringify([
        version(ancient, '2026-10-01T09:00:00Z', 'r-ancient', 4),
        version(previous, '2026-11-20T09:00:00Z', 'r-previous', 6),
        version(next, '2026-11-27T09:00:00Z', 'r-next', 6),
      ]),
    }),
  );

  /** Runs the command with its remote commands recorded (and answered from `replies`): what it ran, its exit status and what it printed. */
  async function recorded(args: string[]): Promise<{ lines: string[]; status: number; out: string }> {
    const record = join(scratch, `${args[0]}-${crypto.randomUUID()}.txt`);
    const { status, out } = await deploy(args, { ...env, DEPLOY_RECORD: record, DEPLOY_REPLIES: replies });
    return { lines: existsSync(record) ? readFileSync(record, 'utf8').trim().split('\n') : [], status, out: out.trim() };
  }

  // Every run of the command this block asserts on, started at once: each is a process of its own.
  const runs = {} as Record<'ten' | 'all' | 'back' | 'named' | 'behind' | 'ten-percent', ReturnType<typeof recorded>>;
  beforeAll(() => {
    runs.ten = recorded(['rollout', '--env', 'production', '--version', next, '--percent', '10', '--from', previous]);
    runs.all = recorded(['rollout', '--env', 'production', '--version', next, '--percent', '100', '--from', previous]);
    runs.back = recorded(['rollback', '--env', 'production']);
    runs.named = recorded(['rollback', '--env', 'production', '--version', previous, '--reason', 'checkout links broken']);
    runs.behind = recorded(['rollback', '--env', 'production', '--version', ancient]);
    runs['ten-percent'] = recorded(['rollout', '--env', 'production', '--version', next, '--percent', 'ten']);
  });

  it('moves traffic in stages with wrangler versions deploy, the rest on the version serving', async () => {
    const [ten, all] = await Promise.all([runs.ten, runs.all]);
    expect([ten.status, all.status], `${ten.out}\n${all.out}`).toEqual([0, 0]);
    expect(ten.lines).toEqual([`wrangler versions deploy ${next}@10 ${previous}@90 --yes --message "rollout 10%" ${config}`]);
    expect(all.lines).toEqual([`wrangler versions deploy ${next}@100 --yes --message "rollout 100%" ${config}`]);
  });

  it('rolls back in one command, to the previous version (the one wrangler would pick) or a named one, after reading which versions can serve', async () => {
    const [back, named] = await Promise.all([runs.back, runs.named]);
    expect([back.status, named.status], `${back.out}\n${named.out}`).toEqual([0, 0]);
    const reads = [`wrangler deployments list --json ${config}`, `wrangler versions list --json ${config}`];
    expect(back.lines).toEqual([...reads, `wrangler rollback ${previous} --yes --message rollback ${config}`]);
    expect(back.out).toBe(`deploy: production rolled back to ${previous} (release r-previous); it reads the content bundles of its own release`);
    expect(named.lines).toEqual([...reads, `wrangler rollback ${previous} --yes --message "checkout links broken" ${config}`]);
  });

  it('refuses to go behind a contract migration, naming the oldest release it can reach, and changes nothing', async () => {
    const { lines, status, out } = await runs.behind;
    expect(status, out).toBe(1);
    expect(lines.some((l) => l.startsWith('wrangler rollback'))).toBe(false);
    expect(out).toBe(
      [
        `deploy rollback: production cannot go back: release r-ancient (version ${ancient}, uploaded 2026-10-01 09:00 UTC) was built before the contract migration migrations/0005_lucky_draw_identity.sql, applied since: it would fail on the schema the databases have now; the oldest it can go back to is release r-previous (version ${previous}, uploaded 2026-11-20 09:00 UTC)`,
        'deploy: nothing was changed on production',
      ].join('\n'),
    );
  });

  it('passes only commands and flags wrangler 4.86 has', () => {
    // wrangler's own command table, in-process: each command's arguments, their aliases, and the global flags.
    interface Node {
      definition?: { args?: Record<string, { alias?: string | string[] }> };
      subtree?: Map<string, Node>;
    }
    const { registry, globalFlags } = experimental_getWranglerCommands() as unknown as {
      registry: Node;
      globalFlags: Record<string, { alias?: string | string[] }>;
    };
    const flagsOf = (path: string[]) => {
      let node: Node | undefined = registry;
      for (const word of path) node = node?.subtree?.get(word);
      if (!node?.definition) return undefined;
      const args = { ...globalFlags, ...node.definition.args };
      return new Set(Object.entries(args).flatMap(([name, arg]) => [name, ...[arg.alias ?? []].flat()].map((f) => `--${f}`)));
    };
    const uses: [string[], string[]][] = [
      [
        ['versions', 'upload'],
        ['--tag', '--var', '--define', '--message', '--secrets-file', '--dry-run', '--outdir', '--config', '--env'],
      ],
      [
        ['versions', 'deploy'],
        ['--yes', '--message', '--config', '--env'],
      ],
      [
        ['versions', 'list'],
        ['--json', '--config', '--env'],
      ],
      [
        ['versions', 'view'],
        ['--json', '--config', '--env'],
      ],
      [
        ['deployments', 'list'],
        ['--json', '--config', '--env'],
      ],
      [
        ['deployments', 'status'],
        ['--json', '--config', '--env'],
      ],
      [['rollback'], ['--yes', '--message', '--config', '--env']],
      [
        ['triggers', 'deploy'],
        ['--config', '--env'],
      ],
      [
        ['d1', 'migrations', 'apply'],
        ['--remote', '--local', '--persist-to'],
      ],
      [
        ['kv', 'bulk', 'put'],
        ['--binding', '--remote'],
      ],
    ];
    const missing = uses.flatMap(([cmd, flags]) => {
      const known = flagsOf(cmd);
      return known ? flags.filter((f) => !known.has(f)).map((f) => `${cmd.join(' ')} ${f}`) : [`${cmd.join(' ')} (no such command)`];
    });
    expect(missing).toEqual([]);
    // The table is wrangler's: a flag it does not have is missing.
    expect(flagsOf(['rollback'])!.has('--percent')).toBe(false);
  });

  it('refuses a rollout without a version id or with a share outside 1–100', async () => {
    expect(rolloutProblem({ env: 'production', percent: '10' })).toBe(
      '--version is missing: give the id `npm run deploy` printed (`npx wrangler versions list` shows them)',
    );
    for (const percent of ['0', '150', 'ten', '12.5'])
      expect(rolloutProblem({ env: 'production', version: next, percent })).toBe(
        `--percent is a whole number from 1 to 100 (10, 50, 100 in turn), not "${percent}"`,
      );
    expect(rolloutProblem({ env: 'production', version: next, percent: '10', from: 'latest' })).toBe('--from is a version id, not "latest"');
    expect(rolloutProblem({ env: 'production', version: next, percent: '10' })).toBeUndefined();
    // As a process, the sentence is the command's, and nothing reached Cloudflare.
    const { lines, status, out } = await runs['ten-percent'];
    expect([status, lines]).toEqual([1, []]);
    expect(out).toBe('deploy rollout: --percent is a whole number from 1 to 100 (10, 50, 100 in turn), not "ten"');
  });

  it('without a Cloudflare account, says what to set and that nothing changed, instead of guessing that no version serves', async () => {
    // No token, and a home without a `wrangler login`: wrangler stops before any request.
    const home = mkdtempSync(join(scratch, 'home-'));
    const alone = bareEnv({ HOME: home, XDG_CONFIG_HOME: home });
    delete alone.CLOUDFLARE_API_TOKEN;
    delete alone.CLOUDFLARE_ACCOUNT_ID;
    const account =
      'wrangler has no Cloudflare account to act with: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (docs/operations.md, "Deploying", step 6)';
    const [rollout, rollback] = await Promise.all([
      refused(['rollout', '--env', 'production', '--version', next, '--percent', '10'], alone),
      refused(['rollback', '--env', 'preprod'], alone),
    ]);
    expect(rollout).toBe(`deploy: reading which version serves (wrangler deployments status): ${account}\ndeploy: nothing was changed on production`);
    expect(rollback).toBe(`deploy: rolling preprod back to the previous version: ${account}\ndeploy: nothing was changed on preprod`);
  });
});
