import type { Schedule } from '../../content/schema/schedule';

/** Drops the `id@region` entries of every plain id the override sets: a plain id stands for every region. */
function withoutRegional<T>(base: Record<string, T>, override: Record<string, T>): Record<string, T> {
  const out = { ...base };
  for (const id of Object.keys(override)) {
    if (id.includes('@')) continue;
    for (const key of Object.keys(out)) if (key.startsWith(`${id}@`)) delete out[key];
  }
  return out;
}

/**
 * Overrides the bundled schedule with an ops document, entry by entry: a region's stages; a
 * campaign's stages region by region; a window by id; a dated word by id. A plain id in the
 * document (`route:black-friday`, `terms:returns`) stands for every region, so it also
 * replaces the bundled per-region entries of that id (`route:black-friday@de`).
 */
export function mergeSchedule(base: Schedule, override: Schedule | null): Schedule {
  if (!override) return base;
  const campaigns: Schedule['campaigns'] = { ...base.campaigns };
  for (const [id, regions] of Object.entries(override.campaigns) as [keyof Schedule['campaigns'], Schedule['campaigns'][keyof Schedule['campaigns']]][]) {
    campaigns[id] = { ...base.campaigns[id], ...regions };
  }
  const overrideDates = override.dates ?? {};
  return {
    stages: { ...base.stages, ...override.stages },
    campaigns,
    windows: { ...withoutRegional(base.windows, override.windows), ...override.windows },
    dates: { ...withoutRegional(base.dates ?? {}, overrideDates), ...overrideDates },
    ...(override.meta ? { meta: override.meta } : {}),
  };
}
