import type { Region } from '../../content/editions';
import { DEFAULT_SCHEDULE } from '../../content/schedule';
import { Bundle } from '../../content/schema/bundle';
import { Schedule } from '../../content/schema/schedule';
import { bundledCopy } from './build';

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
  log: (message: string) => void;
}

const DEFAULT_OPTIONS: StoreOptions = {
  memoryTtl: 30_000,
  kvCacheTtl: 60,
  kvTimeout: 1_500,
  clock: () => Date.now(),
  log: (message) => console.warn(message),
};

/** KV key of a region's bundle. */
export const bundleKey = (region: Region) => `bundle:${region}`;
/** KV key of the ops schedule. */
export const SCHEDULE_KEY = 'schedule';

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
  /** The merged schedule per KV document, so one document is one object (its version is hashed once). */
  private readonly merged = new WeakMap<Schedule, Schedule>();

  constructor(options: Partial<StoreOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Drops what memory holds, so the next read goes to KV (tests, and after an ops push). */
  forget(): void {
    this.memory.clear();
  }

  /** The content bundle of a region. */
  bundle(kv: KVNamespace, region: Region): Promise<Bundle> {
    return this.read(
      kv,
      bundleKey(region),
      (json) => Bundle.parse(json),
      () => bundledCopy(region),
    );
  }

  /** The schedule in force: the bundled defaults, overridden by the KV document. */
  async schedule(kv: KVNamespace): Promise<Schedule> {
    const override = await this.read<Schedule | null>(
      kv,
      SCHEDULE_KEY,
      (json) => Schedule.parse(json),
      () => null,
    );
    if (!override) return DEFAULT_SCHEDULE;
    let schedule = this.merged.get(override);
    if (!schedule) {
      schedule = mergeSchedule(DEFAULT_SCHEDULE, override);
      this.merged.set(override, schedule);
    }
    return schedule;
  }

  private async read<T>(kv: KVNamespace, key: string, parse: (json: unknown) => T, fallback: () => T): Promise<T> {
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
      const entry = { promise: this.fetch(kv, key, parse, fallback) as Promise<unknown>, started: now };
      void entry.promise.finally(() => {
        if (this.inflight.get(key) === entry) this.inflight.delete(key);
      });
      this.inflight.set(key, (shared = entry));
    }
    // Twice the read's own timeout: a read whose request is alive has settled by then.
    return withTimeout(shared.promise as Promise<T>, 2 * this.options.kvTimeout).catch((error: unknown) => this.unusable(key, error, fallback));
  }

  /** What answers when KV could not: the last good value, else the fallback. */
  private unusable<T>(key: string, error: unknown, fallback: () => T): T {
    this.options.log(`content: KV "${key}" unusable, serving last good content: ${describe(error)}`);
    return this.lastGood.has(key) ? (this.lastGood.get(key) as T) : fallback();
  }

  private async fetch<T>(kv: KVNamespace, key: string, parse: (json: unknown) => T, fallback: () => T): Promise<T> {
    let value: T;
    try {
      const text = await withTimeout(kv.get(key, { type: 'text', cacheTtl: this.options.kvCacheTtl }), this.options.kvTimeout);
      if (text === null) {
        // No document is a good answer too: a later fault serves the fallback, never a
        // document ops have since deleted.
        value = fallback();
        this.lastGood.delete(key);
      } else {
        value = parse(JSON.parse(text));
        this.lastGood.set(key, value);
      }
    } catch (error) {
      value = this.unusable(key, error, fallback);
    }
    this.memory.set(key, { value, expires: this.options.clock() + this.options.memoryTtl });
    return value;
  }
}

/**
 * Overrides the bundled schedule with an ops document, field by field: a region's stages; a
 * campaign's stages region by region; a window by id. A plain window id in the document
 * (`route:black-friday`) stands for every region, so it also replaces the bundled
 * per-region windows of that id (`route:black-friday@de`).
 */
export function mergeSchedule(base: Schedule, override: Schedule | null): Schedule {
  if (!override) return base;
  const windows = { ...base.windows };
  for (const id of Object.keys(override.windows)) {
    if (id.includes('@')) continue;
    for (const key of Object.keys(windows)) if (key.startsWith(`${id}@`)) delete windows[key];
  }
  const campaigns: Schedule['campaigns'] = { ...base.campaigns };
  for (const [id, regions] of Object.entries(override.campaigns) as [keyof Schedule['campaigns'], Schedule['campaigns'][keyof Schedule['campaigns']]][]) {
    campaigns[id] = { ...base.campaigns[id], ...regions };
  }
  return {
    stages: { ...base.stages, ...override.stages },
    campaigns,
    windows: { ...windows, ...override.windows },
  };
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
