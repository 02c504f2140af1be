import { describe, expect, it } from 'vitest';
import type { Region } from '../../../content/editions';
import { EDITIONS } from '../../../content/editions';
import { formatFigure } from '../../../kernel/figures';
import type { FigureValue } from '../../../content/schema/product';
import { buildBundle } from '../../../worker/bundle/build';
import { translatorOf } from '../../../worker/render/translator';

// Units agree with their number in each language (docs/decisions/0031: "1 an", "1 Tage" were wrong):
// a unit's template may be one per plural category, chosen with Intl.PluralRules.

const format = (region: Region, value: FigureValue) => {
  const edition = EDITIONS[region];
  const bundle = buildBundle(region);
  return formatFigure(value, { lang: edition.htmlLang, region, currency: edition.currency, t: translatorOf(bundle).t })?.replace(/\u202f|\u00a0/g, ' ');
};

describe('plural units', () => {
  it.each([
    ['fr', { n: 1, unit: 'year' }, '1 an'],
    ['fr', { n: 2, unit: 'year' }, '2 ans'],
    ['fr', { n: 1, unit: 'day' }, '1 jour'],
    ['fr', { byRegion: { fr: 14 }, unit: 'day' }, '14 jours'],
    ['fr', { n: 3000, unit: 'unit' }, '3 000 exemplaires'],
    ['de', { n: 1, unit: 'year' }, '1 Jahr'],
    ['de', { n: 2, unit: 'year' }, '2 Jahre'],
    ['de', { n: 1, unit: 'day' }, '1 Tag'],
    ['de', { byRegion: { de: 14 }, unit: 'day' }, '14 Tage'],
    ['us', { n: 1, unit: 'unit' }, '1 unit'],
    ['us', { n: 3000, unit: 'unit' }, '3,000 units'],
    ['us', { n: 1, unit: 'year' }, '1-year'],
    ['us', { byRegion: { us: 30 }, unit: 'day' }, '30-day'],
    ['jp', { n: 1, unit: 'year' }, '1年間'],
    ['cn', { n: 3000, unit: 'unit' }, '3,000 台'],
    ['de', { n: 2700, unit: 'mAh' }, '2.700 mAh'],
    // "At least" in each language's own words (docs/decisions/0032: "2 500+ composants", "2.500+ Bauteile", "2,500+ 点").
    ['us', { n: 2500, plus: true }, '2,500+'],
    ['fr', { n: 2500, plus: true }, 'plus de 2 500'],
    ['de', { n: 2500, plus: true }, 'über 2.500'],
    ['jp', { n: 2500, plus: true }, '2,500以上'],
    ['jp', { n: 120, unit: 'min', plus: true }, '120分以上'],
    ['cn', { n: 2500, plus: true }, '2,500+'],
  ] as [Region, FigureValue, string][])('in %s, %j reads %s', (region, value, shown) => {
    expect(format(region, value)).toBe(shown);
  });
});
