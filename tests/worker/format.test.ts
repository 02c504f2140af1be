import { describe, expect, it } from 'vitest';
import { EDITIONS, type Region } from '../../content/editions';
import { formatDay, formatInstant, formatList, formatMoney, formatSize, pluralForm } from '../../kernel/format';
import { instalmentDivides } from '../../kernel/offers';
import { LOCALE_MESSAGES } from '../../locales';
import { norm } from './fetch';

// The one formatting module (kernel/format.ts, docs/decisions/0031), as each edition writes
// money, sizes, days, moments and counts. In workerd: the ICU the site runs on.

describe('money, with the currency’s own decimals', () => {
  it.each([
    ['us', 141.6, '$141.60'],
    ['us', 58.25, '$58.25'],
    ['us', 1699, '$1,699'],
    ['uk', 1299, '£1,299'],
    ['eu', 1599, '€1,599'],
    ['fr', 599, '599 €'],
    ['fr', 141.6, '141,60 €'],
    ['de', 1599, '1.599 €'],
    ['de', 8.5, '8,50 €'],
    ['jp', 174900, '¥174,900'],
    ['kr', 1990000, '₩1,990,000'],
    ['cn', 8499, '¥8,499'],
    ['cn', 4999.5, '¥4,999.50'],
  ] as [Region, number, string][])('%s writes %d as %s', (region, amount, text) => {
    expect(norm(formatMoney(amount, EDITIONS[region]))).toBe(text);
  });

  it('writes an amount once per locale and currency: the same figure in another edition is its own', () => {
    expect([1599, 1599, 1599, 1599].map((amount, i) => norm(formatMoney(amount, EDITIONS[(['de', 'eu', 'fr', 'de'] as Region[])[i]!])))).toEqual([
      '1.599 €',
      '€1,599',
      '1 599 €',
      '1.599 €',
    ]);
  });

  it('never writes a yen amount with a fraction it does not have, nor the full-width sign', () => {
    expect(formatMoney(174900, EDITIONS.jp)).not.toMatch(/[￥.]/);
  });
});

describe('lists joined as the language joins them', () => {
  it.each([
    ['en', 'or', 'Visa, Mastercard, or PayPal'],
    ['en-GB', 'and', 'Visa, Mastercard and PayPal'],
    ['fr', 'or', 'Visa, Mastercard ou PayPal'],
    ['de', 'and', 'Visa, Mastercard und PayPal'],
    ['ja', 'or', 'Visa、Mastercard、またはPayPal'],
  ] as const)('%s, %s: %s', (lang, join, expected) => {
    expect(formatList(['Visa', 'Mastercard', 'PayPal'], lang, join)).toBe(expected);
    // Each format is made once a language and kept: its "and" and its "or" are kept apart.
    expect(formatList(['Visa', 'Mastercard', 'PayPal'], lang, join === 'and' ? 'or' : 'and')).not.toBe(expected);
  });
});

describe('file sizes, the unit set apart in every edition', () => {
  it.each([
    ['us', 2400, '2.4 kB'],
    ['uk', 2207, '2.2 kB'],
    ['fr', 2400, '2,4 ko'],
    ['de', 2400, '2,4 kB'],
    ['kr', 2400, '2.4 kB'],
    ['jp', 2400, '2.4 KB'],
    ['cn', 2400, '2.4 kB'],
  ] as [Region, number, string][])('%s writes %d bytes as %s', (region, bytes, text) => {
    expect(norm(formatSize(bytes, EDITIONS[region].htmlLang))).toBe(text);
  });
});

describe('calendar days in the edition’s order', () => {
  it.each([
    ['us', 'medium', 'Jul 15, 2025'],
    ['uk', 'medium', '15 Jul 2025'],
    ['eu', 'medium', '15 Jul 2025'],
    ['eu', 'long', '15 July 2025'],
    ['de', 'long', '15. Juli 2025'],
    ['fr', 'long', '15 juillet 2025'],
    ['jp', 'long', '2025年7月15日'],
    ['kr', 'long', '2025년 7월 15일'],
    ['cn', 'long', '2025年7月15日'],
  ] as [Region, 'medium' | 'long', string][])('%s (%s): %s', (region, style, text) => {
    expect(norm(formatDay('2025-07-15', EDITIONS[region], style))).toBe(text);
  });
});

describe('moments always carry their time zone', () => {
  const BLACK_FRIDAY_US = Date.parse('2024-11-29T00:00:00-05:00');
  it.each([
    ['us', 'November 29, 2024 at 12:00 AM EST'],
    ['uk', '29 November 2024 at 05:00 GMT'],
    ['de', '29. November 2024 um 06:00 MEZ'],
  ] as [Region, string][])('%s: %s', (region, text) => {
    expect(norm(formatInstant(BLACK_FRIDAY_US, EDITIONS[region]))).toBe(text);
  });

  it.each(Object.keys(EDITIONS) as Region[])('%s names a zone with every time of day', (region) => {
    const text = formatInstant(BLACK_FRIDAY_US, EDITIONS[region]);
    expect(text).toMatch(/[A-Z]{2,}|GMT|UTC|MEZ|JST/);
  });
});

describe('counts take the plural form of their language', () => {
  const countdown = (region: Region) =>
    (LOCALE_MESSAGES[EDITIONS[region].baseLocale ?? EDITIONS[region].locale].common as { countdown: Record<string, { other: string }> }).countdown;
  it.each([
    ['us', 1, '1 Day'],
    ['us', 2, '2 Days'],
    ['us', 0, '0 Days'],
    ['de', 1, '1 Tag'],
    ['de', 3, '3 Tage'],
    ['fr', 1, '1 jour'],
    ['fr', 0, '0 jour'],
    ['fr', 2, '2 jours'],
    ['jp', 1, '1 日'],
    ['kr', 1, '1 일'],
  ] as [Region, number, string][])('%s, %d day(s): %s', (region, n, text) => {
    const forms = countdown(region).days!;
    expect(`${n} ${pluralForm(typeof forms === 'string' ? { other: forms } : forms, n, EDITIONS[region].htmlLang)}`).toBe(text);
  });

  it.each(['en-US', 'fr-FR', 'de-DE'] as const)('%s has a form for each plural category of its language, for every countdown unit', (locale) => {
    const { countdown: units } = LOCALE_MESSAGES[locale].common as { countdown: Record<string, Record<string, string> | string> };
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const unit of ['days', 'hours', 'minutes', 'seconds']) {
      const forms = units[unit]!;
      expect(typeof forms, `${locale} ${unit}`).toBe('object');
      for (const category of categories) expect((forms as Record<string, string>)[category], `${locale} ${unit} ${category}`).toBeTruthy();
    }
  });
});

describe('an instalment example sits only under a price it pays off', () => {
  it.each([
    [{ monthly: 141.6, months: 12 }, 1699, true],
    [{ monthly: 58.25, months: 12 }, 699, true],
    [{ monthly: 58.25, months: 12 }, 899, false],
    [{ monthly: 58.25, months: 12 }, 799, false],
    [{ monthly: 100, months: 3 }, 299, true],
    [{ monthly: 100, months: 3 }, 250, false],
  ])('%o under %d: %s', (example, price, divides) => {
    expect(instalmentDivides(example, price)).toBe(divides);
  });
});
