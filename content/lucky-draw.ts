import { z } from 'zod';
import type { Region } from './editions';
import { EMAIL_MAX } from './rules';

/**
 * The campaigns' lucky draw (issue 11 item 3, docs/decisions/0019-lucky-draw-and-countdown.md):
 * who may enter where, the T-shirt sizes each region gives away, and what an entry looks like
 * on the wire. Shared by the worker (zod at the edge), the form and the ops export.
 */

/** Campaigns that run a lucky draw: the Black Friday page's `#lucky-draw` section. */
export const LUCKY_DRAW_CAMPAIGNS = ['black-friday'] as const;
export type LuckyDrawCampaign = (typeof LUCKY_DRAW_CAMPAIGNS)[number];

/** Editions whose campaign pages carry the draw (the Black Friday regions). */
export const LUCKY_DRAW_REGIONS = ['us', 'uk', 'eu', 'fr', 'de'] as const satisfies readonly Region[];
export type LuckyDrawRegion = (typeof LUCKY_DRAW_REGIONS)[number];

/** Every T-shirt size, smallest first. */
const SHIRT_SIZES = ['L', 'XL', 'XXL', 'XXXL'] as const;
export type ShirtSize = (typeof SHIRT_SIZES)[number];

/** The gift's sizes per region (docs/spec/content.md §5): XL–XXXL, L–XXXL in the UK. */
export const SIZE_RANGE: Record<LuckyDrawRegion, readonly ShirtSize[]> = {
  us: ['XL', 'XXL', 'XXXL'],
  uk: ['L', 'XL', 'XXL', 'XXXL'],
  eu: ['XL', 'XXL', 'XXXL'],
  fr: ['XL', 'XXL', 'XXXL'],
  de: ['XL', 'XXL', 'XXXL'],
};

/** Whether an edition's campaign pages carry the draw. */
export function hasLuckyDraw(region: string): region is LuckyDrawRegion {
  return (LUCKY_DRAW_REGIONS as readonly string[]).includes(region);
}

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

/**
 * What became of an entry, as its sender is told: `entered` for a new entry and a repeat alike
 * (the result goes to the address by mail, docs/decisions/0030).
 */
export type LuckyDrawOutcome = 'entered' | 'invalid' | 'closed' | 'busy' | 'error';

/** Envelope code of each outcome (0019); the code's HTTP status is the API's one table's. */
export const LUCKY_DRAW_CODES = {
  entered: 2000,
  invalid: 4000,
  closed: 4009,
  busy: 4029,
  error: 5000,
} as const satisfies Record<LuckyDrawOutcome, number>;

/** A field to correct, and why; `captcha` when the CAPTCHA was not passed. */
export type LuckyDrawProblems = Partial<Record<'email' | 'size' | 'captcha', 'required' | 'invalid'>>;

/**
 * The answer's state, which the form renders: after a plain form post on the server, after
 * a call in the browser. Values are what the visitor sent (kept in the form).
 */
export interface LuckyDrawState {
  outcome?: LuckyDrawOutcome;
  /** The message to show, in the edition's language. */
  message?: string;
  /** Fields to correct. */
  fields?: LuckyDrawProblems;
  /** What the visitor typed and chose. */
  email: string;
  size: string;
}
