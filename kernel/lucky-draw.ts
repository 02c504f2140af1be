import { z } from 'zod';
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS, SHIRT_SIZES, SIZE_RANGE, type LuckyDrawRegion, type ShirtSize } from '../content/lucky-draw';
import { EMAIL_MAX } from './rules';

/** The lucky draw's rules (docs/decisions/0019-lucky-draw-and-countdown.md); its figures are content/lucky-draw.ts. */

/**
 * A size from the region's range, picked uniformly at random (`random` returns [0, 1)); the
 * server calls it when the visitor leaves the size to us.
 */
export function randomSize(region: LuckyDrawRegion, random: () => number): ShirtSize {
  const range = SIZE_RANGE[region];
  return range[Math.min(range.length - 1, Math.floor(random() * range.length))]!;
}

/**
 * Where an entry is sent: edition, campaign and address always; the size only when chosen
 * (an empty value, as a form's "no preference" option sends, means none). Every field capped.
 */
export const LuckyDrawBody = z.object({
  /** The edition the visitor entered from; picks the size range and the answer's language. */
  region: z.enum(LUCKY_DRAW_REGIONS),
  /** Which campaign's draw. */
  campaign: z.enum(LUCKY_DRAW_CAMPAIGNS),
  /** The address, checked by `normalizeEmail` after this cap (and NFKC, for the draw's identity). */
  email: z.string().max(EMAIL_MAX + 64),
  /** A size from the region's range, or nothing to have one picked at random. */
  size: z
    .enum(SHIRT_SIZES)
    .or(z.literal(''))
    .optional()
    .transform((size) => size || undefined),
});
export type LuckyDrawBody = z.infer<typeof LuckyDrawBody>;
