import { describe, expect, it } from 'vitest';
import { FAQS } from '../../content/faq';
import { faqItems } from '../../kernel/faq';
import { LOCALE_MESSAGES, createTranslator, mergedMessages, type Messages } from '../../locales';

// The support forms' and the FAQ's copy (regional namespaces, outside the parity test of
// locales.test.ts): every locale whose editions show a form has all of en-US's form copy.

function leaves(tree: Messages, prefix = ''): [string, string | string[]][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && !Array.isArray(value) ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string | string[]]],
  );
}
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('support copy', () => {
  const reference = new Map(leaves(LOCALE_MESSAGES['en-US'].forms!));

  it.each(['fr-FR', 'de-DE'] as const)('%s has every form message of en-US, filled, with the same placeholders', (locale) => {
    const own = new Map(leaves(LOCALE_MESSAGES[locale].forms!));
    for (const [key, value] of reference) {
      const theirs = own.get(key);
      expect(typeof theirs === 'string' && theirs.trim().length > 0, `${locale} forms.${key}`).toBe(true);
      expect(placeholders(theirs as string), `${locale} forms.${key}`).toEqual(placeholders(value as string));
    }
    for (const key of own.keys()) expect(reference.has(key), `${locale} has an extra key forms.${key}`).toBe(true);
  });

  it('quotes the spec’s FAQ states exactly', () => {
    const faq = LOCALE_MESSAGES['en-US'].faq as Record<string, string>;
    expect(faq).toMatchObject({ loading: 'Loading...', failed: 'Failed to load data. Please try again later.', retry: 'Retry' });
  });

  it('has a question and an answer for every FAQ entry, every placeholder filled', () => {
    for (const region of Object.keys(FAQS) as (keyof typeof FAQS)[]) {
      const items = faqItems(region, createTranslator({ locale: 'en-US', messages: mergedMessages('en-US') }));
      expect(items).toHaveLength(FAQS[region]!.entries.length);
      for (const item of items) {
        expect(item.label, item.id).not.toBe('');
        expect(item.answer.length, item.id).toBeGreaterThan(0);
        expect([item.label, ...item.answer].join(' '), item.id).not.toMatch(/\{\{/);
      }
    }
  });
});
