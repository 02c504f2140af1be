import { env } from 'cloudflare:test';
import type { Io, Kv } from '../../../ops/command/io';
import { runOps } from '../../../ops/run';
import { d1Sql } from '../../../worker/bundle/versions';
import { store } from '../../../worker/context/content';

/**
 * The ops command run in this isolate (ops/run.ts), as ops would run it, against the test's
 * own D1 and KV bindings (every target names them): files in memory, answers given in
 * advance (none: nobody at a terminal), the clock set.
 */
export interface Terminal {
  /** Runs a command line; its exit code, stdout and stderr. */
  ops(...argv: string[]): Promise<{ code: number; out: string; err: string; asked: string[] }>;
  /** The files the commands read and write. */
  files: Map<string, string>;
  /** Writes a file as JSON and answers its name. */
  file(name: string, json: unknown): string;
}

/** What a command asks: a fixed answer, or a function (to hold two pushes at their question). */
type Answer = string | ((question: string) => Promise<string>);

/** The CONTENT binding as the command's KV (the store forgets what it read, as an isolate would within a minute). */
const kv: Kv = {
  get: (key) => env.CONTENT.get(key),
  async put(key, value) {
    await env.CONTENT.put(key, value);
    store.forget();
  },
};

export function terminal({ now, answers, env: vars = {} }: { now: number; answers?: Answer[]; env?: Record<string, string> }): Terminal {
  const files = new Map<string, string>();
  const queue = answers ? [...answers] : undefined;
  return {
    files,
    file(name, json) {
      files.set(name, JSON.stringify(json));
      return name;
    },
    async ops(...argv) {
      const out: string[] = [];
      const err: string[] = [];
      const asked: string[] = [];
      const io: Io = {
        out: (text) => out.push(text.replace(/\n$/, '')),
        err: (text) => err.push(text.replace(/\n$/, '')),
        ...(queue
          ? {
              async ask(question: string) {
                asked.push(question);
                const answer = queue.shift() ?? '';
                return typeof answer === 'string' ? answer : answer(question);
              },
            }
          : {}),
        readFile(path) {
          const text = files.get(path);
          if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' });
          return text;
        },
        writeFile: (path, text) => void files.set(path, text),
        now: () => now,
        env: (name) => vars[name],
        who: () => 'ops@example.com',
        d1: (binding) => d1Sql(env[binding as 'DB']),
        kv: () => kv,
        repoFile: () => '/* ops.css */',
      };
      const code = await runOps(argv, io);
      return { code, out: out.join('\n'), err: err.join('\n'), asked };
    },
  };
}

/** Leaves the stores as a test found them: no recorded versions, no schedule in KV. */
export async function clearSchedule(): Promise<void> {
  await env.DB.prepare("DELETE FROM ops_versions WHERE document = 'schedule'").run();
  await env.CONTENT.delete('schedule');
  store.forget();
}

/** The recorded versions' numbers. */
export async function versionNumbers(): Promise<number[]> {
  const { results } = await env.DB.prepare("SELECT version FROM ops_versions WHERE document = 'schedule' ORDER BY version").all<{ version: number }>();
  return results.map((r) => r.version);
}
