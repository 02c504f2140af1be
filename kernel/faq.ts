import { EDITIONS, type Region } from '../content/editions';
import { formatMoney, numberFormat } from './format';
import { FAQ_CATEGORIES, FAQS, type FaqCategory, type FaqFigures, type FaqQuery } from '../content/faq';

/**
 * The FAQ as a visitor reads it: the entries of content/faq.ts in the edition's language, the
 * spec's figures filled in, and the search the FAQ endpoint and page answer with.
 */

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
  const money = { format: (amount: number) => formatMoney(amount, { htmlLang, currency }) };
  const count = numberFormat(htmlLang);
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
