/**
 * The ops command's way to D1 and KV: wrangler's own commands (`d1 execute --json`, `kv key
 * get|put`, all generally available), on wrangler.toml's resources of a target, local or in
 * Cloudflare's account (docs/decisions/0061). Whatever wrangler says when it fails becomes one
 * line saying what to do — missing credentials, a refused token, no network — with its own
 * output, escape codes removed, kept for `--verbose`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sql, SqlValue, Statement } from '../worker/bundle/versions';
import { OpsError } from './command/error';
import type { Kv } from './command/io';
import type { Target } from './command/target';

const root = join(import.meta.dirname, '..');
const wrangler = join(root, 'node_modules/wrangler/bin/wrangler.js');

/** wrangler's flags for a target: `--env preprod`, and `--local [--persist-to DIR]` or `--remote`. */
function where(t: Target): string[] {
  return [
    ...(t.env === 'preprod' ? ['--env', 'preprod'] : []),
    ...(t.local ? ['--local', ...(t.persistTo ? ['--persist-to', t.persistTo] : [])] : ['--remote']),
  ];
}

/** `production D1 (DB)`, `local KV (CONTENT)`: what a failure was about. */
const placeName = (t: Target, what: string) => `${t.local ? 'local' : t.env === 'preprod' ? 'pre-production' : 'production'} ${what}`;

// Escape sequences (colours, cursor moves) as terminals read them.
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;

/** wrangler's output without escape codes, its banner or blank lines. */
const plain = (text: string) =>
  text
    .replace(ANSI, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && !/^(\s*⛅️|─+$)/.test(l))
    .join('\n');

/** The error wrangler reported: the `--json` error's text, else its `[ERROR]` line, else its last line. */
function reported(stdout: string, stderr: string): string {
  try {
    const json = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { error?: { text?: string } };
    if (json.error?.text) return json.error.text;
  } catch {
    // Not wrangler's JSON error.
  }
  const lines = plain(`${stderr}\n${stdout}`).split('\n');
  const error = lines.find((l) => /\[ERROR\]/.test(l));
  return (error ?? lines.filter((l) => !/Logs were written/.test(l)).at(-1) ?? 'no output').replace(/^.*\[ERROR\]\s*/, '').trim();
}

/**
 * What to do about a wrangler failure, in one line: credentials, a refused token, the
 * network, a resource wrangler.toml names that the account lacks; else wrangler's own words.
 */
export function wranglerProblem(what: string, stdout: string, stderr: string): OpsError {
  const said = reported(stdout, stderr);
  const detail = plain(`${stderr}\n${stdout}`);
  const line = (() => {
    if (/CLOUDFLARE_API_TOKEN|not (logged in|authenticated)|wrangler login/i.test(said)) {
      return `${what}: wrangler has no Cloudflare credentials here: set CLOUDFLARE_API_TOKEN to an API token allowed to edit D1 and Workers KV (or run \`npx wrangler login\` at a terminal), then run the command again`;
    }
    if (/Authentication error|Invalid (API|access) token|Unauthorized|\b10000\b|\b9109\b/i.test(said)) {
      return `${what}: Cloudflare refused the API token: check CLOUDFLARE_API_TOKEN (it needs D1 and Workers KV edit rights on the account), then run the command again`;
    }
    if (/fetch failed|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|socket hang up|network/i.test(`${said}\n${detail}`)) {
      return `${what}: Cloudflare's API could not be reached (network): check the connection, then run the command again`;
    }
    if (/no such table/i.test(said)) return `${what}: ${said}`;
    if (/Couldn't find|could not find|does not exist|not found/i.test(said)) {
      return `${what}: ${said}: wrangler.toml's id for it must name one in the account (docs/operations.md, "Once per environment")`;
    }
    return `${what}: wrangler failed: ${said}`;
  })();
  return new OpsError(line, detail);
}

/** Runs wrangler; its stdout, or an OpsError in one line. */
function run(args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [wrangler, ...args],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        // CI: wrangler asks nothing (it says what it needs instead); no metrics, no colours.
        env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (error, stdout, stderr) => (error ? reject(wranglerProblem(what, stdout, stderr)) : resolve(stdout)),
    );
  });
}

/** A value as an SQL literal: a string as UTF-8 hex, so no quote, semicolon or line break in it reaches wrangler's statement splitter. */
function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`only whole numbers are written into SQL here, not ${value}`);
    return String(value);
  }
  return `CAST(X'${Buffer.from(value, 'utf8').toString('hex')}' AS TEXT)`;
}

/** A statement with its values written in (`wrangler d1 execute --command` binds none). */
export function inline({ sql, params }: Statement): string {
  let i = 0;
  const text = sql.replace(/\?/g, () => literal(params[i++] ?? null));
  if (i !== params.length) throw new Error(`the statement has ${i} placeholders for ${params.length} values`);
  return text;
}

/** The longest command line wrangler is given: one argument may not pass 128 KiB on Linux. */
const LONGEST_COMMAND = 120_000;

/** A D1 database of wrangler.toml at a target, through `wrangler d1 execute --json`. */
export function wranglerD1(binding: string, t: Target): Sql {
  const what = placeName(t, `D1 (${binding})`);
  return {
    async all<T>(statement: Statement) {
      const command = inline(statement);
      if (command.length > LONGEST_COMMAND)
        throw new OpsError(`${what}: the document is too large to write in one command (${command.length} characters of SQL)`);
      const out = await run(['d1', 'execute', binding, '--json', '--command', command, ...where(t)], what);
      return (JSON.parse(out.slice(out.indexOf('['))) as { results: T[] }[]).flatMap((r) => r.results);
    },
  };
}

/** The CONTENT namespace at a target, through `wrangler kv key get|put`. */
export function wranglerKv(t: Target): Kv {
  const what = placeName(t, 'KV (CONTENT)');
  const flags = ['--binding', 'CONTENT', ...where(t)];
  return {
    async get(key) {
      const out = await run(['kv', 'key', 'get', key, '--text', ...flags], what);
      // wrangler ends the value with a line break of its own.
      const value = out.endsWith('\n') ? out.slice(0, -1) : out;
      return value === 'Value not found' ? null : value;
    },
    async put(key, value) {
      const dir = mkdtempSync(join(tmpdir(), 'ops-kv-'));
      try {
        const file = join(dir, 'value');
        writeFileSync(file, value);
        await run(['kv', 'key', 'put', key, '--path', file, ...flags], what);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
