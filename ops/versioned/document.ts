/**
 * Ops documents as reviewed, versioned edits (docs/decisions/0029, 0061), for any document
 * kind (ops/versioned/kind.ts): what is in force by the worker's own rule, a file checked and
 * merged over it, the changes in ops' words, a question before anything that drops an entry
 * or takes something live off, a push that lands only on the version it was based on (D1,
 * worker/bundle/versions.ts) and is then copied to KV for the isolates, the history, and a
 * rollback that is a push of an old version.
 */
import { inForceWords, metaOf, versionWords, type InForce, type VersionMeta } from '../../worker/bundle/in-force';
import { recordVersion, recordedVersions, type RecordedVersion } from '../../worker/bundle/versions';
import { OpsError } from '../command/error';
import { count, indent, type Io, type Stores } from '../command/io';
import { isProduction, migrateCommand, targetFlags, targetName, type Target } from '../command/target';
import type { DocumentKind } from './kind';

/** How many versions `history` lists unless `--all`. */
const HISTORY_SHOWN = 10;

/** Where a command works: the document kind, the stores of the target, the terminal. */
export interface Place<D> {
  kind: DocumentKind<D>;
  stores: Stores;
  target: Target;
  io: Io;
}

/** What a target holds of a document, read once. */
export interface State<D> {
  /** The recorded versions, oldest first. */
  versions: RecordedVersion[];
  latest?: RecordedVersion;
  /** What the worker serves, by its rule. */
  inForce: InForce<D>;
  /** Why KV serves something other than the newest recorded version, when it does (a copy that failed, a hand edit). */
  drift?: string;
  /** The versions table is not there yet (migrations not applied). */
  unmigrated: boolean;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A recorded version's document (undefined if it no longer passes the check). */
function recorded<D>(kind: DocumentKind<D>, version: RecordedVersion): D | undefined {
  try {
    return kind.check(JSON.parse(version.body)).document;
  } catch {
    return undefined;
  }
}

/** Why KV's document is not the newest recorded version, if it is not. */
function driftOf<D>(kind: DocumentKind<D>, inForce: InForce<D>, latest: RecordedVersion | undefined): string | undefined {
  if (!latest || inForce.refused) return undefined;
  const newest = versionWords(metaOf(latest));
  if (inForce.source === 'bundled') return `KV holds no ${kind.name} document, yet ${newest} is recorded: it was deleted from KV, or never copied there`;
  const same =
    inForce.meta?.version === latest.version && JSON.stringify(kind.withoutMeta(inForce.document!)) === JSON.stringify(recorded(kind, latest) ?? null);
  if (same) return undefined;
  return inForce.meta?.version === latest.version
    ? `KV's document says it is version ${latest.version} but differs from it as recorded: KV was written by hand`
    : `KV serves ${inForce.meta ? `version ${inForce.meta.version}` : 'a document without a version'}, not the newest recorded, ${newest}: its copy to KV did not finish, or KV was written by hand`;
}

/** Reads the recorded versions and KV's copy, and applies the worker's rule to them. */
export async function readState<D>({ kind, stores }: Place<D>): Promise<State<D>> {
  // Both read at once; when both fail (no credentials), D1's reason is the one told.
  const [read, copy] = await Promise.allSettled([
    recordedVersions(stores.sql, kind.name).then(
      (versions) => ({ versions, unmigrated: false }),
      (error: unknown) => {
        if (/no such table/i.test(message(error))) return { versions: [], unmigrated: true };
        throw error;
      },
    ),
    stores.kv.get(kind.name),
  ]);
  if (read.status === 'rejected') throw read.reason;
  if (copy.status === 'rejected') throw copy.reason;
  const [{ versions, unmigrated }, cached] = [read.value, copy.value];
  const inForce = kind.inForce(cached, versions);
  const latest = versions.at(-1);
  const drift = driftOf(kind, inForce, latest);
  return { versions, ...(latest ? { latest } : {}), inForce, ...(drift ? { drift } : {}), unmigrated };
}

/** `schedule: local KV serves version 7, pushed by …`: which document a command compares against. */
function servedLine<D>({ kind, target }: Place<D>, state: State<D>): string {
  return `${kind.name}: ${targetName(target)} serves ${inForceWords(state.inForce, kind.bundled)}`;
}

/** A refused KV document, in words, with every reason. */
function refusedLines<D>({ kind, target }: Place<D>, state: State<D>): string {
  const refused = state.inForce.refused!;
  return `${kind.name}: ${targetName(target)} holds a document the worker refuses (${refused.meta ? versionWords(refused.meta) : 'no version'}):\n${indent(refused.problems)}`;
}

/** A file ops wrote, checked: the document, or every mistake (an OpsError). */
export function readDocument<D>(kind: DocumentKind<D>, io: Io, file: string): D {
  let text: string;
  try {
    text = io.readFile(file);
  } catch (error) {
    throw new OpsError(`${kind.name}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : message(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new OpsError(`${kind.name}: ${file} is not JSON: ${message(error)}`);
  }
  const { document, errors } = kind.check(json);
  if (!document) throw new OpsError(`${kind.name}: ${file} has ${count(errors.length, 'mistake')}:\n${indent(errors)}`);
  return document;
}

/** The document in force without its meta: what a file merges over. */
const servedDocument = <D>(kind: DocumentKind<D>, state: State<D>) => (state.inForce.document ? kind.withoutMeta(state.inForce.document) : null);

/** What a push would do: the document it makes, and everything ops should read before it writes. */
interface Plan<D> {
  before: D | null;
  after: D;
  replaced: string[];
  dropped: string[];
  changes: string[];
  conflicts: string[];
  risks: string[];
  warnings: string[];
}

function plan<D>(kind: DocumentKind<D>, state: State<D>, next: D, replace: boolean, now: number): Plan<D> {
  const before = servedDocument(kind, state);
  const { document: after, replaced } = replace ? { document: next, replaced: [] } : kind.merge(before, next);
  const kept = kind.entries(after);
  const dropped = before ? [...kind.entries(before).keys()].filter((path) => !kept.has(path)) : [];
  return {
    before,
    after,
    replaced,
    dropped,
    changes: kind.changes(before, after),
    conflicts: kind.conflicts(after),
    risks: [...dropped.map((path) => `drops ${path}: ${kind.dropWords(path)}`), ...kind.risks(before, after, now)],
    warnings: kind.warnings(after),
  };
}

function printWarnings<D>({ kind, io }: Place<D>, warnings: readonly string[]): void {
  if (warnings.length) io.err(`${kind.name}: ${count(warnings.length, 'warning')} (the document still counts):\n${indent(warnings)}`);
}

/** `pull`: the document in force (`merged`: the whole of what is in force), to stdout or a file. */
export async function pull<D>(place: Place<D>, { merged, out }: { merged: boolean; out?: string }): Promise<void> {
  const { kind, io } = place;
  const state = await readState(place);
  io.err(servedLine(place, state));
  if (state.inForce.refused) io.err(refusedLines(place, state));
  if (state.drift) io.err(`${kind.name}: ${state.drift}`);
  const document = merged && kind.whole ? kind.whole(state.inForce.document) : (state.inForce.document ?? kind.empty());
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (out) {
    io.writeFile(out, text);
    io.err(`${kind.name}: written to ${out}`);
  } else io.out(text);
}

/** `check`: a file's mistakes, then the contradictions it would put in force over what is served. */
export async function check<D>(place: Place<D>, file: string): Promise<void> {
  const { kind, io } = place;
  const next = readDocument(kind, io, file);
  const state = await readState(place);
  const p = plan(kind, state, next, false, io.now());
  io.out(`${servedLine(place, state)}; ${file} merged over it:`);
  if (p.conflicts.length) throw new OpsError(`${kind.name}: ${file} would put ${count(p.conflicts.length, 'contradiction')} in force:\n${indent(p.conflicts)}`);
  io.out(`${kind.name}: ${file} is valid`);
  printWarnings(place, p.warnings);
}

/** `diff`: what a push of a file would change, drop, ask about or be refused for. */
export async function diff<D>(place: Place<D>, file: string, { replace }: { replace: boolean }): Promise<void> {
  const { kind, io, target } = place;
  const next = readDocument(kind, io, file);
  const state = await readState(place);
  io.out(servedLine(place, state));
  if (state.inForce.refused) io.err(`${refusedLines(place, state)}\na push is refused while it is there, unless --force`);
  if (state.drift) io.err(`${kind.name}: ${state.drift}; a push is refused until that is settled, unless --force`);
  const p = plan(kind, state, next, replace, io.now());
  if (p.replaced.length) io.out(`replaces ${count(p.replaced.length, 'entry', 'entries')} of the document in force:\n${indent(p.replaced, '~')}`);
  io.out(p.changes.length ? p.changes.join('\n') : `no change: ${file} matches what is in force in ${targetName(target)}`);
  if (p.risks.length) io.out(`a push would ask your yes for:\n${indent(p.risks, '!')}`);
  if (p.conflicts.length) io.out(`a push would be refused for ${count(p.conflicts.length, 'contradiction')}:\n${indent(p.conflicts)}`);
  printWarnings(place, p.warnings);
  if (state.latest) {
    io.out(
      `based on version ${state.latest.version}: \`npm run ops -- ${kind.name} push ${file} --base ${state.latest.version}${targetFlags(target)}\` refuses if another push lands first`,
    );
  }
}

/** What a push is told. */
export interface PushOptions {
  /** The file is the whole document (a rollback's old version is): entries in force that it lacks are dropped. */
  replace: boolean;
  /** Push over a refused document, or over a KV copy that is not the newest recorded version. */
  force: boolean;
  /** Answer yes to every question (CI). */
  yes: boolean;
  /** The version the push must be based on; another newest one refuses it. */
  base?: number;
  /** Who pushes. */
  by: string;
  /** What the push is, as its version records it: `push my-schedule.json`. */
  note: string;
  /** A line before the changes: `rollback to version 3, pushed by …:`. */
  heading?: string;
}

/** The pushes that landed after `since`, and what they changed: the refusal of a push based on `since`. */
async function landedMeanwhile<D>(place: Place<D>, since: number, before: D | null, landed: string): Promise<OpsError> {
  const { kind, stores } = place;
  const versions = await recordedVersions(stores.sql, kind.name);
  const theirs = versions.filter((v) => v.version > since);
  const newest = theirs.at(-1);
  if (!newest) return new OpsError(`${kind.name}: another push got in first; nothing was written: run the push again`);
  const base = versions.find((v) => v.version === since);
  const changes = kind.changes(base ? (recorded(kind, base) ?? before) : before, recorded(kind, newest) ?? null);
  const who = theirs.map((v) => versionWords(metaOf(v))).join('; ');
  return new OpsError(
    `${kind.name}: this push is based on version ${since}, but ${theirs.length === 1 ? `version ${newest.version}` : `versions ${theirs[0]!.version}–${newest.version}`} ${landed} (${who}); nothing was written.\n` +
      `${changes.length ? `Since version ${since}:\n${indent(changes)}` : `They change nothing in force since version ${since}.`}\n` +
      `Run the push again: it merges your file over version ${newest.version} (\`${kind.name} diff\` shows the result first).`,
  );
}

/** Asks before writing what needs a yes: anything in `risks`, and everything on production. */
async function confirm<D>({ kind, io, target }: Place<D>, risks: readonly string[], question: string, yes: boolean): Promise<void> {
  if (risks.length) io.out(`This needs your yes before anything is written:\n${indent(risks, '!')}`);
  if (!risks.length && !isProduction(target)) return;
  if (yes) return;
  if (!io.ask) {
    throw new OpsError(
      `${kind.name}: nothing was written: ${risks.length ? `the push needs a yes for the ${count(risks.length, 'item')} above` : `it writes ${targetName(target)}`}, and nobody is at a terminal to answer: add --yes to confirm`,
    );
  }
  const answer = await io.ask(`${question} Type "yes" to go on: `);
  if (answer.trim().toLowerCase() !== 'yes') throw new OpsError(`${kind.name}: nothing was written`);
}

/**
 * `push`: the file merged over what is in force (or, `replace`, as the whole document),
 * checked, its changes shown, a yes asked for what it drops or takes off (and always on
 * production), recorded as the next version only if none landed since the one it is based
 * on, then copied to KV.
 */
export async function push<D>(place: Place<D>, next: D, options: PushOptions, read?: State<D>): Promise<void> {
  const { kind, io, target, stores } = place;
  const name = targetName(target);
  // Production asks first; with nobody at a terminal to answer, --yes must say so before anything is read.
  if (isProduction(target) && !options.yes && !io.ask) {
    throw new OpsError(`${kind.name}: ${options.note} writes ${name}; not run from a terminal, so add --yes to confirm`);
  }
  const state = read ?? (await readState(place));
  if (state.unmigrated)
    throw new OpsError(`${kind.name}: ${name}'s D1 has no versions table yet: run ${migrateCommand(target)}, then push again; nothing was written`);
  io.out(servedLine(place, state));
  const latest = state.latest?.version ?? 0;
  if (state.inForce.refused) {
    if (!options.force) {
      // The version serving meanwhile is the one to name: rolling back to it replaces the refused document with what the site shows.
      const good = state.inForce.source === 'version' ? state.inForce.meta?.version : undefined;
      throw new OpsError(
        `${refusedLines(place, state)}\nNothing was pushed: a push over it is based on what is in force (above), not on it. ` +
          `Add --force to push anyway (it replaces the refused document), or ${
            good === undefined ? 'restore a version' : `put version ${good}, which serves meanwhile, back in KV`
          }: npm run ops -- ${kind.name} rollback ${good ?? 'VERSION'}${targetFlags(target)}`,
      );
    }
    io.err(`${refusedLines(place, state)}\n${options.heading ? 'the rollback replaces it' : '--force: this push replaces it'}`);
  }
  if (state.drift) {
    if (!options.force) {
      throw new OpsError(
        `${kind.name}: ${state.drift}. Nothing was pushed: serve the newest version again with \`npm run ops -- ${kind.name} rollback ${latest}${targetFlags(target)}\`, or add --force to push over what is served`,
      );
    }
    io.err(`${kind.name}: ${state.drift}; ${options.heading ? 'the rollback is based on what is served' : '--force: this push is based on what is served'}`);
  }
  const p = plan(kind, state, next, options.replace, io.now());
  if (options.base !== undefined && options.base !== latest) throw await landedMeanwhile(place, options.base, p.before, 'is the newest');
  if (p.conflicts.length) {
    throw new OpsError(
      `${kind.name}: ${options.note} would put ${count(p.conflicts.length, 'contradiction')} in force; nothing was pushed:\n${indent(p.conflicts)}`,
    );
  }
  if (options.heading) io.out(options.heading);
  if (p.replaced.length) io.out(`replaces ${count(p.replaced.length, 'entry', 'entries')} of the document in force:\n${indent(p.replaced, '~')}`);
  io.out(p.changes.length ? `${count(p.changes.length, 'change')}:\n${indent(p.changes)}` : 'no change to what is in force');
  if (!state.inForce.refused && !state.drift && JSON.stringify(p.after) === JSON.stringify(p.before)) {
    io.out(`${kind.name}: ${name} serves that document already; nothing was pushed`);
    return;
  }
  printWarnings(place, p.warnings);
  const claimed = [state.inForce.meta?.version, state.inForce.refused?.meta?.version].filter((v): v is number => v !== undefined);
  const version = Math.max(latest, ...claimed) + 1;
  await confirm(place, p.risks, `Push version ${version} to ${name}?`, options.yes);
  const meta: VersionMeta = { version, pushedBy: options.by, pushedAt: new Date(io.now()).toISOString(), note: options.note };
  const record: RecordedVersion = { version, base: latest, body: JSON.stringify(p.after), pushedBy: meta.pushedBy, pushedAt: meta.pushedAt, note: meta.note! };
  if (!(await recordVersion(stores.sql, kind.name, record))) throw await landedMeanwhile(place, latest, p.before, 'landed meanwhile');
  try {
    await stores.kv.put(kind.name, JSON.stringify(kind.withMeta(p.after, meta)));
  } catch (error) {
    throw new OpsError(
      `${kind.name}: version ${version} is recorded, but copying it to ${name} failed (${message(error)}), so the isolates still serve what they did: run \`npm run ops -- ${kind.name} rollback ${version}${targetFlags(target)}\` to serve it`,
      error instanceof OpsError ? error.detail : undefined,
    );
  }
  io.out(`${kind.name}: ${name} now holds ${versionWords(meta)}; isolates pick it up within a minute`);
}

/** `history`: the recorded versions, newest last, the one in force marked `*`. */
export async function history<D>(place: Place<D>, { all }: { all: boolean }): Promise<void> {
  const { kind, io, target } = place;
  const state = await readState(place);
  if (!state.versions.length) {
    io.out(`${kind.name}: ${targetName(target)} has no recorded version; it serves ${inForceWords(state.inForce, kind.bundled)}`);
    return;
  }
  const served = state.inForce.source === 'bundled' || state.drift ? undefined : state.inForce.meta?.version;
  const shown = all ? state.versions : state.versions.slice(-HISTORY_SHOWN);
  if (shown.length < state.versions.length) io.out(`(the last ${shown.length} of ${state.versions.length}; --all lists every one)`);
  for (const v of shown) io.out(`${v.version === served ? '*' : ' '} ${versionWords(metaOf(v))}`);
  if (state.inForce.refused) io.err(refusedLines(place, state));
  if (state.drift) io.err(`${kind.name}: ${state.drift}`);
}

/**
 * `rollback [VERSION]`: an old version (by default the one before the version in force; while
 * KV holds a refused document, the last good one that serves meanwhile)
 * pushed again as a new version, with what it changes, drops and takes off in ops' words and
 * the same questions as any push. It is also how a version is served again when KV lost it.
 */
export async function rollback<D>(place: Place<D>, wanted: number | undefined, options: Pick<PushOptions, 'yes' | 'by' | 'base'>): Promise<void> {
  const { kind, target } = place;
  const state = await readState(place);
  const current = state.inForce.source === 'bundled' ? undefined : state.inForce.meta?.version;
  // While KV holds a refused document, the version serving meanwhile is the one to put back.
  const number = wanted ?? (state.inForce.refused && current !== undefined ? current : (current ?? state.latest?.version ?? 0) - 1);
  const version = state.versions.find((v) => v.version === number);
  const kept = state.versions.map((v) => v.version);
  if (!version) {
    const recordedRange = kept.length ? `it records versions ${kept[0]}–${kept.at(-1)}` : 'it records none';
    throw new OpsError(
      wanted === undefined && current === undefined && !state.latest
        ? `${kind.name}: ${targetName(target)} has no version to roll back from (${recordedRange})`
        : `${kind.name}: ${targetName(target)} has no version ${number} (${recordedRange})`,
    );
  }
  const document = recorded(kind, version);
  if (!document) throw new OpsError(`${kind.name}: version ${number} no longer passes the check, so it cannot be served again`);
  await push(
    place,
    document,
    { ...options, replace: true, force: true, note: `rollback to version ${number}`, heading: `rollback to ${versionWords(metaOf(version))}:` },
    state,
  );
}
