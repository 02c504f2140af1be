// `npm run ops -- …` from a terminal: the commands of ops/run.ts (`npm run ops -- help` lists
// them) with this process's files, environment and terminal, and D1 and KV through wrangler.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { Io } from './command/io';
import { runOps } from './run';
import { wranglerD1, wranglerKv } from './wrangler';

const root = join(import.meta.dirname, '..');

/** git's user.email, else the login name. */
function who(): string {
  try {
    const email = execFileSync('git', ['config', 'user.email'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (email) return email;
  } catch {
    // No git, or no user configured.
  }
  return userInfo().username;
}

const io: Io = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  // Only a person at a terminal can answer a question.
  ...(process.stdin.isTTY
    ? {
        async ask(question: string) {
          const rl = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return await rl.question(question);
          } finally {
            rl.close();
          }
        },
      }
    : {}),
  readFile: (path) => readFileSync(path, 'utf8'),
  writeFile(path, text) {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    writeFileSync(path, text);
  },
  now: () => Date.now(),
  env: (name) => process.env[name],
  who,
  d1: wranglerD1,
  kv: wranglerKv,
  repoFile: (path) => readFileSync(join(root, path), 'utf8'),
};

process.exitCode = await runOps(process.argv.slice(2), io);
