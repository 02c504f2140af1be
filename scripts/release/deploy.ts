// `npm run deploy`: the release, as a runbook command (docs/operations.md, "Deploying"; decision 0037).
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
// (release.ts CHECKS) first and touches nothing when one fails. The plan is also written to
// dist/deploy/plan.json. A rollback never goes behind a contract migration (decision 0063).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { BUDGETS } from '../quality/budgets.mjs';
import { contractSteps, planLine, readSchemaNote, rollbackRefusal, schemaNote, type RollbackCandidate, type SchemaLevel } from './migrations';
import {
  bundleSize,
  CHECKS,
  configWarnings,
  envFlag,
  kib,
  readSecrets,
  readTarget,
  releaseOf,
  sizeProblems,
  readArgs,
  rolloutProblem,
  targetMigrations,
  warningLines,
  WORKER_LIMITS,
  type DeployArgs,
  type TargetConfig,
} from './release';
import { legalFactProblems, legalFactsFor } from './legal-facts';

const root = join(import.meta.dirname, '../..');
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
/** With DEPLOY_RECORD=FILE, every command that would reach Cloudflare is written to FILE instead (tests); DEPLOY_LEGAL_FACTS=FILE: scripts/release/legal-facts.ts. */
const record = process.env.DEPLOY_RECORD;
/**
 * With DEPLOY_RECORD, DEPLOY_REPLIES=FILE gives what those commands answer: JSON, from the
 * start of a command (`deployments list`) to its output (tests of the rollback).
 */
const replies = record && process.env.DEPLOY_REPLIES ? (JSON.parse(readFileSync(process.env.DEPLOY_REPLIES, 'utf8')) as Record<string, string>) : {};
/**
 * With DEPLOY_REHEARSAL=DIR (tests), a dry run or a recorded run keeps its rehearsal (the
 * migrations on fresh local databases, the bundle and what wrangler said) in DIR, and a later
 * run of the same code reuses it instead of rehearsing again.
 */
const rehearsalDir = process.env.DEPLOY_REHEARSAL;

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

/** The warnings wrangler printed while rehearsing (`▲ [WARNING] …`), one sentence each: a dry run that has any fails. */
const rehearsalWarnings: string[] = [];

/**
 * Runs wrangler against the target's configuration and gives back what it printed. When it
 * fails, stops with one line saying what failed and why (and what to set when it is the
 * account), then what the run had already changed; `none` names a failure that only means
 * "nothing there yet", for which it gives back undefined. What wrangler warns while it runs
 * is kept (`rehearsalWarnings`), never thrown away with its output.
 */
function wrangler(cmd: string[], { remote = false, what, none }: { remote?: boolean; what: string; none?: RegExp }): string | undefined {
  const full = [...cmd, '--config', configPath, ...envFlag(target)];
  if (remote && record) {
    appendFileSync(record, `wrangler ${full.map((a) => (/^[\w@%:./=,-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}\n`);
    return Object.entries(replies).find(([start]) => cmd.join(' ').startsWith(start))?.[1] ?? '';
  }
  const run = spawnSync(process.execPath, [wranglerBin, ...full], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status === 0) {
    rehearsalWarnings.push(...warningLines(`${run.stderr}\n${run.stdout}`).filter((w) => !rehearsalWarnings.includes(w)));
    return run.stdout;
  }
  const reason = wranglerReason(run.error ?? run);
  if (none?.test(reason)) return undefined;
  fail([
    isAccountProblem(reason)
      ? `deploy: ${what}: wrangler has no Cloudflare account to act with: set CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (docs/operations.md, "Deploying", step 6)` +
        (/CLOUDFLARE_API_TOKEN/.test(reason) ? '' : ` (wrangler: ${reason})`)
      : `deploy: ${what} failed: ${reason}`,
    done.length ? `deploy: already done: ${done.join('; ')}` : `deploy: nothing was changed${remote ? ` on ${target}` : ''}`,
  ]);
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

/** What a rehearsal found: kept in DEPLOY_REHEARSAL's folder for the next run of the same code (tests). */
interface Rehearsal {
  size: { bytes: number; gzip: number; files: string[] };
  warnings: string[];
}

/**
 * The rehearsal (decision 0037): every database's migrations on a fresh local database, and the
 * worker bundled as it would be uploaded, measured. wrangler's warnings on the way are kept.
 */
function rehearse(config: TargetConfig, scratch: string, uploadArgs: string[]): Rehearsal {
  const kept = rehearsalDir ? join(rehearsalDir, 'rehearsal.json') : undefined;
  if (kept && existsSync(kept)) return JSON.parse(readFileSync(kept, 'utf8')) as Rehearsal;
  const state = rehearsalDir ? join(rehearsalDir, 'd1') : scratch;
  for (const db of config.d1_databases)
    wrangler(['d1', 'migrations', 'apply', db.binding, '--local', '--persist-to', state], {
      what: `the migrations of ${db.binding} (${db.migrations_dir}) on a fresh local database`,
    });
  const outdir = join(rehearsalDir ?? scratch, 'worker');
  wrangler([...uploadArgs, '--dry-run', '--outdir', outdir], { what: 'bundling the worker (wrangler versions upload --dry-run)' });
  const rehearsal = { size: bundleSize(outdir), warnings: [...rehearsalWarnings] };
  if (kept) writeFileSync(kept, JSON.stringify(rehearsal));
  return rehearsal;
}

/** The checks, then (unless --dry-run) migrations, content and the version. */
function upload(): void {
  // 1. Every check (release.ts CHECKS): nothing is built or touched while one fails.
  let config: TargetConfig, other: TargetConfig, warnings: string[];
  try {
    config = readTarget(configPath, target);
    other = readTarget(configPath, target === 'preprod' ? 'production' : 'preprod');
    warnings = configWarnings(configPath, target);
  } catch (error) {
    const { message, notes = [] } = error as { message: string; notes?: { text: string }[] };
    fail(`deploy: ${configPath} cannot be read as wrangler's configuration: ${[message, ...notes.map((n) => n.text)].join(' ').replace(/\s+/g, ' ')}`);
  }
  if (rehearsalDir && !dryRun && !record) fail('deploy: DEPLOY_REHEARSAL is for tests: a deploy rehearses what it uploads');
  const { secrets, problems: fileProblems } = readSecrets(process.env, flag('secrets-file'));
  const migrations = targetMigrations(dirname(configPath), config);
  const context = { target, config, other, secrets, warnings, migrations, root };
  // The legal facts the pages show: production refuses a placeholder (docs/decisions/0056).
  const legal = legalFactsFor(process.env, !dryRun && !record);
  const problems = [
    ...fileProblems.map((p) => `${target}: ${p}`),
    ...CHECKS.flatMap((check) => check(context)),
    ...legal.problems.map((p) => `${target}: ${p}`),
    ...legalFactProblems(legal.table, target),
  ];
  const refuse = (list: string[]) =>
    fail([`deploy: ${target} cannot be deployed, ${list.length} problem${list.length > 1 ? 's' : ''}:`, ...list.map((p) => `  - ${p}`)]);
  if (problems.length) refuse(problems);

  const dirty = git('status', '--porcelain') !== '';
  const release = releaseOf(process.env, git('rev-parse', 'HEAD') || 'unversioned', dirty);
  if (!dryRun && release.endsWith('-dirty')) fail('deploy: the work tree has uncommitted changes: commit them (a release is a commit), or set RELEASE');

  // 2. The deploy bundle: the build with HSTS in the static headers, the release's KV file.
  if (has('no-build') && !dryRun && !record) fail('deploy: --no-build is for a dry run: a deploy builds what it uploads');
  if (!has('no-build'))
    execFileSync(process.execPath, [join(root, 'scripts/build/build.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEPLOY_HTTPS: '1' },
    });
  const bulk = JSON.parse(readFileSync(join(root, 'dist/bundles/kv.json'), 'utf8')) as { key: string; value: string }[];
  const versioned = bulk.map(({ key, value }) => ({ key: `${key}@${release}`, value, metadata: { release } }));
  mkdirSync(join(root, 'dist/deploy'), { recursive: true });
  const kvFile = join(root, 'dist/deploy/kv.json');
  writeFileSync(kvFile, JSON.stringify(versioned));

  // The schema this version is built with, per migrations folder (how many files), noted in its
  // message: the rollback reads it back to keep from going behind a contract migration.
  const schema: SchemaLevel = {};
  for (const m of [...migrations].sort((a, b) => a.folder.localeCompare(b.folder))) schema[m.folder] = (schema[m.folder] ?? 0) + 1;

  // 3. Every database's migrations on a fresh local database, and the worker as it would be uploaded.
  const scratch = mkdtempSync(join(tmpdir(), 'deploy-check-'));
  // Gone however the run ends (a failed step exits at once): it may hold the secrets file.
  process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
  try {
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
      `${flag('message') ?? `release ${release}`}${schemaNote(schema)}`,
    ];
    const { size, warnings: printed } = rehearse(config, scratch, uploadArgs);
    // What wrangler warned while it migrated and bundled is a problem too: a dry run that
    // printed "every check passed" under a warning told ops nothing.
    const late = [
      ...printed.map((w) => `${target}: wrangler warns: ${w}`).filter((w) => !problems.includes(w)),
      ...sizeProblems(size).map((o) => `${target}: ${o}`),
    ];
    if (late.length) refuse(late);

    // 4. The plan.
    const byFolder = new Map<string, typeof migrations>();
    for (const m of migrations) byFolder.set(m.folder, [...(byFolder.get(m.folder) ?? []), m]);
    writeFileSync(
      join(root, 'dist/deploy/plan.json'),
      JSON.stringify(
        {
          target,
          release,
          migrations: Object.fromEntries(
            config.d1_databases.map((db) => [
              db.binding,
              migrations.filter((m) => resolve(dirname(configPath), db.migrations_dir ?? 'migrations') === resolve(root, m.folder)).map(planLine),
            ]),
          ),
          schema,
          bundles: versioned.map((v) => v.key),
          size,
        },
        null,
        2,
      ),
    );
    const routes = (config.routes ?? []).map((r) => (typeof r === 'string' ? r : r.pattern));
    const databases = (folder: string) =>
      config.d1_databases
        .filter((db) => resolve(dirname(configPath), db.migrations_dir ?? 'migrations') === resolve(root, folder))
        .map((db) => `${db.binding} (${db.database_name})`)
        .join(', ');
    console.log(
      [
        `deploy${dryRun ? ' --dry-run' : ''}: ${target} (worker ${config.name}), release ${release}: every check passed`,
        '  migrate, on each database, the migrations it has not applied (all of them apply to a fresh database):',
        ...[...byFolder].flatMap(([folder, files]) => [`    ${databases(folder)}:`, ...files.map((f) => `      ${planLine(f)}`)]),
        `  push ${versioned.length} content bundles to KV CONTENT (${config.kv_namespaces.find((k) => k.binding === 'CONTENT')?.id ?? '?'}), read only by this release:`,
        `    ${versioned.map((v) => `${v.key} (${kib(v.value.length)})`).join(', ')}`,
        `  upload a version of ${config.name} tagged ${release}: ${kib(size.bytes)}, ${kib(size.gzip)} gzip` +
          ` (Workers limits ${kib(WORKER_LIMITS.free)} Free, ${kib(WORKER_LIMITS.paid)} Paid; budget ${kib(BUDGETS.workerGzipBytes)})`,
        `    with the secrets ${Object.keys(secrets).join(', ')}; routes ${routes.join(', ')} (no traffic moves yet)`,
        `  then: look at the version's preview URL, and move traffic in stages:`,
        `    npm run deploy -- rollout --env ${target} --version <id> --percent 10   (then 50, then 100)`,
        `    npm run deploy -- rollback --env ${target}   (the previous version, with its own content; never behind a contract migration)`,
      ].join('\n'),
    );
    if (dryRun) return;

    // 5. The real thing, in the order that never pairs code with content it was not built with:
    // migrations (expand, then contract: decision 0063), the release's bundles, then the version.
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
    // Routes and Cron Triggers (and workers_dev = false) belong to the worker, not a version: kept as wrangler.toml says.
    wrangler(['triggers', 'deploy'], { remote: true, what: 'keeping the routes and Cron Triggers (wrangler triggers deploy)' });
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
  const problem = rolloutProblem(values);
  if (problem) fail(`deploy rollout: ${problem}`);
  const version = flag('version')!;
  const percent = Number(flag('percent'));
  const from = flag('from') ?? serving().filter((v) => v.version_id !== version)[0]?.version_id;
  const specs = percent === 100 || !from ? [`${version}@100`] : [`${version}@${percent}`, `${from}@${100 - percent}`];
  if (!from && percent < 100) fail('deploy rollout: no other version serves: deploy this one at --percent 100');
  wrangler(['versions', 'deploy', ...specs, '--yes', '--message', flag('message') ?? `rollout ${percent}%`], {
    remote: true,
    what: `moving ${percent} % of ${target} to ${version}`,
  });
  console.log(`deploy: ${target} now serves ${specs.join(' and ')}`);
}

/** The schema a release was built with, from git: its migration files per folder, when the release is a commit here. */
function schemaAt(release: string | undefined): SchemaLevel | undefined {
  if (!release || !/^[0-9a-f]{7,40}$/.test(release)) return undefined;
  const folders = [...new Set(targetMigrations(dirname(configPath), readTarget(configPath, target)).map((m) => m.folder))];
  const level: SchemaLevel = {};
  for (const folder of folders) {
    const listed = git('ls-tree', '--name-only', `${release}:${folder}`);
    if (!listed) return undefined;
    level[folder] = listed.split('\n').filter((f) => f.endsWith('.sql')).length;
  }
  return level;
}

/** A version as `wrangler versions list --json` and `versions view --json` give it. */
interface ListedVersion {
  id: string;
  metadata?: { created_on?: string };
  annotations?: Record<string, string | undefined>;
}

/** A listed version as the rollback weighs it: its release and the schema it was built with (its message's note, else git's). */
function candidate(v: ListedVersion): RollbackCandidate {
  const release = v.annotations?.['workers/tag'];
  const schema = readSchemaNote(v.annotations?.['workers/message']) ?? schemaAt(release);
  return { id: v.id, created: v.metadata?.created_on ?? '', ...(release ? { release } : {}), ...(schema ? { schema } : {}) };
}

/** JSON a wrangler command printed (after any banner), or `fallback` when it printed none. */
function printedJson<T>(out: string | undefined, fallback: T): T {
  const at = out?.search(/[[{]/) ?? -1;
  return at < 0 ? fallback : (JSON.parse(out!.slice(at)) as T);
}

/**
 * Sends all traffic back to the previous version (or --version): its own code and its own
 * content, never behind a contract migration the databases have applied (decision 0063): it
 * names the oldest release it can reach instead.
 */
function rollback(): void {
  const version = flag('version');
  if (version !== undefined && !/^[0-9a-f-]{36}$/i.test(version))
    fail(`deploy rollback: --version is a version id (\`npx wrangler versions list\` shows them), not "${version}"`);
  // wrangler's own choice when none is named: the newest earlier deployment with a version at 100 %.
  const deployments = printedJson<{ created_on: string; versions: { version_id: string; percentage: number }[] }[]>(
    wrangler(['deployments', 'list', '--json'], { remote: true, what: `rolling ${target} back to ${version ?? 'the previous version'}` }),
    [],
  ).sort((a, b) => b.created_on.localeCompare(a.created_on));
  const chosen = version ?? deployments.slice(1).flatMap((d) => d.versions.filter((v) => v.percentage === 100))[0]?.version_id;
  if (!chosen)
    fail(`deploy rollback: ${target} has no earlier deployment at 100 % to go back to: name one with --version <id> (\`npx wrangler versions list\`)`);
  const listed = printedJson<ListedVersion[]>(
    wrangler(['versions', 'list', '--json'], { remote: true, what: `reading ${target}'s versions (wrangler versions list)` }),
    [],
  );
  const versions = listed.map(candidate);
  let aim = versions.find((v) => v.id === chosen);
  if (!aim) {
    const viewed = printedJson<ListedVersion | undefined>(
      wrangler(['versions', 'view', chosen, '--json'], { remote: true, what: `reading version ${chosen} (wrangler versions view)` }),
      undefined,
    );
    aim = candidate(viewed ?? { id: chosen });
  }
  const migrations = targetMigrations(dirname(configPath), readTarget(configPath, target));
  const refusal = rollbackRefusal(contractSteps(migrations), versions, aim);
  if (refusal) fail([`deploy rollback: ${target} cannot go back: ${refusal}`, `deploy: nothing was changed on ${target}`]);
  wrangler(['rollback', chosen, '--yes', '--message', flag('reason') ?? 'rollback'], {
    remote: true,
    what: `rolling ${target} back to ${chosen}`,
  });
  console.log(`deploy: ${target} rolled back to ${chosen}${aim.release ? ` (release ${aim.release})` : ''}; it reads the content bundles of its own release`);
}
