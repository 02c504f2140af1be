import type { Region } from './editions';

/**
 * The campaigns' lucky draw (docs/decisions/0019-lucky-draw-and-countdown.md):
 * who may enter where, the T-shirt sizes each region gives away, and what an answer looks
 * like. Shared by the worker, the form and the ops export; an entry's wire schema and the
 * size drawn for a visitor who left it to us are kernel/lucky-draw.ts.
 */

/** Campaigns that run a lucky draw: the Black Friday page's `#lucky-draw` section. */
export const LUCKY_DRAW_CAMPAIGNS = ['black-friday'] as const;
export type LuckyDrawCampaign = (typeof LUCKY_DRAW_CAMPAIGNS)[number];

/** Editions whose campaign pages carry the draw (the Black Friday regions). */
export const LUCKY_DRAW_REGIONS = ['us', 'uk', 'eu', 'fr', 'de'] as const satisfies readonly Region[];
export type LuckyDrawRegion = (typeof LUCKY_DRAW_REGIONS)[number];

/** Every T-shirt size, smallest first. */
export const SHIRT_SIZES = ['L', 'XL', 'XXL', 'XXXL'] as const;
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
 * What became of an entry, as its sender is told: `entered` for a new entry and a repeat alike
 * (the result goes to the address by mail, docs/decisions/0030).
 */
export type LuckyDrawOutcome = 'entered' | 'invalid' | 'closed' | 'busy' | 'error';


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
