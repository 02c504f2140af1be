import { z } from 'zod';
import { EDITIONS, type Region } from './editions';

/**
 * The FAQ (docs/spec/content.md §2 "FAQ: sections Support Services and Download", §9 "US FAQ"):
 * entries as data, their copy in `locales/<locale>/faq.json` (`faq.entries.<id>.label` and
 * `.answer`, a list of lines), the spec's figures here, once, and filled into the copy.
 */
const FAQ_CATEGORIES = ['support-services', 'download'] as const;
type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** One question: its id (the copy's key) and its section. */
interface FaqEntry {
  id: string;
  category: FaqCategory;
}

/** The figures the answers quote; money in the edition's currency, formatted per locale. */
interface FaqFigures {
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

/** A question as a visitor reads it. */
interface FaqItem {
  id: string;
  category: FaqCategory;
  label: string;
  answer: string[];
}

/** A section of the FAQ as a visitor reads it. */
interface FaqSection {
  id: FaqCategory;
  label: string;
}

/** Messages as the FAQ needs them: a string and a list of strings by key, with parameters. */
interface Copy {
  t: (key: string, params?: Record<string, string | number>) => string;
  list: (key: string) => string[];
}

/** Each edition's parameters, formatted once per isolate (an Intl formatter costs far more to build than to use). */
const PARAMS = new Map<FaqFigures, Record<string, string | number>>();

/** The parameters the copy quotes, formatted for the edition. */
function figureParams(region: Region, figures: FaqFigures): Record<string, string | number> {
  let params = PARAMS.get(figures);
  if (!params) PARAMS.set(figures, (params = formatParams(region, figures)));
  return params;
}

function formatParams(region: Region, figures: FaqFigures): Record<string, string | number> {
  const { htmlLang, currency } = EDITIONS[region];
  const money = new Intl.NumberFormat(htmlLang, { style: 'currency', currency, maximumFractionDigits: 0 });
  const count = new Intl.NumberFormat(htmlLang);
  return {
    returnDays: count.format(figures.returnDays),
    replacementDays: count.format(figures.replacementDays),
    expressFee: money.format(figures.expressFee),
    hawaiiFee: money.format(figures.hawaiiFee),
    remoteFee: money.format(figures.remoteFee),
    remoteDays: `${count.format(figures.remoteDays[0])}–${count.format(figures.remoteDays[1])}`,
    ios: figures.ios,
    android: figures.android,
    replyHours: count.format(figures.replyHours),
  };
}

/** Fills `{{name}}` in a line (rosetta fills strings, not the lines of a list). */
const fill = (line: string, params: Record<string, string | number>) => line.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(params[name] ?? all));

/** The sections of an edition's FAQ, named in its language. */
export function faqSections(copy: Copy): FaqSection[] {
  return FAQ_CATEGORIES.map((id) => ({ id, label: copy.t(`faq.categories.${id}`) }));
}

/** Folds case and accents, so "e" finds "é" and "Android" finds "android". */
const fold = (text: string, locale: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale);

/**
 * An edition's questions in its language with the figures filled in, those of one section
 * when `category` says so, those holding every word of `q` when it is given.
 */
export function faqItems(region: Region, copy: Copy, { category, q }: Omit<FaqQuery, 'region'> = {}): FaqItem[] {
  const faq = FAQS[region];
  if (!faq) return [];
  const params = figureParams(region, faq.figures);
  const locale = EDITIONS[region].htmlLang;
  const words = q ? fold(q, locale).split(/\s+/).filter(Boolean) : [];
  return faq.entries
    .filter((entry) => !category || entry.category === category)
    .map((entry) => ({
      id: entry.id,
      category: entry.category,
      label: fill(copy.t(`faq.entries.${entry.id}.label`), params),
      answer: copy.list(`faq.entries.${entry.id}.answer`).map((line) => fill(line, params)),
    }))
    .filter((item) => {
      const text = fold([item.label, ...item.answer].join(' '), locale);
      return words.every((word) => text.includes(word));
    });
}
