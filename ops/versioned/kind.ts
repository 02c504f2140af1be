/**
 * What an ops document is to the versioned-document machinery (ops/versioned/document.ts):
 * its check, the worker's in-force rule for it, how a file merges over it entry by entry, and
 * what a change means in ops' words. The schedule is one (ops/schedule/kind.ts); stock per
 * edition and media are meant to be the next, validated, diffed, confirmed, versioned and
 * rolled back the same way.
 */
import type { InForce, VersionMeta } from '../../worker/bundle/in-force';
import type { RecordedVersion } from '../../worker/bundle/versions';

/** An ops document kind. */
export interface DocumentKind<D> {
  /** Its name: the command's first word, the `document` of its versions in D1, and its KV key. */
  name: string;
  /** What serves when no document is in force: `the bundled schedule`. */
  bundled: string;
  /** The worker's rule for it (worker/bundle/in-force.ts): KV's copy, the last good version, or the bundled defaults. */
  inForce(cached: string | null, versions: readonly RecordedVersion[]): InForce<D>;
  /** A file as ops wrote it: the document without meta, or every mistake as a line saying where and what to write. */
  check(json: unknown): { document?: D; errors: string[] };
  /** The document without its meta (what a version records). */
  withoutMeta(document: D): D;
  /** The document with its meta (what KV holds). */
  withMeta(document: D, meta: VersionMeta): D;
  /** A document that sets nothing. */
  empty(): D;
  /** Every entry by path (`campaigns.black-friday.de`): what a push replaces or drops. */
  entries(document: D): Map<string, unknown>;
  /** A file merged over the document in force, entry by entry; `replaced` names the entries it changes or shadows. */
  merge(base: D | null, next: D): { document: D; replaced: string[] };
  /** What changes for visitors between two documents in force, one line each, in ops' words. */
  changes(before: D | null, after: D | null): string[];
  /** An entry a push drops, in words: what it was, and what takes its place. */
  dropWords(path: string): string;
  /** What a change takes off or puts live at `now` that ops must confirm (drops are listed apart). */
  risks(before: D | null, after: D | null, now: number): string[];
  /** What is wrong with the document in force a push would make: a push is refused while there is any. */
  conflicts(after: D | null): string[];
  /** Contradictions worth a look: the document still counts. */
  warnings(after: D | null): string[];
  /** The whole of what is in force (the document over the bundled defaults), for `pull --merged`. */
  whole?(document: D | null): unknown;
}
