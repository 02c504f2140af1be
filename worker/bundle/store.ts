import { EDITIONS, type Region } from '../../content/editions';
import { Bundle } from '../../content/schema/bundle';
import type { Schedule } from '../../content/schema/schedule';
import { bundledCopy } from './build';
import { inForceWords, scheduleInForce, type ScheduleInForce } from './in-force';
import { d1Sql, recordedVersions } from './versions';
import { logEvent } from '../log';
import { note } from '../metrics';

/** Options of the content store. */
interface StoreOptions {
  /** How long a value read from KV is kept in isolate memory, in ms. */
  memoryTtl: number;
  /** How long KV's own edge cache keeps a value, in seconds (KV's minimum is 60). */
  kvCacheTtl: number;
  /** How long a KV read may take before the store gives up on it, in ms. */
  kvTimeout: number;
  /** The clock used for memory expiry (not the preview clock). */
  clock: () => number;
  /** Where problems are reported. */
  log: (fault: ContentFault) => void;
}

/**
 * A problem with a KV document, as one structured warning (Workers Logs index its fields):
 * `unusable` (KV threw, timed out, or the document is corrupt or off-schema), `wrong-edition`
 * (a bundle naming another edition than the key it is stored under: the version is given),
 * `missing` (no bundle stored under the key: the bundled copy serves), `schedule-rejected` (the
 * KV schedule failed the ops check: its problems, once per document).
 */
export interface ContentFault {
  message: string;
  key: string;
  fault: 'unusable' | 'wrong-edition' | 'missing' | 'schedule-rejected';
  /** The rejected document's version (wrong-edition), or what identifies it (schedule-rejected). */
  version?: string;
  /** Who pushed a refused schedule, and when (schedule-rejected, when the document says). */
  pushedBy?: string;
  pushedAt?: string;
  /** Why a schedule was refused, one line per mistake, `path: message` (schedule-rejected). */
  problems?: readonly string[];
}

const DEFAULT_OPTIONS: StoreOptions = {
  memoryTtl: 30_000,
  kvCacheTtl: 60,
  kvTimeout: 1_500,
  clock: () => Date.now(),
  log: (fault) => logEvent({ ...fault }),
};

/** A bundle stored under another edition's key: rejected, the last good or bundled copy serves. */
class WrongEdition extends Error {
  constructor(
    readonly bundle: Bundle,
    region: Region,
  ) {
    super(`names edition ${bundle.region} (${bundle.locale}), stored under ${region} (${EDITIONS[region].locale})`);
  }
}

/**
 * KV key of a region's bundle: of one release (`bundle:us@<release>`, what a deployed version
 * reads, so it never meets content built for other code: decision 0037), or unversioned
 * (`bundle:us`, local runs).
 */
export const bundleKey = (region: Region, release?: string) => (release ? `bundle:${region}@${release}` : `bundle:${region}`);

/** The edition a KV key is for (`bundle:us@…` → us), `-` for the schedule: the counters' edition. */
const editionOfKey = (key: string) => /^bundle:([a-z]+)/.exec(key)?.[1] ?? '-';
/** KV key of the ops schedule. */
export const SCHEDULE_KEY = 'schedule';

/**
 * Which schedule is in force and why (the timeline page says it): the rule of
 * worker/bundle/in-force.ts, with the whole schedule it makes.
 */
export type ScheduleStatus = ScheduleInForce;

/** How many recorded versions the worker reads for the last good one when KV's document is refused. */
const LAST_GOOD_VERSIONS = 10;

/** KV's schedule text as one read got it: one object per read, so its status is worked out once. */
interface CachedText {
  text: string | null;
}

/** A short hash of a document, to tell one unversioned document from another. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * Content by region: isolate memory (short TTL) → KV → the copy compiled into the worker.
 * A KV value that is missing, slow, unreadable or fails its schema is a miss; the last good
 * value (else the bundled one) answers. Concurrent misses share one KV read.
 */
export class ContentStore {
  private readonly options: StoreOptions;
  private readonly memory = new Map<string, Entry<unknown>>();
  private readonly lastGood = new Map<string, unknown>();
  private readonly inflight = new Map<string, { promise: Promise<unknown>; started: number }>();
  /** The schedule in force per KV read, worked out once (its check, a refused document's recorded versions). */
  private readonly statuses = new WeakMap<CachedText, Promise<ScheduleStatus>>();
  /** The last KV schedule document that passed, for when the recorded versions cannot be read. */
  private lastGoodSchedule: ScheduleStatus | undefined;
  /** Faults already reported that need not be again: a wrong-edition bundle per version, a missing bundle until it is back. */
  private readonly reported = new Set<string>();

  constructor(options: Partial<StoreOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Drops what memory holds, so the next read goes to KV (tests, and after an ops push). */
  forget(): void {
    this.memory.clear();
  }

  /**
   * The content bundle of a region. A bundle must name the edition it is stored under (its
   * region and that edition's locale): one that names another is rejected and logged once per
   * version, and the last good one, else the bundled copy, serves. No bundle in KV is logged
   * once too (the bundled copy serves), until one is stored again.
   */
  bundle(kv: KVNamespace, region: Region, release?: string): Promise<Bundle> {
    return this.read(
      kv,
      bundleKey(region, release),
      (text) => {
        const bundle = Bundle.parse(JSON.parse(text));
        if (bundle.region !== region || bundle.locale !== EDITIONS[region].locale) throw new WrongEdition(bundle, region);
        return bundle;
      },
      () => bundledCopy(region),
      true,
    );
  }

  /**
   * The schedule in force (worker/bundle/in-force.ts): the bundled defaults with KV's document
   * over them; when that is refused, the newest recorded version that passes (D1 `db`).
   */
  async schedule(kv: KVNamespace, db?: D1Database): Promise<Schedule> {
    return (await this.scheduleStatus(kv, db)).schedule;
  }

  /** The schedule in force and where it comes from: KV (who pushed it, when), the last good version, or bundled; and KV's document when refused. */
  async scheduleStatus(kv: KVNamespace, db?: D1Database): Promise<ScheduleStatus> {
    const cached = await this.read<CachedText>(
      kv,
      SCHEDULE_KEY,
      (text) => ({ text }),
      () => ({ text: null }),
      false,
    );
    let status = this.statuses.get(cached);
    if (!status) this.statuses.set(cached, (status = this.resolveSchedule(cached.text, db)));
    return status;
  }

  /** The rule at one KV read: the recorded versions are read only when KV's document is refused. */
  private async resolveSchedule(text: string | null, db: D1Database | undefined): Promise<ScheduleStatus> {
    const first = scheduleInForce(text, []);
    if (!first.refused) {
      // No document is a good answer too: a later fault never brings back one ops deleted.
      this.lastGoodSchedule = first.source === 'kv' ? first : undefined;
      return first;
    }
    note('kv_fallback', '-', 'schedule-rejected');
    let status: ScheduleStatus | undefined;
    if (db) {
      try {
        status = scheduleInForce(text, await withTimeout(recordedVersions(d1Sql(db), SCHEDULE_KEY, LAST_GOOD_VERSIONS), this.options.kvTimeout));
      } catch (error) {
        this.options.log({ message: `content: the recorded schedule versions are unreadable: ${describe(error)}`, key: SCHEDULE_KEY, fault: 'unusable' });
      }
    }
    // Versions unreadable: the last good document this isolate saw, else the bundled defaults.
    status ??= this.lastGoodSchedule ? { ...this.lastGoodSchedule, refused: first.refused } : first;
    const { meta, problems } = first.refused;
    // A refused schedule is logged once per document, as a structured warning ops can search for.
    const identity = meta ? `version ${meta.version}` : `hash ${hashOf(text ?? '')}`;
    this.report(`schedule-rejected:${identity}`, {
      message: `content: KV "${SCHEDULE_KEY}" refused; in force: ${inForceWords(status)}`,
      key: SCHEDULE_KEY,
      fault: 'schedule-rejected',
      version: identity,
      ...(meta ? { pushedBy: meta.pushedBy, pushedAt: meta.pushedAt } : {}),
      problems,
    });
    return status;
  }

  /** A document by key; `expected` says whether its absence is a fault (a bundle) or normal (the schedule override). */
  private async read<T>(kv: KVNamespace, key: string, parse: (text: string) => T, fallback: () => T, expected: boolean): Promise<T> {
    const now = this.options.clock();
    const hit = this.memory.get(key);
    if (hit && hit.expires > now) return hit.value as T;
    // A read another request started is shared, but each request waits on it with its own
    // timer and a read older than the timeout is not shared: when the request that started it
    // is cancelled (its client went away), workerd drops its I/O and timers, so the shared
    // promise never settles, and a request that waits on nothing else is cancelled as hung (a
    // 5xx the bench saw when wrk closed its connections).
    let shared = this.inflight.get(key);
    if (!shared || now - shared.started > this.options.kvTimeout) {
      const entry = { promise: this.fetch(kv, key, parse, fallback, expected) as Promise<unknown>, started: now };
      void entry.promise.finally(() => {
        if (this.inflight.get(key) === entry) this.inflight.delete(key);
      });
      this.inflight.set(key, (shared = entry));
    }
    // Twice the read's own timeout: a read whose request is alive has settled by then.
    return withTimeout(shared.promise as Promise<T>, 2 * this.options.kvTimeout).catch((error: unknown) => this.unusable(key, error, fallback));
  }

  /** What answers when KV could not: the last good value, else the fallback (counted: kv_fallback). */
  private unusable<T>(key: string, error: unknown, fallback: () => T): T {
    note('kv_fallback', editionOfKey(key), error instanceof WrongEdition ? 'wrong-edition' : 'unusable');
    if (error instanceof WrongEdition) {
      const { version } = error.bundle;
      this.report(`wrong-edition:${key}:${version}`, {
        message: `content: KV "${key}" rejected, serving last good content: ${error.message}`,
        key,
        fault: 'wrong-edition',
        version,
      });
    } else {
      this.options.log({ message: `content: KV "${key}" unusable, serving last good content: ${describe(error)}`, key, fault: 'unusable' });
    }
    return this.lastGood.has(key) ? (this.lastGood.get(key) as T) : fallback();
  }

  /** Logs a fault the first time it is seen. */
  private report(id: string, fault: ContentFault): void {
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.options.log(fault);
  }

  private async fetch<T>(kv: KVNamespace, key: string, parse: (text: string) => T, fallback: () => T, expected: boolean): Promise<T> {
    let value: T;
    try {
      const text = await withTimeout(kv.get(key, { type: 'text', cacheTtl: this.options.kvCacheTtl }), this.options.kvTimeout);
      if (text === null) {
        // No document is a good answer too: a later fault serves the fallback, never a
        // document ops have since deleted.
        value = fallback();
        this.lastGood.delete(key);
        if (expected) {
          note('kv_fallback', editionOfKey(key), 'missing');
          this.report(`missing:${key}`, { message: `content: KV "${key}" missing, serving the bundled copy`, key, fault: 'missing' });
        }
      } else {
        value = parse(text);
        this.lastGood.set(key, value);
        this.reported.delete(`missing:${key}`);
      }
    } catch (error) {
      value = this.unusable(key, error, fallback);
    }
    this.memory.set(key, { value, expires: this.options.clock() + this.options.memoryTtl });
    return value;
  }
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'issues' in error) {
    const issue = (error as { issues: { path: PropertyKey[]; message: string }[] }).issues[0];
    return issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'invalid';
  }
  return error instanceof Error ? error.message : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
