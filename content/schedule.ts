import type { Schedule } from './schema/schedule';

/**
 * The bundled schedule: stage thresholds and dated windows as the spec gives them. Ops
 * override any of it with the KV document `schedule` (see README, "Moving campaign dates").
 */
export const DEFAULT_SCHEDULE: Schedule = {
  stages: {
    // Back to School (platform spec §9): stage 1 and 2 are the sale, 3 is after it.
    us: ['2025-08-11T15:00:00+08:00', '2025-08-23T15:00:00+08:00', '2025-08-26T15:00:00+08:00'],
  },
  windows: {
    'route:back-to-school': { stages: [1, 2] },
    'home:back-to-school': { stages: [1, 2] },
    'nav:back-to-school': { stages: [1, 2] },
    'banner:us:back-to-school': { stages: [1, 2] },
    'nav:new-release': { startTime: '2025-03-27T23:00:00+08:00' },
    // Launch banners end per region (platform spec §9). The spec gives uk, eu, de and fr a
    // date only: it is read as midnight at the start of that day, local time.
    'banner:us:new-release': { endTime: '2025-08-11T15:00:00+08:00' },
    'banner:uk:new-release': { endTime: '2025-08-20T00:00:00+01:00' },
    'banner:eu:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
    'banner:de:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
    'banner:fr:new-release': { endTime: '2025-08-27T00:00:00+02:00' },
  },
};
