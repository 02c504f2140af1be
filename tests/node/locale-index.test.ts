import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EDITIONS, LOCALES, REGIONS } from '../../content/editions';
import { PRODUCT_PAGES } from '../../content/products';
import { LOCALE_MESSAGES, NAMESPACES } from '../../locales';
import { localeIndex } from '../../scripts/build/locale-index.mjs';

// The locale index is generated from the folders (scripts/build/locale-index.mjs, run by `npm run
// build`); workerd cannot read the disk, so the folders are compared with what loads here.

/** A locale folder's namespaces: its JSON files' names. */
const onDisk = (locale: string) =>
  readdirSync(`locales/${locale}`)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();

/** Locales that hold only their differences from a base locale (en-GB, en-EU). */
const differences = new Set(REGIONS.filter((r) => EDITIONS[r].baseLocale).map((r) => EDITIONS[r].locale));

describe('the locale index', () => {
  it('has a folder for every locale, and no other folder but dev/', () => {
    const folders = readdirSync('locales', { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== 'dev')
      .map((e) => e.name);
    expect(folders.sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('loads every JSON file of locales/%s/ as its namespace, and nothing else', (locale) => {
    const loaded = LOCALE_MESSAGES[locale] as Record<string, unknown>;
    expect(Object.keys(loaded).sort()).toEqual(onDisk(locale));
    for (const ns of onDisk(locale)) expect(loaded[ns], `${locale}/${ns}.json`).toEqual(JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8')));
  });

  it('is what scripts/build/locale-index.mjs writes from the folders now (`npm run build` rewrites it)', () => {
    expect(readFileSync('locales/index.generated.ts', 'utf8')).toBe(localeIndex('.', LOCALES));
  });

  it('counts each product page’s namespace among those every locale has, and every full locale has them all', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(PRODUCT_PAGES.map((page) => page.namespace)));
    for (const locale of LOCALES.filter((l) => !differences.has(l))) {
      expect(
        NAMESPACES.filter((ns) => !onDisk(locale).includes(ns)),
        `${locale} lacks`,
      ).toEqual([]);
    }
  });

  it('keeps en-GB and en-EU to namespaces en-US has (they hold only differences from it)', () => {
    expect([...differences].sort()).toEqual(['en-EU', 'en-GB']);
    for (const locale of differences) expect(onDisk('en-US')).toEqual(expect.arrayContaining(onDisk(locale)));
  });
});
