import type { Region } from '../content/editions';
import type { FigureValue } from '../content/schema/product';
import { formatDay, formatDayRange, formatMoney, formatPercent, numberFormat } from './format';

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

/**
 * A figure as the edition shows it: numbers and dates through Intl for the edition's
 * locale, units through the locale's templates. Undefined for a regional figure the edition
 * does not have (free shipping outside the US, return days in China).
 */
export function formatFigure(value: FigureValue, f: FigureFormat): string | undefined {
  const number = numberFormat(f.lang);
  const edition = { region: f.region, htmlLang: f.lang };
  // A unit's template is one string, or one per plural category of the locale
  // (`{ one: '{{n}} Tag', other: '{{n}} Tage' }`): the translator picks by `count` (locales/index.ts).
  const unit = (n: string, name: string | undefined, count?: number) => (name ? f.t(`product.units.${name}`, count === undefined ? { n } : { n, count }) : n);
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
  if ('percent' in value) return formatPercent(value.percent, f.lang);
  if ('date' in value) return formatDay(value.date, edition);
  if ('dates' in value) return formatDayRange(value.dates[0], value.dates[1], edition);
  if ('month' in value) return formatDay(value.month, edition, 'monthYear');
  if ('quarter' in value) return f.t('product.dates.quarter', { q: value.quarter, year: String(value.year) });
  if ('season' in value) return f.t(`product.dates.${value.season}`, { year: String(value.year) });
  // Schedule entries are resolved by the worker (worker/clock/dated.ts) before they are formatted.
  if ('scheduled' in value || 'scheduledRange' in value) return undefined;
  if ('money' in value) {
    const amount = value.money[f.region];
    return amount === undefined ? undefined : formatMoney(amount, { htmlLang: f.lang, currency: f.currency });
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
