import { z } from 'zod';
import { REGIONS } from '../editions';
import { Instant, Window } from './window';

/**
 * The ops schedule: stage thresholds per region and windows keyed by item id
 * (`route:back-to-school`, `banner:us:back-to-school`, `nav:new-release`, …). Stored in KV
 * under `schedule`; it overrides the bundled defaults field by field.
 */
export const Schedule = z
  .object({
    /** Stage thresholds per region, ascending; stage = how many of them now has reached. */
    stages: z.partialRecord(z.enum(REGIONS), z.array(Instant)).default({}),
    /** Windows of dated items, by item id. */
    windows: z.record(z.string().min(1).max(200), Window).default({}),
  })
  .superRefine((schedule, ctx) => {
    for (const [region, list] of Object.entries(schedule.stages)) {
      const times = (list ?? []).map((t) => Date.parse(t));
      if (times.some((t, i) => i > 0 && t < times[i - 1]!)) {
        ctx.addIssue({ code: 'custom', path: ['stages', region], message: 'stage thresholds must ascend' });
      }
    }
  });
export type Schedule = z.infer<typeof Schedule>;
