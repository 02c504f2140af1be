import type { Region } from '../content/editions';
import type { FigureValue } from '../content/schema/product';

/** What formatting a figure needs to know about the edition. */
export interface FigureFormat {
  /** The edition's html lang, the locale Intl formats for. */
  lang: string;
  region: Region;
  /** ISO 4217 currency of the edition. */
  currency: string;
  /** The edition's messages: units and date templates live under `product.units` and `product.dates`. */
  t: (key: string, params?: Record<string, string | number>) => string;
}

const day = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d ?? 1);
};

/**
 * Intl formatters, built once per locale and options: constructing one costs far more than
 * formatting with it, and a product page formats some thirty figures twice (head and body).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.PluralRules | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

const numberFormat = (lang: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n|${lang}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(lang, options));
const dateFormat = (lang: string, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${lang}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' }));

/** A published amount of money, keeping its own decimals: $99, $141.6, $58.25, ¥5,499. */
export function formatMoney(amount: number, f: Pick<FigureFormat, 'lang' | 'currency'>): string {
  return numberFormat(f.lang, { style: 'currency', currency: f.currency, minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(amount);
}

/**
 * A figure as the edition shows it: numbers and dates through Intl for the edition's
 * locale, units through the locale's templates. Undefined for a regional figure the edition
 * does not have (free shipping outside the US, return days in China).
 */
export function formatFigure(value: FigureValue, f: FigureFormat): string | undefined {
  const number = numberFormat(f.lang);
  const plural = cached(`p|${f.lang}`, () => new Intl.PluralRules(f.lang));
  // A unit's template is one string, or one per plural category of the locale
  // (`{ one: '{{n}} Tag', other: '{{n}} Tage' }`), chosen by the count with Intl.PluralRules.
  const unit = (n: string, name: string | undefined, count?: number) => {
    if (!name) return n;
    const key = `product.units.${name}`;
    return (count !== undefined && f.t(`${key}.${plural.select(count)}`, { n })) || f.t(`${key}.other`, { n }) || f.t(key, { n });
  };
  const dates = (options: Intl.DateTimeFormatOptions) => dateFormat(f.lang, options);
  if ('range' in value) return unit(number.formatRange(value.range[0], value.range[1]), value.unit);
  if ('dims' in value) return unit(value.dims.map((n) => number.format(n)).join(' × '), value.unit);
  if ('times' in value) return f.t('product.units.times', { times: number.format(value.times), value: unit(number.format(value.n), value.unit, value.n) });
  if ('n' in value) {
    // "At least" is the language's own words around the whole figure: 2,500+, plus de 2 500,
    // über 2.500, 2,500以上 (a ja counter then sits inside it: 120分以上).
    const text = unit(number.format(value.n), value.unit, value.n);
    return value.plus ? f.t('product.atLeast', { n: text }) || `${text}+` : text;
  }
  if ('text' in value) return value.text;
  if ('term' in value) return f.t(`product.terms.${value.term}`) || undefined;
  if ('percent' in value) return numberFormat(f.lang, { style: 'percent', maximumFractionDigits: 2 }).format(value.percent / 100);
  if ('date' in value) return dates({ dateStyle: 'long' }).format(day(value.date));
  if ('dates' in value) return dates({ dateStyle: 'long' }).formatRange(day(value.dates[0]), day(value.dates[1]));
  if ('month' in value) return dates({ year: 'numeric', month: 'long' }).format(day(value.month));
  if ('quarter' in value) return f.t('product.dates.quarter', { q: value.quarter, year: String(value.year) });
  if ('season' in value) return f.t(`product.dates.${value.season}`, { year: String(value.year) });
  // Schedule entries are resolved by the worker (worker/clock/dated.ts) before they are formatted.
  if ('scheduled' in value || 'scheduledRange' in value) return undefined;
  if ('money' in value) {
    const amount = value.money[f.region];
    return amount === undefined ? undefined : formatMoney(amount, f);
  }
  const n = value.byRegion[f.region];
  return n === undefined ? undefined : unit(number.format(n), value.unit, n);
}

/** The machine-readable date of a dated figure, for `<time datetime>`; undefined for ranges and non-dates. */
export function dateTimeOf(value: FigureValue): string | undefined {
  if ('date' in value) return value.date;
  if ('month' in value) return value.month;
  if ('quarter' in value || 'season' in value) return String(value.year);
  if ('dates' in value) return value.dates[0];
  return undefined;
}

/** Every figure of a product the edition has, formatted, by name: the parameters of the page copy. */
export function figureParams(figures: Record<string, FigureValue>, f: FigureFormat): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(figures)) {
    const text = formatFigure(value, f);
    if (text !== undefined) out[name] = text;
  }
  return out;
}
