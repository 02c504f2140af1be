/**
 * What a command needs from the world, so that it runs the same from a terminal
 * (ops/cli.ts: the process, the files, wrangler) and in a test (the D1 and KV bindings,
 * files in memory, answers given in advance).
 */
import type { Sql } from '../../worker/bundle/versions';
import type { Target } from './target';

/** Text values by key (KV): the copy of each ops document the isolates read. */
export interface Kv {
  /** The value, or null when the key holds none. */
  get(key: string): Promise<string | null>;
  put(key: string, value: string): Promise<void>;
}

/** Where a target's documents live: the versions in D1, the copy the isolates read in KV. */
export interface Stores {
  sql: Sql;
  kv: Kv;
}

/** A command's view of the world. */
export interface Io {
  /** What the command answers (a document, a CSV, the changes): stdout. */
  out(text: string): void;
  /** What happens and what is wrong: stderr. */
  err(text: string): void;
  /** Asks a question and waits for the answer; absent when nobody is at a terminal to answer. */
  ask?: (question: string) => Promise<string>;
  /** A file's text (throws as `fs.readFileSync` does). */
  readFile(path: string): string;
  /** Writes a file, making its folder. */
  writeFile(path: string, text: string): void;
  /** The moment the command runs at, ms. */
  now(): number;
  /** An environment variable. */
  env(name: string): string | undefined;
  /** Who is pushing when `--by` does not say: git's user.email, else the login name. */
  who(): string;
  /** A D1 database of wrangler.toml (`DB`, `ACCOUNTS_US`…) at a target. */
  d1(binding: string, target: Target): Sql;
  /** The CONTENT namespace at a target. */
  kv(target: Target): Kv;
  /** Files the repository holds (the timeline's stylesheet), by path from its root. */
  repoFile(path: string): string;
}

/** `1 entry`, `3 entries`. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Lines indented under a heading, each after `mark` when given (`-`, `~`, `!`). */
export const indent = (lines: readonly string[], mark?: string) => lines.map((l) => `  ${mark ? `${mark} ` : ''}${l}`).join('\n');
