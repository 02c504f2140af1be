import { z } from 'zod';
import type { Region } from './editions';

/**
 * The FAQ (docs/spec/content.md §2 "FAQ: sections Support Services and Download", §9 "US FAQ"):
 * entries as data, their copy in `locales/<locale>/faq.json` (`faq.entries.<id>.label` and
 * `.answer`, a list of lines), the spec's figures here, once; kernel/faq.ts fills them into
 * the copy and searches it.
 */
export const FAQ_CATEGORIES = ['support-services', 'download'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** One question: its id (the copy's key) and its section. */
interface FaqEntry {
  id: string;
  category: FaqCategory;
}

/** The figures the answers quote; money in the edition's currency, formatted per locale. */
export interface FaqFigures {
  /** Days after delivery a robot may be returned. */
  returnDays: number;
  /** Days after delivery a robot with a machine issue is replaced. */
  replacementDays: number;
  /** Express shipping. */
  expressFee: number;
  /** Economy shipping to Hawaii. */
  hawaiiFee: number;
  /** Shipping to remote areas and Puerto Rico. */
  remoteFee: number;
  /** Business days shipping to remote areas and Puerto Rico takes, fewest and most. */
  remoteDays: readonly [number, number];
  /** Oldest iOS the app runs on. */
  ios: number;
  /** Oldest Android the app runs on. */
  android: number;
  /** Hours within which support replies. */
  replyHours: number;
}

/** The FAQ of each edition that has one (the page exists in us only: docs/spec/platform.md §2). */
export const FAQS: Partial<Record<Region, { entries: readonly FaqEntry[]; figures: FaqFigures }>> = {
  us: {
    entries: [
      { id: 'returns', category: 'support-services' },
      { id: 'replacement', category: 'support-services' },
      { id: 'shipping', category: 'support-services' },
      { id: 'remote-shipping', category: 'support-services' },
      { id: 'registration', category: 'support-services' },
      { id: 'app-devices', category: 'download' },
      { id: 'downloads', category: 'download' },
      { id: 'manuals', category: 'download' },
    ],
    figures: {
      returnDays: 14,
      replacementDays: 30,
      expressFee: 50,
      hawaiiFee: 50,
      remoteFee: 100,
      remoteDays: [5, 8],
      ios: 13,
      android: 8,
      replyHours: 24,
    },
  },
};

/** The regions with a FAQ. */
const FAQ_REGIONS = (Object.keys(FAQS) as Region[]).filter((r) => FAQS[r]);

/** The FAQ endpoint's query: `GET /api/faq?region=us&category=download&q=android`. */
export const FaqQuery = z.object({
  region: z.enum(FAQ_REGIONS as [Region, ...Region[]]),
  category: z.enum(FAQ_CATEGORIES).optional(),
  /** Words to look for in questions and answers. */
  q: z
    .string()
    .trim()
    .max(100)
    .refine((v) => !/[\p{Cc}\p{Cf}]/u.test(v), 'hidden characters')
    .optional(),
});
export type FaqQuery = z.infer<typeof FaqQuery>;
