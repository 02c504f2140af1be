/**
 * Which ops document is in force (docs/decisions/0061): the one rule the worker serves by and
 * the ops command compares against (`pull`, `diff`, `check`, `push`, `roll`, the timeline).
 * The document KV holds counts when it passes its check; a refused one gives way to the
 * newest recorded version that passes (D1's `ops_versions`, worker/bundle/versions.ts), and
 * with none, to the bundled defaults. An isolate that cannot read the versions keeps the last
 * good document it saw (worker/bundle/store.ts): a fault, not the rule.
 */
import { DEFAULT_SCHEDULE } from '../../content/schedule';
import type { Schedule, ScheduleMeta } from '../../content/schema/schedule';
import { checkSchedule, problemLine } from '../clock/check';
import { mergeSchedule } from '../clock/merge';
import type { RecordedVersion } from './versions';

/** Who pushed a version, when, and what the push was (the schedule's `meta`; every ops document's). */
export type VersionMeta = ScheduleMeta;

/** What a document's check says: the document, or every reason to refuse it as a line. */
type Checked<D> = { document: D; problems?: undefined } | { document?: undefined; problems: string[] };

/** Which document is in force, and why. */
export interface InForce<D> {
  /** KV's document; the newest good recorded version (KV's was refused); or the bundled defaults alone. */
  source: 'kv' | 'version' | 'bundled';
  /** The document served over the bundled defaults, with its meta; none for the bundled defaults. */
  document: D | null;
  /** Its version, who pushed it and when (a document written to KV by hand has none). */
  meta?: VersionMeta;
  /** KV's document when its check refuses it: what it says it is, and every reason. */
  refused?: { meta?: VersionMeta; problems: string[] };
}

/** What a stored document claims about itself, read loosely (a refused document may have a broken `meta`). */
function claimedMeta(json: unknown): VersionMeta | undefined {
  const meta = (json as { meta?: unknown } | null)?.meta as Partial<VersionMeta> | undefined;
  return meta && typeof meta.version === 'number' && typeof meta.pushedBy === 'string' && typeof meta.pushedAt === 'string' ? (meta as VersionMeta) : undefined;
}

/** A recorded version's meta. */
export const metaOf = (v: RecordedVersion): VersionMeta => ({
  version: v.version,
  pushedBy: v.pushedBy,
  pushedAt: v.pushedAt,
  ...(v.note ? { note: v.note } : {}),
});

/** A stored text through a check: not JSON is a reason to refuse it like any other. */
function checkText<D>(text: string, check: (json: unknown) => Checked<D>): Checked<D> & { json?: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problems: [`not JSON: ${(error as Error).message}`] };
  }
  return { ...check(json), json };
}

/**
 * The rule, for any ops document: `cached` is the text KV holds (null: none), `versions` the
 * recorded versions (any order; only read when KV's document is refused, so the worker asks
 * D1 for them only then).
 */
function documentInForce<D>(cached: string | null, versions: readonly RecordedVersion[], check: (json: unknown) => Checked<D>): InForce<D> {
  if (cached === null) return { source: 'bundled', document: null };
  const kv = checkText(cached, check);
  if (kv.document !== undefined) {
    const meta = claimedMeta(kv.json);
    return { source: 'kv', document: kv.document, ...(meta ? { meta } : {}) };
  }
  const meta = claimedMeta(kv.json);
  const refused = { ...(meta ? { meta } : {}), problems: kv.problems ?? [] };
  for (const version of versions.toSorted((a, b) => b.version - a.version)) {
    const good = checkText(version.body, check);
    if (good.document !== undefined) return { source: 'version', document: good.document, meta: metaOf(version), refused };
  }
  return { source: 'bundled', document: null, refused };
}

/** The schedule's check, as the rule reads it. */
const checkScheduleDocument = (json: unknown): Checked<Schedule> => {
  const result = checkSchedule(json);
  return result.schedule ? { document: result.schedule } : { problems: result.errors.map(problemLine) };
};

/** The schedule in force: which document, and the whole schedule it makes (the bundled defaults with it over them). */
export interface ScheduleInForce extends InForce<Schedule> {
  schedule: Schedule;
}

/** The rule for the schedule (KV key `schedule`): the document in force merged over the bundled defaults. */
export function scheduleInForce(cached: string | null, versions: readonly RecordedVersion[]): ScheduleInForce {
  const status = documentInForce(cached, versions, checkScheduleDocument);
  const document = status.document && status.source === 'version' ? { ...status.document, meta: status.meta } : status.document;
  return { ...status, document, schedule: mergeSchedule(DEFAULT_SCHEDULE, document) };
}

/** `2026-11-26 10:02 UTC` from an ISO instant. */
const minute = (iso: string) => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** `version 7, pushed by ana@example.com on 2026-11-26 10:02 UTC (push my-schedule.json)` */
export const versionWords = (meta: VersionMeta) =>
  `version ${meta.version}, pushed by ${meta.pushedBy} on ${minute(meta.pushedAt)}${meta.note ? ` (${meta.note})` : ''}`;

/**
 * Which document is in force, in one sentence ops read in the command's output and on the
 * timeline: `version 7, pushed by …`, `version 6, the last good one: KV's document (version 8,
 * pushed by …) is refused`, `the bundled schedule (KV holds no document)`.
 */
export function inForceWords(status: InForce<unknown>, bundled = 'the bundled schedule'): string {
  const refused = status.refused ? `KV's document (${status.refused.meta ? versionWords(status.refused.meta) : 'no version'}) is refused` : undefined;
  switch (status.source) {
    case 'kv':
      return status.meta ? versionWords(status.meta) : 'a document written to KV without the ops command (no version)';
    case 'version':
      return `${versionWords(status.meta!)}, the last good one: ${refused}`;
    case 'bundled':
      return refused ? `${bundled}: ${refused}, and no recorded version passes the check` : `${bundled} (KV holds no document)`;
  }
}
