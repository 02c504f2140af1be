// `npm run deploy`: the release, as a runbook command (README, "Deploying"; decision 0037).
//
//   npm run deploy -- --dry-run --env production|preprod   checks and the plan; no network, no account
//   npm run deploy -- --env production|preprod             the same checks, then: migrations, the
//        release's content bundles to KV, a new worker version uploaded (no traffic moves)
//   npm run deploy -- rollout --env production --version ID --percent 10|50|100 [--from ID]
//   npm run deploy -- rollback --env production [--version ID] [--reason TEXT]
//
// Options: --config FILE (wrangler.toml by default), --secrets-file FILE (.env lines or JSON;
// the environment's variables of the same names win), --message TEXT, --no-build (use dist/ as
// built: a dry run or a recorded run only). --env is always given, never guessed; an unknown
// option or one of another command is refused. The real deploy runs every check of the dry run
// first and touches nothing when one fails. The plan is also written to dist/deploy/plan.json.
import { execFileSync } from 'node:child_process';
import { chmodSync, appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { BUDGETS } from './budgets.mjs';
import {
  bundleSize,
  configProblems,
  envFlag,
  kib,
  migrationsOf,
  readSecrets,
  readTarget,
  releaseOf,
  secretProblems,
  sizeProblems,
  readArgs,
  WORKER_LIMITS,
  type DeployArgs,
  type TargetConfig,
} from './release';
import { legalFactProblems, legalFactsFor } from './legal-facts';

const root = join(import.meta.dirname, '..');
const wranglerBin = join(root, 'node_modules/wrangler/bin/wrangler.js');

function fail(lines: string | string[]): never {
  for (const line of [lines].flat()) console.error(line);
  process.exit(1);
}

let parsed: DeployArgs;
try {
  parsed = readArgs(process.argv.slice(2));
} catch (error) {
  fail(`deploy: ${(error as Error).message}`);
}
const { command, target, values } = parsed;
const flag = (name: string) => values[name] as string | undefined;
const has = (name: string) => values[name] === true;
const configPath = flag('config') ? (isAbsolute(flag('config')!) ? flag('config')! : join(process.cwd(), flag('config')!)) : join(root, 'wrangler.toml');
const dryRun = has('dry-run');
/** With DEPLOY_RECORD=FILE, every command that would reach Cloudflare is written to FILE instead (tests); DEPLOY_LEGAL_FACTS=FILE: scripts/legal-facts.ts. */
const record = process.env.DEPLOY_RECORD;

/** What a real deploy, rollout or rollback has changed so far: said when a later step fails. */
const done: string[] = [];

/** wrangler's own reason, one line: its "✘ [ERROR]" sentence and the API's coded reason, without colours. */
function wranglerReason(error: unknown): string {
  const e = error as { stderr?: string; stdout?: string; message?: string };
  const text = `${e.stderr ?? ''}\n${e.stdout ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
  const lines = text.split('\n').map((l) => l.trim());
  const reason = lines.find((l) => l.startsWith('✘ [ERROR]'))?.replace('✘ [ERROR] ', '') ?? lines.filter(Boolean).at(-1) ?? e.message ?? String(error);
  const coded = lines.find((l) => /\[code: \d+\]/.test(l) && !reason.includes(l));
  return coded ? `${reason} ${coded}` : reason;
}

/** An account problem (no token, a login needed, a token refused): what to set, not wrangler's page of help. */
const isAccountProblem = (reason: string) =>
  /CLOUDFLARE_API_TOKEN|wrangler login|not logged in|Authentication error|\[code: (?:10000|9106|9109)\]/i.test(reason);

/**
 * Runs wrangler against the target's configuration and gives back what it printed. When it
 * fails, stops with one line saying what failed and why (and what to set when it is the
 * account), then what the run had already changed; `none` names a failure that only means
 * "nothing there yet", for which it gives back undefined.
 */
function wrangler(cmd: string[], { remote = false, what, none }: { remote?: boolean; what: string; none?: RegExp }): string | undefined {
  const full = [...cmd, '--config', configPath, ...envFlag(target)];
  if (remote && record) {
    appendFileSync(record, `wrangler ${full.map((a) => (/^[\w@%:./=,-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}\n`);
    return '';
  }
  try {
    return execFileSync(process.execPath, [wranglerBin, ...full], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const reason = wranglerReason(error);
    if (none?.test(reason)) return undefined;
    fail([
      isAccountProblem(reason)
        ? `deploy: ${what}: wrangler has no Cloudflare account to act with: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (README, "Deploying", step 5)` +
          (/CLOUDFLARE_API_TOKEN/.test(reason) ? '' : ` (wrangler: ${reason})`)
        : `deploy: ${what} failed: ${reason}`,
      done.length ? `deploy: already done: ${done.join('; ')}` : `deploy: nothing was changed${remote ? ` on ${target}` : ''}`,
    ]);
  }
}

/** Writes step outputs for the CI (GitHub Actions' GITHUB_OUTPUT), when it asks for them. */
function output(values: Record<string, string>): void {
  if (!process.env.GITHUB_OUTPUT) return;
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
}

const git = (...a: string[]) => {
  try {
    return execFileSync('git', a, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};

if (command === 'upload') upload();
else if (command === 'rollout') rollout();
else rollback();

/** The checks, then (unless --dry-run) migrations, content and the version. */
function upload(): void {
  // 1. The configuration and the secrets: nothing is built or touched while one is missing.
  let config: TargetConfig, other: TargetConfig;
  try {
    config = readTarget(configPath, target);
    other = readTarget(configPath, target === 'preprod' ? 'production' : 'preprod');
  } catch (error) {
    const { message, notes = [] } = error as { message: string; notes?: { text: string }[] };
    fail(`deploy: ${configPath} cannot be read as wrangler's configuration: ${[message, ...notes.map((n) => n.text)].join(' ').replace(/\s+/g, ' ')}`);
  }
  const { secrets, problems: fileProblems } = readSecrets(process.env, flag('secrets-file'));
  // The legal facts the pages show: production refuses a placeholder (docs/decisions/0056).
  const legal = legalFactsFor(process.env, !dryRun && !record);
  const problems = [
    ...configProblems(config, target, other),
    ...fileProblems.map((p) => `${target}: ${p}`),
    ...secretProblems(secrets, target),
    ...legal.problems.map((p) => `${target}: ${p}`),
    ...legalFactProblems(legal.table, target),
  ];
  if (problems.length)
    fail([`deploy: ${target} cannot be deployed, ${problems.length} problem${problems.length > 1 ? 's' : ''}:`, ...problems.map((p) => `  - ${p}`)]);

  const dirty = git('status', '--porcelain') !== '';
  const release = releaseOf(process.env, git('rev-parse', 'HEAD') || 'unversioned', dirty);
  if (!dryRun && release.endsWith('-dirty')) fail('deploy: the work tree has uncommitted changes: commit them (a release is a commit), or set RELEASE');

  // 2. The deploy bundle: the build with HSTS in the static headers, the release's KV file.
  if (has('no-build') && !dryRun && !record) fail('deploy: --no-build is for a dry run: a deploy builds what it uploads');
  if (!has('no-build'))
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEPLOY_HTTPS: '1' },
    });
  const bulk = JSON.parse(readFileSync(join(root, 'dist/bundles/kv.json'), 'utf8')) as { key: string; value: string }[];
  const versioned = bulk.map(({ key, value }) => ({ key: `${key}@${release}`, value, metadata: { release } }));
  mkdirSync(join(root, 'dist/deploy'), { recursive: true });
  const kvFile = join(root, 'dist/deploy/kv.json');
  writeFileSync(kvFile, JSON.stringify(versioned));

  // 3. Every database's migrations on a fresh local database, and the worker as it would be uploaded.
  const scratch = mkdtempSync(join(tmpdir(), 'deploy-check-'));
  // Gone however the run ends (a failed step exits at once): it may hold the secrets file.
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  try {
    const migrated: string[] = [];
    for (const db of config.d1_databases) {
      wrangler(['d1', 'migrations', 'apply', db.binding, '--local', '--persist-to', scratch], {
        what: `the migrations of ${db.binding} (${db.migrations_dir}) on a fresh local database`,
      });
      migrated.push(`    ${db.binding} (${db.database_name}): ${migrationsOf(dirname(configPath), db.migrations_dir).join(', ')}`);
    }
    const outdir = join(scratch, 'worker');
    // The release names the version (its tag), its content (RELEASE) and its render-cache keys
    // (RENDER_BUILD, decision 0028: pages stored by another version are never served).
    const uploadArgs = [
      'versions',
      'upload',
      '--tag',
      release,
      '--var',
      `RELEASE:${release}`,
      '--define',
      `RENDER_BUILD:${JSON.stringify(release)}`,
      '--message',
      flag('message') ?? `release ${release}`,
    ];
    wrangler([...uploadArgs, '--dry-run', '--outdir', outdir], { what: 'bundling the worker (wrangler versions upload --dry-run)' });
    const size = bundleSize(outdir);
    const over = sizeProblems(size);
    if (over.length) fail(over.map((o) => `deploy: ${o}`));

    // 4. The plan.
    writeFileSync(
      join(root, 'dist/deploy/plan.json'),
      JSON.stringify(
        {
          target,
          release,
          migrations: Object.fromEntries(config.d1_databases.map((db) => [db.binding, migrationsOf(dirname(configPath), db.migrations_dir)])),
          bundles: versioned.map((v) => v.key),
          size,
        },
        null,
        2,
      ),
    );
    const routes = (config.routes ?? []).map((r) => (typeof r === 'string' ? r : r.pattern));
    console.log(
      [
        `deploy${dryRun ? ' --dry-run' : ''}: ${target} (worker ${config.name}), release ${release}: every check passed`,
        '  migrate, on each database, the migrations it has not applied (all of them apply to a fresh database):',
        ...migrated,
        `  push ${versioned.length} content bundles to KV CONTENT (${config.kv_namespaces.find((k) => k.binding === 'CONTENT')?.id ?? '?'}), read only by this release:`,
        `    ${versioned.map((v) => `${v.key} (${kib(v.value.length)})`).join(', ')}`,
        `  upload a version of ${config.name} tagged ${release}: ${kib(size.bytes)}, ${kib(size.gzip)} gzip` +
          ` (Workers limits ${kib(WORKER_LIMITS.free)} Free, ${kib(WORKER_LIMITS.paid)} Paid; budget ${kib(BUDGETS.workerGzipBytes)})`,
        `    with the secrets ${Object.keys(secrets).join(', ')}; routes ${routes.join(', ')} (no traffic moves yet)`,
        `  then: look at the version's preview URL, and move traffic in stages:`,
        `    npm run deploy -- rollout --env ${target} --version <id> --percent 10   (then 50, then 100)`,
        `    npm run deploy -- rollback --env ${target}   (the previous version, with its own content)`,
      ].join('\n'),
    );
    if (dryRun) return;

    // 5. The real thing, in the order that never pairs code with content it was not built with:
    // migrations (additive, decision 0037), the release's bundles, then the version.
    for (const db of config.d1_databases) {
      wrangler(['d1', 'migrations', 'apply', db.binding, '--remote'], { remote: true, what: `migrating ${db.binding} (${db.database_name})` });
      done.push(`${db.binding} migrated`);
    }
    wrangler(['kv', 'bulk', 'put', kvFile, '--binding', 'CONTENT', '--remote'], { remote: true, what: 'pushing the content bundles' });
    done.push(`content bundles @${release} in KV (read by no version yet)`);
    // The version serving now, which a canary splits traffic with (none on a first deploy).
    const before = serving()[0]?.version_id ?? '';
    const secretsFile = join(scratch, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify(secrets));
    chmodSync(secretsFile, 0o600);
    const uploaded = wrangler([...uploadArgs, '--secrets-file', secretsFile], { remote: true, what: 'uploading the version' }) ?? '';
    rmSync(secretsFile, { force: true });
    done.push('version uploaded (no traffic on it)');
    // Routes (and workers_dev = false) belong to the worker, not a version: kept as wrangler.toml says.
    wrangler(['triggers', 'deploy'], { remote: true, what: 'keeping the routes (wrangler triggers deploy)' });
    const version = /Worker Version ID:\s*([0-9a-f-]{36})/i.exec(uploaded)?.[1] ?? '';
    const preview = /Version Preview URL:\s*(\S+)/i.exec(uploaded)?.[1] ?? '';
    output({ release, 'version-id': version, 'preview-url': preview, 'serving-version-id': before });
    if (!version) console.log(uploaded);
    console.log(
      `deploy: uploaded version ${version || "(see wrangler's output)"} of release ${release}${preview ? `, preview ${preview}` : ''}; no traffic on it yet`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The versions serving now, the largest share first, from wrangler (`deployments status --json`); none before the first deploy. */
function serving(): { version_id: string; percentage: number }[] {
  // "No deployments" and a worker not yet created (API code 10007) mean none; any other failure stops:
  // guessing "none" would send a canary's traffic all at once.
  const out = wrangler(['deployments', 'status', '--json'], {
    remote: true,
    what: 'reading which version serves (wrangler deployments status)',
    none: /has no deployments|\[code: 10007\]/,
  });
  if (!out?.includes('{')) return [];
  const status = JSON.parse(out.slice(out.indexOf('{'))) as { versions?: { version_id: string; percentage: number }[] };
  return [...(status.versions ?? [])].sort((a, b) => b.percentage - a.percentage);
}

/** Moves a share of traffic to a version; the rest stays on the version serving most of it. */
function rollout(): void {
  const version = flag('version');
  const percent = Number(flag('percent'));
  if (!version) fail('deploy rollout: --version is missing: give the id `npm run deploy` printed (`npx wrangler versions list` shows them)');
  if (!/^[0-9a-f-]{36}$/i.test(version))
    fail(`deploy rollout: --version is the id \`npm run deploy\` printed (\`npx wrangler versions list\` shows them), not "${version}"`);
  if (!/^\d+$/.test(flag('percent') ?? '') || percent < 1 || percent > 100)
    fail(
      `deploy rollout: --percent is a whole number from 1 to 100 (10, 50, 100 in turn), not ${flag('percent') === undefined ? 'missing' : `"${flag('percent')}"`}`,
    );
  if (flag('from') !== undefined && !/^[0-9a-f-]{36}$/i.test(flag('from')!)) fail(`deploy rollout: --from is a version id, not "${flag('from')}"`);
  const from = flag('from') ?? serving().filter((v) => v.version_id !== version)[0]?.version_id;
  const specs = percent === 100 || !from ? [`${version}@100`] : [`${version}@${percent}`, `${from}@${100 - percent}`];
  if (!from && percent < 100) fail('deploy rollout: no other version serves: deploy this one at --percent 100');
  wrangler(['versions', 'deploy', ...specs, '--yes', '--message', flag('message') ?? `rollout ${percent}%`], {
    remote: true,
    what: `moving ${percent} % of ${target} to ${version}`,
  });
  console.log(`deploy: ${target} now serves ${specs.join(' and ')}`);
}

/** Sends all traffic back to the previous version (or --version): its own code and its own content. */
function rollback(): void {
  const version = flag('version');
  if (version !== undefined && !/^[0-9a-f-]{36}$/i.test(version))
    fail(`deploy rollback: --version is a version id (\`npx wrangler versions list\` shows them), not "${version}"`);
  wrangler(['rollback', ...(version ? [version] : []), '--yes', '--message', flag('reason') ?? 'rollback'], {
    remote: true,
    what: `rolling ${target} back to ${version ?? 'the previous version'}`,
  });
  console.log(`deploy: ${target} rolled back to ${version ?? 'the previous version'}; it reads the content bundles of its own release`);
}
