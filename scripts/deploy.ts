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
// built: a dry run or a recorded run only). The real deploy runs every check of the dry run
// first and touches nothing when one fails. The plan is also written to dist/deploy/plan.json.
import { execFileSync } from 'node:child_process';
import { chmodSync, appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join } from 'node:path';
import { BUDGETS } from './budgets.mjs';
import {
  TARGETS,
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
  WORKER_LIMITS,
  type Target,
} from './release';

const root = join(import.meta.dirname, '..');
const wranglerBin = join(root, 'node_modules/wrangler/bin/wrangler.js');
const args = process.argv.slice(2);
const command = args[0] && !args[0].startsWith('--') ? args[0] : 'upload';
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const has = (name: string) => args.includes(`--${name}`);

function fail(lines: string | string[]): never {
  for (const line of [lines].flat()) console.error(line);
  process.exit(1);
}

const target = (flag('env') ?? 'production') as Target;
if (!TARGETS.includes(target)) fail(`deploy: --env is production or preprod, not "${target}"`);
const configPath = flag('config') ? (isAbsolute(flag('config')!) ? flag('config')! : join(process.cwd(), flag('config')!)) : join(root, 'wrangler.toml');
const dryRun = has('dry-run');
/** With DEPLOY_RECORD=FILE, every command that would reach Cloudflare is written to FILE instead (tests). */
const record = process.env.DEPLOY_RECORD;

/** Runs wrangler against the target's configuration; output captured (and shown) unless `quiet`. */
function wrangler(cmd: string[], { remote = false, env = {} as NodeJS.ProcessEnv } = {}): string {
  const full = [...cmd, '--config', configPath, ...envFlag(target)];
  if (remote && record) {
    appendFileSync(record, `wrangler ${full.map((a) => (/^[\w@%:./=,-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}\n`);
    return '';
  }
  const out = execFileSync(process.execPath, [wranglerBin, ...full], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return out;
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
else if (command === 'rollback') rollback();
else fail(`deploy: unknown command "${command}": upload (the default), rollout or rollback`);

/** The checks, then (unless --dry-run) migrations, content and the version. */
function upload(): void {
  // 1. The configuration and the secrets: nothing is built or touched while one is missing.
  const config = readTarget(configPath, target);
  const other = readTarget(configPath, target === 'preprod' ? 'production' : 'preprod');
  const secrets = readSecrets(process.env, flag('secrets-file'));
  const problems = [...configProblems(config, target, other), ...secretProblems(secrets, target)];
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
  try {
    const migrated: string[] = [];
    for (const db of config.d1_databases) {
      try {
        wrangler(['d1', 'migrations', 'apply', db.binding, '--local', '--persist-to', scratch]);
      } catch (error) {
        fail([
          `deploy: the migrations of ${db.binding} (${db.migrations_dir}) fail on a fresh database:`,
          String((error as { stderr?: string }).stderr ?? error),
        ]);
      }
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
    wrangler([...uploadArgs, '--dry-run', '--outdir', outdir]);
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
    for (const db of config.d1_databases) wrangler(['d1', 'migrations', 'apply', db.binding, '--remote'], { remote: true });
    wrangler(['kv', 'bulk', 'put', kvFile, '--binding', 'CONTENT', '--remote'], { remote: true });
    // The version serving now, which a canary splits traffic with (none on a first deploy).
    const before = serving()[0]?.version_id ?? '';
    const secretsFile = join(scratch, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify(secrets));
    chmodSync(secretsFile, 0o600);
    const uploaded = wrangler([...uploadArgs, '--secrets-file', secretsFile], { remote: true });
    // Routes (and workers_dev = false) belong to the worker, not a version: kept as wrangler.toml says.
    wrangler(['triggers', 'deploy'], { remote: true });
    const version = /Worker Version ID:\s*([0-9a-f-]{36})/i.exec(uploaded)?.[1] ?? '';
    const preview = /Version Preview URL:\s*(\S+)/i.exec(uploaded)?.[1] ?? '';
    output({ release, 'version-id': version, 'preview-url': preview, 'serving-version-id': before });
    console.log(
      `deploy: uploaded version ${version || "(see wrangler's output)"} of release ${release}${preview ? `, preview ${preview}` : ''}; no traffic on it yet`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The versions serving now, the largest share first, from wrangler (`deployments status --json`); none before the first deploy. */
function serving(): { version_id: string; percentage: number }[] {
  let out: string;
  try {
    out = wrangler(['deployments', 'status', '--json'], { remote: true });
  } catch {
    return [];
  }
  if (!out.includes('{')) return [];
  const status = JSON.parse(out.slice(out.indexOf('{'))) as { versions?: { version_id: string; percentage: number }[] };
  return [...(status.versions ?? [])].sort((a, b) => b.percentage - a.percentage);
}

/** Moves a share of traffic to a version; the rest stays on the version serving most of it. */
function rollout(): void {
  const version = flag('version');
  const percent = Number(flag('percent'));
  if (!version || !/^[0-9a-f-]{36}$/i.test(version)) fail('deploy rollout: --version is the id `npm run deploy` printed (wrangler versions list shows them)');
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) fail('deploy rollout: --percent is a whole number from 1 to 100 (10, 50, 100 in turn)');
  const from = flag('from') ?? serving().filter((v) => v.version_id !== version)[0]?.version_id;
  const specs = percent === 100 || !from ? [`${version}@100`] : [`${version}@${percent}`, `${from}@${100 - percent}`];
  if (!from && percent < 100) fail('deploy rollout: no other version serves: deploy this one at --percent 100');
  wrangler(['versions', 'deploy', ...specs, '--yes', '--message', flag('message') ?? `rollout ${percent}%`], { remote: true });
  console.log(`deploy: ${target} now serves ${specs.join(' and ')}`);
}

/** Sends all traffic back to the previous version (or --version): its own code and its own content. */
function rollback(): void {
  const version = flag('version');
  wrangler(['rollback', ...(version ? [version] : []), '--yes', '--message', flag('reason') ?? 'rollback'], { remote: true });
  console.log(`deploy: ${target} rolled back to ${version ?? 'the previous version'}; it reads the content bundles of its own release`);
}
