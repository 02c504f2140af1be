/**
 * What a deploy checks before it touches anything, and what it would do (docs/decisions/0037):
 * the target environment's configuration as wrangler reads it (no placeholder id, origins and
 * hosts present and consistent with the routes, no resource shared with the other
 * environment), the secrets the worker needs (worker/env.ts SECRETS) in the environment the
 * deploy runs in, and the worker's size against the Workers limits and our budget. Every
 * problem is one sentence naming what to do; `scripts/release/deploy.ts` prints them all and stops.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { unstable_readConfig } from 'wrangler';
import { closest } from '../../worker/clock/check';
import { isChinaHost } from '../../worker/edition/resolve';
import { SECRETS, VARIABLES } from '../../worker/env';
import { MAIL_SWEEP_CRON } from '../../worker/records/mail';
import { BUDGETS } from '../quality/budgets.mjs';
import { migrationProblems, shippedProblems, type MigrationFile } from './migrations';

/** The environments a deploy can target: wrangler.toml's top level, and `[env.preprod]`. */
const TARGETS = ['production', 'preprod'] as const;
export type Target = (typeof TARGETS)[number];

/** The commands of `npm run deploy` and the options each takes (docs/operations.md, "Deploying"). */
const COMMANDS = {
  upload: ['env', 'dry-run', 'config', 'secrets-file', 'message', 'no-build'],
  rollout: ['env', 'version', 'percent', 'from', 'message', 'config'],
  rollback: ['env', 'version', 'reason', 'config'],
} as const;
type Command = keyof typeof COMMANDS;
const FLAGS = ['dry-run', 'no-build'];
const OPTIONS = Object.fromEntries(
  [...new Set(Object.values(COMMANDS).flat())].map((name) => [name, { type: FLAGS.includes(name) ? ('boolean' as const) : ('string' as const) }]),
);

/** A deploy's arguments: the command, the target and the options, every option known to the command. */
export interface DeployArgs {
  command: Command;
  target: Target;
  values: Partial<Record<string, string | boolean>>;
}

/**
 * Reads `npm run deploy`'s arguments, or throws one sentence saying what to write instead: an
 * unknown option or command (with the nearest known one), an option of another command, a
 * missing value, and a missing or unknown `--env`, which is never guessed (a typo must not
 * deploy production).
 */
export function readArgs(argv: string[]): DeployArgs {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const option = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const near = closest(option.replace(/^-+/, ''), Object.keys(OPTIONS));
      throw new Error(`unknown option ${option}${near ? `: did you mean --${near}?` : ''}`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new Error(
        /does not take/.test(message) ? `${option} takes no value` : `${option} needs a value${option === '--env' ? ': production or preprod' : ''}`,
      );
    throw new Error(message);
  }
  const [word = 'upload', ...extra] = parsed.positionals;
  if (!(word in COMMANDS)) {
    const near = closest(word, Object.keys(COMMANDS));
    throw new Error(`unknown command "${word}"${near ? `: did you mean ${near}?` : ''} (upload, the default, rollout or rollback)`);
  }
  const command = word as Command;
  if (extra.length) throw new Error(`unexpected "${extra[0]}": every value follows its option, e.g. --version <id>`);
  const allowed: readonly string[] = COMMANDS[command];
  for (const name of Object.keys(parsed.values))
    if (!allowed.includes(name)) throw new Error(`--${name} is not an option of ${command}, which takes ${allowed.map((a) => `--${a}`).join(', ')}`);
  const env = parsed.values.env as string | undefined;
  if (env === undefined) throw new Error('say which environment: --env production or --env preprod');
  if (!(TARGETS as readonly string[]).includes(env)) {
    const near = closest(env, TARGETS);
    throw new Error(`--env is production or preprod, not "${env}"${near ? `: did you mean --env ${near}?` : ''}`);
  }
  return { command, target: env as Target, values: parsed.values };
}

const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is wrong with a rollout's options, in one sentence (undefined: nothing): a version id, a whole share from 1 to 100, `--from` an id. */
export function rolloutProblem(values: DeployArgs['values']): string | undefined {
  const { version, percent, from } = values as Record<string, string | undefined>;
  if (!version) return '--version is missing: give the id `npm run deploy` printed (`npx wrangler versions list` shows them)';
  if (!VERSION_ID.test(version)) return `--version is the id \`npm run deploy\` printed (\`npx wrangler versions list\` shows them), not "${version}"`;
  if (!/^\d+$/.test(percent ?? '') || Number(percent) < 1 || Number(percent) > 100)
    return `--percent is a whole number from 1 to 100 (10, 50, 100 in turn), not ${percent === undefined ? 'missing' : `"${percent}"`}`;
  if (from !== undefined && !VERSION_ID.test(from)) return `--from is a version id, not "${from}"`;
  return undefined;
}

/**
 * wrangler's `--env` for a target: `preprod`, or `""` for production, the top level (wrangler
 * warns on a command without `--env` in a file that defines environments, and asks for `""`).
 */
export const envFlag = (target: Target): string[] => ['--env', target === 'preprod' ? 'preprod' : ''];

type Route = string | { pattern: string; zone_name?: string; custom_domain?: boolean };

/** What a deploy reads of a target's configuration, as wrangler resolves it (inheritance and all). */
export interface TargetConfig {
  name?: string;
  workers_dev?: boolean;
  routes?: Route[];
  vars: Record<string, unknown>;
  kv_namespaces: { binding: string; id?: string }[];
  d1_databases: { binding: string; database_name?: string; database_id?: string; migrations_dir?: string }[];
  r2_buckets: { binding: string; bucket_name?: string; jurisdiction?: string }[];
  analytics_engine_datasets: { binding: string; dataset?: string }[];
  send_email: { name: string; allowed_sender_addresses?: string[]; destination_address?: string; allowed_destination_addresses?: string[] }[];
  triggers: { crons?: string[] };
}

/** A target's configuration as wrangler resolves it (inheritance and all); its warnings aside (`configWarnings`). */
export function readTarget(configPath: string, target: Target): TargetConfig {
  return unstable_readConfig({ config: configPath, env: target === 'preprod' ? 'preprod' : undefined }, { hideWarnings: true }) as TargetConfig;
}

/**
 * What wrangler warns about a target's configuration (a binding not inherited by an
 * environment, an unknown field), one sentence each, without its colours and frame: the
 * warnings wrangler prints above every command, which a deploy must not scroll past.
 */
export function configWarnings(configPath: string, target: Target): string[] {
  const printed: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  try {
    unstable_readConfig({ config: configPath, env: target === 'preprod' ? 'preprod' : undefined }, { hideWarnings: false });
  } finally {
    console.warn = warn;
  }
  return warningLines(printed.join('\n'));
}

/**
 * wrangler's warnings (`▲ [WARNING] …` and the nested `- …` items under it), one sentence per
 * innermost item, prefixed by the items it is nested in.
 */
export function warningLines(text: string): string[] {
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const out: string[] = [];
  const stack: { indent: number; text: string }[] = [];
  let current: { indent: number; text: string } | undefined;
  let open = false;
  const close = () => {
    if (current) out.push([...stack.map((s) => s.text), current.text].join(': '));
    current = undefined;
  };
  for (const line of lines) {
    const header = /▲ \[WARNING\]\s*(.*)$/.exec(line);
    if (header) {
      close();
      stack.length = 0;
      open = true;
      // The header alone is a warning when no item follows ("Processing wrangler.toml configuration:" is only a title).
      current = /:\s*$/.test(header[1]!) ? undefined : { indent: -1, text: header[1]!.trim() };
      continue;
    }
    // A warning's lines are indented: the first line at the margin is what wrangler prints next.
    if (!open || (line.trim() && !/^\s/.test(line))) {
      close();
      open = false;
      continue;
    }
    const item = /^(\s*)- (.*)$/.exec(line);
    if (item) {
      const indent = item[1]!.length;
      if (current && current.indent >= 0 && indent > current.indent) stack.push(current);
      else close();
      current = undefined;
      while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
      current = { indent, text: item[2]!.trim() };
    } else if (current && line.trim()) current.text += ` ${line.trim()}`;
  }
  close();
  return out;
}

/** The Workers limits on a worker's compressed size (Free and Paid plans), bytes. */
export const WORKER_LIMITS = { free: 3 * 1024 * 1024, paid: 10 * 1024 * 1024 } as const;

/**
 * A placeholder id: the all-zero ids wrangler.toml ships with (`000…0`, `00000000-0000-…-000000000010`),
 * which `wrangler kv namespace create` and `wrangler d1 create` never print.
 */
const isPlaceholderId = (id: string | undefined) => !id || /^0{8}-?0{4}-?0{4}-?0{4}-?0{10}[0-9a-f]{0,2}$/i.test(id);
/** A placeholder public key: the Turnstile site key wrangler.toml ships with. */
const isPlaceholderKey = (key: string) => /replace/i.test(key);

/** The variables every deployed environment must set (the rest may stay empty). */
const REQUIRED_VARS = ['GLOBAL_ORIGIN', 'CN_ORIGIN', 'CN_HOSTS', 'COOKIE_DOMAIN', 'MAIL_FROM', 'TURNSTILE_SITE_KEY'] as const;

const hostOf = (origin: string) => new URL(origin).hostname;
const routeHost = (route: Route) => (typeof route === 'string' ? route : route.pattern).replace(/\/.*$/, '');

/**
 * Every problem with a target's configuration, one sentence each (empty: it can deploy).
 * `other` is the other environment's configuration: the two must share no resource or host.
 */
export function configProblems(config: TargetConfig, target: Target, other?: TargetConfig): string[] {
  const problems: string[] = [];
  const where = target === 'preprod' ? ' --env preprod' : '';
  const say = (line: string) => problems.push(`${target}: ${line}`);

  if (config.workers_dev !== false) say('workers_dev must be false: the site answers on its own hosts only (decision 0030)');
  const routes = (config.routes ?? []).map(routeHost);
  if (routes.length === 0) say('no routes: give the global and the China host (docs/operations.md, "Deploying")');

  for (const kv of config.kv_namespaces) {
    if (isPlaceholderId(kv.id))
      say(
        `KV namespace ${kv.binding} has the placeholder id "${kv.id ?? ''}": run \`npx wrangler kv namespace create ${kv.binding}${where}\` and put the id it prints in wrangler.toml`,
      );
  }
  for (const db of config.d1_databases) {
    const eu = db.binding.endsWith('_EU') ? ' --jurisdiction eu' : '';
    if (isPlaceholderId(db.database_id))
      say(
        `D1 database ${db.binding} (${db.database_name}) has the placeholder id "${db.database_id ?? ''}": run \`npx wrangler d1 create ${db.database_name}${eu}\` and put the id it prints in wrangler.toml`,
      );
  }
  for (const bucket of config.r2_buckets) {
    if (!bucket.bucket_name) say(`R2 bucket ${bucket.binding} has no bucket_name`);
    if (bucket.binding.endsWith('_EU') && bucket.jurisdiction !== 'eu')
      say(`R2 bucket ${bucket.binding} (${bucket.bucket_name}) must say jurisdiction = "eu": EU members' attachments stay in the EU (decision 0013)`);
  }
  if (!config.analytics_engine_datasets.some((d) => d.binding === 'METRICS' && d.dataset))
    say('no Analytics Engine dataset bound as METRICS: the counters have nowhere to go (decision 0037)');

  const vars = config.vars as Record<string, unknown>;
  const text = (name: string) => (typeof vars[name] === 'string' ? (vars[name] as string) : '');
  if (text('ENVIRONMENT') !== 'production') say(`ENVIRONMENT is "${text('ENVIRONMENT')}": a deployed environment is "production" (only signed previews count)`);
  if (text('RELEASE')) say('RELEASE is set in wrangler.toml: leave it empty, the deploy sets it to the release it uploads');
  for (const name of REQUIRED_VARS)
    if (!text(name)) say(`${name} is empty: set it in wrangler.toml${target === 'preprod' ? ' [env.preprod.vars]' : ' [vars]'}`);
  for (const [name, schema] of Object.entries(VARIABLES)) {
    if ((SECRETS as readonly string[]).includes(name) || !text(name)) continue;
    const parsed = schema.safeParse(text(name));
    if (!parsed.success) say(`${name} = "${text(name)}" is invalid: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  if (text('TURNSTILE_SITE_KEY') && isPlaceholderKey(text('TURNSTILE_SITE_KEY')))
    say(`TURNSTILE_SITE_KEY is the placeholder "${text('TURNSTILE_SITE_KEY')}": put the site key of the environment's Turnstile widget`);
  for (const name of ['GLOBAL_ORIGIN', 'CN_ORIGIN'] as const) {
    if (text(name) && !text(name).startsWith('https://')) say(`${name} must be an https origin, not "${text(name)}"`);
  }

  // Origins, hosts and routes agree: the routes are the two origins' hosts, the China origin's
  // host serves the China edition, the cookie domain covers the global host.
  const parse = (name: 'GLOBAL_ORIGIN' | 'CN_ORIGIN') => (VARIABLES[name].safeParse(text(name)).success ? hostOf(text(name)) : undefined);
  const globalHost = parse('GLOBAL_ORIGIN');
  const cnHost = parse('CN_ORIGIN');
  if (globalHost && cnHost) {
    for (const host of [globalHost, cnHost])
      if (!routes.includes(host))
        say(
          `no route for ${host} (from ${host === globalHost ? 'GLOBAL_ORIGIN' : 'CN_ORIGIN'}): add { pattern = "${host}/*", zone_name = "…" } to routes, or correct the origin`,
        );
    for (const host of routes)
      if (host !== globalHost && host !== cnHost)
        say(`route ${host}/* is neither GLOBAL_ORIGIN's host nor CN_ORIGIN's: remove it from routes, or correct the origin`);
    // The worker's own rule (worker/edition/resolve.ts): CN_HOSTS, and any host ending .cn.
    const cnHosts = VARIABLES.CN_HOSTS.safeParse(text('CN_HOSTS'));
    if (cnHosts.success) {
      if (!isChinaHost(cnHost, { cnHosts: cnHosts.data }))
        say(`CN_HOSTS ("${text('CN_HOSTS')}") must name ${cnHost}, CN_ORIGIN's host, or it serves the global edition`);
      if (isChinaHost(globalHost, { cnHosts: cnHosts.data }))
        say(`${globalHost}, GLOBAL_ORIGIN's host, would serve the China edition (CN_HOSTS, or a .cn name)`);
    }
    const cookie = text('COOKIE_DOMAIN').toLowerCase();
    if (cookie && globalHost !== cookie && !globalHost.endsWith(`.${cookie}`))
      say(`COOKIE_DOMAIN "${cookie}" does not cover ${globalHost}: browsers would drop the region cookie`);
    const preprod = VARIABLES.PREPROD_HOSTS.safeParse(text('PREPROD_HOSTS'));
    const listed = preprod.success ? preprod.data : [];
    if (target === 'preprod') {
      for (const host of [globalHost, cnHost]) if (!listed.includes(host)) say(`PREPROD_HOSTS must name ${host}: pre-production's hosts are marked as such`);
    } else if (listed.length) say(`PREPROD_HOSTS must be empty in production, not "${text('PREPROD_HOSTS')}"`);
  }
  for (const route of config.routes ?? []) {
    const zone = typeof route === 'object' ? route.zone_name : undefined;
    if (zone && !routeHost(route).endsWith(zone)) say(`route ${routeHost(route)}/* is not in its zone ${zone}`);
  }

  // Nothing shared with the other environment: a preprod deploy must never write production's data.
  if (other) {
    if (other.name === config.name) say(`its worker name "${config.name}" is the other environment's: a deploy would replace it`);
    const theirs = new Set([
      ...other.kv_namespaces.map((k) => k.id),
      ...other.d1_databases.map((d) => d.database_id),
      ...other.r2_buckets.map((b) => b.bucket_name),
      ...(other.routes ?? []).map(routeHost),
    ]);
    const ours = [
      ...config.kv_namespaces.map((k) => [`KV namespace ${k.binding}`, k.id] as const),
      ...config.d1_databases.map((d) => [`D1 database ${d.binding}`, d.database_id] as const),
      ...config.r2_buckets.map((b) => [`R2 bucket ${b.binding}`, b.bucket_name] as const),
      ...routes.map((host) => [`route`, host] as const),
    ];
    for (const [what, id] of ours) if (id && !isPlaceholderId(id) && theirs.has(id)) say(`${what} ${id} is the other environment's too: give each its own`);
  }
  return problems;
}

/**
 * The mail every environment sends (docs/decisions/0064): password resets, double opt-in
 * confirmations and lucky-draw results go through the `SEND_EMAIL` binding, which no
 * environment inherits from the top level, from `MAIL_FROM`, an address of a domain onboarded
 * to Cloudflare Email Service (docs/operations.md, "Once per environment", step 4).
 */
function mailProblems(config: TargetConfig, target: Target): string[] {
  const binding = (config.send_email ?? []).find((b) => b.name === 'SEND_EMAIL');
  const where = target === 'preprod' ? '[[env.preprod.send_email]]' : '[[send_email]]';
  if (!binding)
    return [
      `${target}: no send_email binding SEND_EMAIL: password resets, confirmations and draw results would never be sent; add ${where} name = "SEND_EMAIL" to wrangler.toml (docs/operations.md, "Once per environment", mail)`,
    ];
  const from = typeof config.vars.MAIL_FROM === 'string' ? config.vars.MAIL_FROM : '';
  const problems: string[] = [];
  if (binding.destination_address || binding.allowed_destination_addresses)
    problems.push(
      `${target}: SEND_EMAIL is restricted to fixed recipients (${where}): members' own addresses could not be sent to; remove destination_address and allowed_destination_addresses`,
    );
  if (from && binding.allowed_sender_addresses && !binding.allowed_sender_addresses.includes(from))
    problems.push(
      `${target}: MAIL_FROM "${from}" is not among SEND_EMAIL's allowed_sender_addresses (${binding.allowed_sender_addresses.join(', ')}): add it, or correct MAIL_FROM`,
    );
  if (!(config.triggers?.crons ?? []).includes(MAIL_SWEEP_CRON))
    problems.push(`${target}: no Cron Trigger "${MAIL_SWEEP_CRON}": mail that could not be sent at once would never be retried; add it to [triggers] crons`);
  return problems;
}

/** What every check before a deploy reads: nothing of it is fetched, so a dry run needs no network and no account. */
interface DeployContext {
  /** The environment deployed. */
  target: Target;
  /** Its configuration as wrangler resolves it. */
  config: TargetConfig;
  /** The other environment's: the two share nothing. */
  other: TargetConfig;
  /** The secrets the deploy found (names and values; a problem names only the name). */
  secrets: Record<string, string>;
  /** wrangler's warnings about the target's configuration, one sentence each. */
  warnings: string[];
  /** Every migration of the target's databases. */
  migrations: MigrationFile[];
  /** The repository's root. */
  root: string;
}

/** A check a deploy runs before it builds or touches anything: each problem one sentence saying what to do (none: it passes). */
export type DeployCheck = (context: DeployContext) => string[];

/**
 * Every check of a deploy, dry run or not, in the order their problems are listed. A new check
 * is one more entry here: it runs in the dry run, in the real deploy before anything is
 * touched, and in CI.
 */
export const CHECKS: readonly DeployCheck[] = [
  ({ config, target, other }) => configProblems(config, target, other),
  ({ config, target }) => mailProblems(config, target),
  ({ warnings, target }) => warnings.map((w) => `${target}: wrangler warns: ${w}`),
  ({ migrations }) => [...new Set(migrations.map((m) => m.folder))].flatMap((folder) => migrationProblems(migrations.filter((m) => m.folder === folder))),
  ({ migrations, root }) => shippedProblems(migrations, readShipped(root)),
  ({ secrets, target }) => secretProblems(secrets, target),
];

/**
 * Reads the secrets a deploy uploads: the environment it runs in (CI maps its secret store to
 * variables of the same names), over a file of `NAME=value` lines or JSON when one is given.
 * What the file gets wrong comes back as problems, one sentence each (never a value): a file
 * that cannot be read, JSON that does not parse, a line that is not `NAME=value`, a name that
 * is a typo of a secret's.
 */
export function readSecrets(env: NodeJS.ProcessEnv, file?: string): { secrets: Record<string, string>; problems: string[] } {
  const fromFile: Record<string, unknown> = {};
  const problems: string[] = [];
  if (file) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      problems.push(
        `--secrets-file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give the path of a file of NAME=value lines or JSON`,
      );
    }
    if (text.trimStart().startsWith('{')) {
      try {
        Object.assign(fromFile, JSON.parse(text) as Record<string, unknown>);
      } catch (error) {
        problems.push(`--secrets-file ${file} is not valid JSON (${(error as Error).message}): write {"NAME": "value", …} or NAME=value lines`);
      }
    } else
      text.split(/\r?\n/).forEach((line, i) => {
        if (/^\s*(#|$)/.test(line)) return;
        const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
        if (m) fromFile[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
        else problems.push(`--secrets-file ${file} line ${i + 1} is not NAME=value: write it as ${SECRETS.find((s) => line.includes(s)) ?? 'NAME'}=value`);
      });
    for (const [name, value] of Object.entries(fromFile)) {
      if ((SECRETS as readonly string[]).includes(name)) {
        if (typeof value !== 'string') problems.push(`--secrets-file ${file}: ${name} must be a string`);
        continue;
      }
      const near = closest(name, SECRETS);
      if (near) problems.push(`--secrets-file ${file} names ${name}, which the worker does not read: did you mean ${near}?`);
    }
  }
  const secrets: Record<string, string> = {};
  for (const name of SECRETS) {
    const value = env[name] || (typeof fromFile[name] === 'string' ? fromFile[name] : '');
    if (value) secrets[name] = value;
  }
  return { secrets, problems };
}

/** How to make a secret's value: the two the site signs with are random; Turnstile's is the widget's. */
const MAKE_SECRET: Record<(typeof SECRETS)[number], string> = {
  PREVIEW_SECRET: 'make one with `openssl rand -base64 32`',
  SESSION_SECRET: 'make one with `openssl rand -base64 48`',
  TURNSTILE_SECRET: "copy it from the environment's Turnstile widget in the dashboard",
  HEALTH_TOKEN: 'make one with `openssl rand -base64 32`',
};

/** Every secret missing or failing its rule, one sentence each, naming where to put it (never its value). */
export function secretProblems(secrets: Record<string, string>, target: Target): string[] {
  return SECRETS.flatMap((name) => {
    const value = secrets[name];
    if (!value) return [`${target}: secret ${name} is not set: add it to the CI secret store of the ${target} environment (or the --secrets-file) as ${name}`];
    const parsed = VARIABLES[name].safeParse(value);
    if (parsed.success) return [];
    const min = (parsed.error.issues[0] as { minimum?: number | bigint } | undefined)?.minimum;
    const why =
      min !== undefined && value.length < Number(min)
        ? `is ${value.length} character${value.length === 1 ? '' : 's'}, under the ${min} it needs`
        : `is invalid (${parsed.error.issues[0]?.message ?? 'invalid'})`;
    return [`${target}: secret ${name} ${why}: ${MAKE_SECRET[name]} and put it in the CI secret store of the ${target} environment (or the --secrets-file)`];
  });
}

/** The worker bundle's size as uploaded: its modules (source maps aside), raw and gzip. */
export function bundleSize(outdir: string): { bytes: number; gzip: number; files: string[] } {
  const files = readdirSync(outdir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.endsWith('.map') && /\.(m?js|wasm|bin|txt|html|json)$/.test(f));
  const buffers = files.map((f) => readFileSync(join(outdir, f)));
  const whole = Buffer.concat(buffers);
  return { bytes: whole.length, gzip: gzipSync(whole).length, files };
}

/** Problems with a bundle's size: over a Workers limit (Free plan) or over our budget. */
export function sizeProblems(size: { gzip: number }): string[] {
  const over: string[] = [];
  if (size.gzip > WORKER_LIMITS.free) over.push(`the worker is ${kib(size.gzip)} gzip, over the Workers Free plan's ${kib(WORKER_LIMITS.free)}`);
  if (size.gzip > BUDGETS.workerGzipBytes)
    over.push(`the worker is ${kib(size.gzip)} gzip, over its budget of ${kib(BUDGETS.workerGzipBytes)} (scripts/quality/budgets.mjs)`);
  return over;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The migration files of a D1 binding (its folder relative to the configuration's), in the order wrangler applies them. */
export function migrationsOf(configDir: string, dir: string | undefined): string[] {
  const path = resolve(configDir, dir ?? 'migrations');
  return existsSync(path)
    ? readdirSync(path)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
}

/** Every shipped migration's fingerprint, `folder/name` → SHA-256 of its statements (migrations/shipped.json, docs/decisions/0063). */
export const readShipped = (root: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(root, 'migrations/shipped.json'), 'utf8')) as { shipped: Record<string, string> }).shipped;

/** The repository's root, which migration folders are named from (`migrations`, `migrations/accounts`). */
const repositoryRoot = resolve(import.meta.dirname, '../..');

/** A D1 binding's migrations with their SQL, its folder named from the repository's root. */
export function readMigrations(configDir: string, dir: string | undefined): MigrationFile[] {
  const path = resolve(configDir, dir ?? 'migrations');
  const folder = relative(repositoryRoot, path).split(sep).join('/');
  return migrationsOf(configDir, dir).map((name) => ({ folder, name, sql: readFileSync(join(path, name), 'utf8') }));
}

/** Every migration of a target's databases, each folder once (the account databases share theirs). */
export function targetMigrations(configDir: string, config: TargetConfig): MigrationFile[] {
  const folders = [...new Set(config.d1_databases.map((db) => resolve(configDir, db.migrations_dir ?? 'migrations')))];
  return folders.flatMap((path) => readMigrations(configDir, path));
}

/** The release a deploy uploads: `RELEASE`, else the commit (12 hex digits), marked when the tree has uncommitted changes. */
export function releaseOf(env: NodeJS.ProcessEnv, commit: string, dirty: boolean): string {
  if (env.RELEASE) return env.RELEASE;
  return `${commit.slice(0, 12)}${dirty ? '-dirty' : ''}`;
}
