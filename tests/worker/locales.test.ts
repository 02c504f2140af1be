import { describe, expect, it } from 'vitest';
import { EDITIONS, REGIONS, type Locale } from '../../content/editions';
import { PAGES } from '../../content/pages';
import { LOCALE_MESSAGES, NAMESPACES, type Messages } from '../../locales';

const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/**
 * A message by its CLDR plural forms (`{one, other}`; Intl.PluralRules picks one) is one
 * entry whatever forms a language has, read as its `other` form; a language without plurals
 * writes the plain string.
 */
function isPlural(value: Messages): value is Messages & { other: string } {
  const keys = Object.keys(value);
  return keys.includes('other') && keys.every((k) => PLURAL_CATEGORIES.has(k) && typeof value[k] === 'string');
}

function leaves(tree: Messages, prefix = ''): [string, string | string[]][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string | string[]][] => {
    if (typeof value !== 'object' || Array.isArray(value)) return [[`${prefix}${key}`, value]];
    return isPlural(value) ? [[`${prefix}${key}`, value.other]] : leaves(value, `${prefix}${key}.`);
  });
}

const reference = new Map(NAMESPACES.flatMap((ns) => leaves(LOCALE_MESSAGES['en-US'][ns]!, `${ns}.`)));

/**
 * Head entries a locale needs: those of the pages its editions have, plus the error pages.
 * Copy for a page no edition of the locale shows is not required.
 */
function neededHeads(locale: Locale): Set<string> {
  const regions = REGIONS.filter((r) => EDITIONS[r].locale === locale);
  const slugs = PAGES.filter((p) => p.kind !== 'redirect' && p.regions.some((r) => regions.includes(r))).map((p) => p.slug || 'home');
  return new Set([...slugs, 'not-found', 'server-error']);
}
const needed = (locale: Locale, key: string) => !key.startsWith('head.') || neededHeads(locale).has(key.split('.')[1]!);
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale parity', () => {
  it.each(['fr-FR', 'de-DE', 'ja-JP', 'ko-KR', 'zh-CN'] as const)(
    '%s has every en-US key its editions show, filled, with the same placeholders and list lengths',
    (locale) => {
      const own = new Map(NAMESPACES.flatMap((ns) => leaves(LOCALE_MESSAGES[locale][ns] ?? {}, `${ns}.`)));
      for (const [key, value] of reference) {
        if (!needed(locale, key)) continue;
        const theirs = own.get(key);
        expect(theirs, `${locale} ${key}`).toBeDefined();
        if (Array.isArray(value)) {
          expect(Array.isArray(theirs) && theirs.length, `${locale} ${key}`).toBe(value.length);
        } else if (value.trim() !== '') {
          // Empty in en-US means copy only some editions have (the Japanese shipping note).
          expect(typeof theirs === 'string' && theirs.trim().length > 0, `${locale} ${key} is empty`).toBe(true);
          expect(placeholders(theirs as string), `${locale} ${key}`).toEqual(placeholders(value));
        }
      }
      for (const key of own.keys()) expect(reference.has(key), `${locale} has an extra key ${key}`).toBe(true);
    },
  );

  it.each(['en-GB', 'en-EU'] as const)('%s holds only differences from en-US, each naming a real key or a regional one', (locale) => {
    const own = NAMESPACES.flatMap((ns) => leaves(LOCALE_MESSAGES[locale][ns] ?? {}, `${ns}.`));
    expect(own.length).toBeGreaterThan(0);
    for (const [key, value] of own) {
      if (key.startsWith('common.installment.')) continue; // regional: only the UK offers this
      expect(reference.has(key), `${locale} ${key}`).toBe(true);
      expect(value, `${locale} ${key} repeats en-US`).not.toEqual(reference.get(key));
    }
  });

  it('quotes the spec’s subscribe messages exactly', () => {
    const common = (l: keyof typeof LOCALE_MESSAGES) => (LOCALE_MESSAGES[l].common as { subscribe: Record<string, string> }).subscribe;
    expect(common('en-US')).toMatchObject({ invalid: 'Incorrect email address format.', success: 'Subscription successful!' });
    expect(common('en-GB')).toMatchObject({ invalid: 'Please enter a valid email address', success: 'Subscribed Successfully!' });
    expect(common('en-EU')).toMatchObject({ invalid: 'Please enter a valid email address', success: 'Subscribed Successfully!' });
    expect(common('de-DE')).toMatchObject({ invalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', success: 'Erfolgreich angemeldet!' });
  });

  it('quotes the spec’s API messages in English', () => {
    const api = (LOCALE_MESSAGES['en-US'].common as { api: { message: Record<string, string> } }).api.message;
    expect(api.default).toBe('Server error, please try again later.');
    expect(api['4003']).toBe('Login expired, please log in again.');
  });
});
