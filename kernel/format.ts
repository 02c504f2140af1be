/**
 * How every edition writes money, counts, sizes, days and moments: one module, through Intl,
 * used by the worker's pages and the islands alike (docs/decisions/0031). Formatters are
 * built once per locale and options, since constructing them is the costly part.
 */

/** What formatting needs to know of an edition (a subset of content/editions' Edition). */
export interface FormatEdition {
  /** Region code: the EU edition writes English dates day first. */
  region: string;
  /** The edition's html lang, the locale Intl formats for. */
  htmlLang: string;
  /** ISO 4217 currency of its prices. */
  currency: string;
  /** IANA time zone its visitors read times in. */
  timeZone: string;
}

const FORMATTERS = new Map<string, unknown>();

function cached<T>(key: string, make: () => T): T {
  let value = FORMATTERS.get(key) as T | undefined;
  if (value === undefined) FORMATTERS.set(key, (value = make()));
  return value;
}

/**
 * The locale dates are written in: the edition's own, except the EU edition's English (html
 * lang `en`, which Intl reads as American: "Jul 15, 2025"), written day first as English is in
 * Europe (`en-IE`: "15 Jul 2025").
 */
export function dateLocale(edition: Pick<FormatEdition, 'region' | 'htmlLang'>): string {
  return edition.region === 'eu' ? 'en-IE' : edition.htmlLang;
}

/** The minor-unit digits of a currency (2 for USD, EUR, GBP and CNY; 0 for JPY and KRW). */
export function currencyDigits(currency: string): number {
  return cached(`digits:${currency}`, () => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
}

/**
 * The currency formatter for an amount: whole amounts without decimals ($1,299, ¥174,900), any
 * other with all of the currency's own ($141.60, never $141.6).
 */
function moneyFormat(amount: number, lang: string, currency: string): Intl.NumberFormat {
  const digits = Number.isInteger(amount) ? 0 : currencyDigits(currency);
  return cached(
    `money:${lang}:${currency}:${digits}`,
    () => new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
}

/**
 * Japanese prices use the half-width yen sign (¥174,900), as Japanese shops print them; ICU
 * gives the full-width one (￥) in `ja`.
 */
const signOf = (text: string) => text.replace(/\uffe5/g, '\u00a5');

/**
 * Amounts already written, by locale and currency: a render writes the same few dozen prices
 * (an edition's offers) that the one before wrote, and ICU's formatting of each was a tenth of
 * a home page's render. Bounded, though amounts come from content alone.
 */
const WRITTEN = new Map<string, Map<number, string>>();
const WRITTEN_PER_CURRENCY = 2_000;

/** An amount of money as the edition writes it: $1,299, $141.60, 1 599 €, ¥174,900, ₩1,990,000. */
export function formatMoney(amount: number, edition: Pick<FormatEdition, 'htmlLang' | 'currency'>): string {
  const key = `${edition.htmlLang}|${edition.currency}`;
  let written = WRITTEN.get(key);
  if (!written) WRITTEN.set(key, (written = new Map()));
  let text = written.get(amount);
  if (text === undefined) {
    if (written.size >= WRITTEN_PER_CURRENCY) written.clear();
    written.set(amount, (text = signOf(moneyFormat(amount, edition.htmlLang, edition.currency).format(amount))));
  }
  return text;
}

/** An amount of money in parts (sign, number), for a price block that sets them apart. */
export function moneyParts(
  amount: number,
  edition: Pick<FormatEdition, 'htmlLang' | 'currency'>,
): { sign: string; value: string; signFirst: boolean; gap: string } {
  const parts = moneyFormat(amount, edition.htmlLang, edition.currency).formatToParts(amount);
  const sign = signOf(
    parts
      .filter((p) => p.type === 'currency')
      .map((p) => p.value)
      .join(''),
  );
  const value = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  const at = parts.findIndex((p) => p.type === 'currency');
  const signFirst = at < parts.findIndex((p) => p.type === 'integer');
  // The space the locale keeps between sign and number ("599 €", "$599"): Intl's literal beside the sign.
  const beside = parts[signFirst ? at + 1 : at - 1];
  return { sign, value, signFirst, gap: beside?.type === 'literal' ? beside.value : '' };
}

/** Plain numbers in the edition's digits and grouping: 2,500 · 2 500 · 2.500. */
export function numberFormat(lang: string): Intl.NumberFormat {
  return cached(`number:${lang}`, () => new Intl.NumberFormat(lang));
}

/**
 * Items joined as the language joins them: all of them (`and`: "PayPal, Visa and Klarna" in en-GB,
 * « PayPal, Visa et Klarna ») or one of them (`or`: "Visa, Mastercard, or PayPal").
 */
export function formatList(items: readonly string[], lang: string, join: 'and' | 'or' = 'and'): string {
  return cached(`list:${join}:${lang}`, () => new Intl.ListFormat(lang, { type: join === 'and' ? 'conjunction' : 'disjunction' })).format(items);
}

/** A percentage: 0 %, 8%, 0,5 %. */
export function formatPercent(percent: number, lang: string): string {
  return cached(`percent:${lang}`, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 })).format(percent / 100);
}

/** The CLDR plural category of a count in a language ("one", "other", …). */
function pluralCategory(n: number, lang: string): Intl.LDMLPluralRule {
  return cached(`plural:${lang}`, () => new Intl.PluralRules(lang)).select(n);
}

/** Words by plural category, as a message writes them (`{ one: 'Day', other: 'Days' }`; locales/index.ts `forms`). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The form of a word for a count: "1 Day", "2 Days", "1 Tag", "2 Tage", "1 jour", "0 jour". */
export function pluralForm(forms: PluralForms, n: number, lang: string): string {
  return forms[pluralCategory(n, lang)] ?? forms.other;
}

/**
 * A file size in kilobytes, one decimal, with the unit set apart from the number by a
 * no-break space in every edition (SI style, as Korean and Japanese technical writing also
 * set it): 2.4 kB, 2,4 ko, 2.4 KB. ICU writes Korean "2.4kB" without it.
 */
export function formatSize(bytes: number, lang: string): string {
  const parts = cached(
    `size:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1, minimumFractionDigits: 1 }),
  ).formatToParts(bytes / 1000);
  const number = parts
    .filter((p) => p.type !== 'unit' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  const unit = parts.find((p) => p.type === 'unit')?.value ?? 'kB';
  const unitFirst = parts.findIndex((p) => p.type === 'unit') < parts.findIndex((p) => p.type === 'integer');
  return unitFirst ? `${unit}\u00a0${number}` : `${number}\u00a0${unit}`;
}

/** How long a calendar day is written. */
export type DayStyle = 'long' | 'medium' | 'dayMonth' | 'monthYear';

const DAY_OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  dayMonth: { day: 'numeric', month: 'long' },
  monthYear: { year: 'numeric', month: 'long' },
};

/** Milliseconds of a calendar day (`YYYY-MM-DD`, or `YYYY-MM` for its first day) at UTC midnight. */
const utcDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number | undefined];
  return Date.UTC(y, m - 1, d ?? 1);
};

/**
 * A calendar day (`YYYY-MM-DD`) in the edition's order: "July 15, 2025", "15 July 2025",
 * "15. Juli 2025", "2025年7月15日". A calendar day is the same day everywhere, so it is
 * written in UTC and carries no time zone.
 */
export function formatDay(day: string, edition: Pick<FormatEdition, 'region' | 'htmlLang'>, style: DayStyle = 'long'): string {
  const locale = dateLocale(edition);
  return cached(`day:${locale}:${style}`, () => new Intl.DateTimeFormat(locale, { ...DAY_OPTIONS[style], timeZone: 'UTC' })).format(utcDay(day));
}

/** Two calendar days as one range: "July 19 – September 30, 2023". */
export function formatDayRange(from: string, to: string, edition: Pick<FormatEdition, 'region' | 'htmlLang'>): string {
  const locale = dateLocale(edition);
  return cached(`day:${locale}:long`, () => new Intl.DateTimeFormat(locale, { ...DAY_OPTIONS.long, timeZone: 'UTC' })).formatRange(utcDay(from), utcDay(to));
}

/** Calendar days of instants in the edition's time zone (with `formatRange` for a campaign's dates). */
export function instantDayFormat(edition: Pick<FormatEdition, 'region' | 'htmlLang' | 'timeZone'>): Intl.DateTimeFormat {
  const locale = dateLocale(edition);
  return cached(`instant-day:${locale}:${edition.timeZone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: edition.timeZone }));
}

/** The calendar day of an instant, in the edition's time zone: "November 29, 2024". */
export function formatInstantDay(ms: number, edition: Pick<FormatEdition, 'region' | 'htmlLang' | 'timeZone'>): string {
  return instantDayFormat(edition).format(ms);
}

/**
 * An instant with its time of day, always with the time zone it is read in, since a time
 * without one is a guess: "November 29, 2024 at 12:00 AM EST", "29. November 2024 um 00:00
 * MEZ", "2024年11月29日 0:00 JST". `short` leaves the year and month names out (the preview
 * ribbon: "Nov 20, 2024, 7:00 AM EST").
 */
export function formatInstant(ms: number, edition: Pick<FormatEdition, 'region' | 'htmlLang' | 'timeZone'>, short = false): string {
  const locale = dateLocale(edition);
  return cached(
    `instant:${locale}:${edition.timeZone}:${short}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: short ? 'short' : 'long',
        day: 'numeric',
        hour: short ? '2-digit' : 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
        timeZone: edition.timeZone,
      }),
  ).format(ms);
}
