import { describe, expect, it } from 'vitest';
import { offersFor } from '../../../content/catalogue';
import { DEFAULT_SCHEDULE as SCHEDULE } from '../../../content/schedule';
import { lowestBefore, referencePrice, type PricePeriod } from '../../../kernel/reference-price';
import { priceHistory } from '../../../worker/clock/price-history';
import { getAt, pick, pickAll } from '../fetch';

// The price a deal may be struck through from in de, fr and eu (docs/decisions/0056): the lowest
// price of the 30 days before the deal began (PAngV § 11, Directive 98/6/EC art. 6a), from the
// history the content and the schedule hold, or none.

const DAY = 24 * 60 * 60 * 1000;
const d = (n: number) => Date.UTC(2026, 10, 1) + n * DAY;

describe('the 30-day reference, a pure rule', () => {
  const list: PricePeriod = { price: 599 };
  it.each<[string, PricePeriod[], { price: number; from: number }, number | undefined]>([
    ['a first reduction: the list price', [list], { price: 499, from: d(0) }, 599],
    ['a reduction after a raise: a higher price than the sale before it is no reduction', [list, { price: 499, from: d(0), to: d(10) }], { price: 549, from: d(20) }, undefined],
    ['a deeper reduction after a raise: from the earlier sale', [list, { price: 499, from: d(0), to: d(10) }], { price: 449, from: d(20) }, 499],
    ['a sale that ended more than 30 days before: the list price again', [list, { price: 449, from: d(0), to: d(5) }], { price: 499, from: d(40) }, 599],
    ['a stage that started less than 30 days ago: its price, not the list price', [{ price: 1599 }, { price: 1399, from: d(0) }], { price: 1349, from: d(14) }, 1399],
    ['that stage’s own deal: the price before it began', [{ price: 1599 }, { price: 1399, from: d(0) }], { price: 1399, from: d(0) }, 1599],
    ['no history', [], { price: 499, from: d(0) }, undefined],
    ['no price before the deal began (a later stage only)', [{ price: 429, from: d(5) }], { price: 499, from: d(0) }, undefined],
  ])('%s', (_, history, deal, expected) => {
    expect(referencePrice(history, deal)).toBe(expected);
  });

  it('counts a price in force for a single moment of the 30 days, and none that ended as they began', () => {
    expect(lowestBefore([{ price: 1, from: d(-31), to: d(-30) + 1 }], d(0))).toBe(1);
    expect(lowestBefore([{ price: 1, from: d(-31), to: d(-30) }], d(0))).toBeUndefined();
  });
});

describe('the price history of an edition, from the content and the schedule', () => {
  it('holds the German Flagship Bumblebee’s list price and each campaign’s price from its stage’s start', () => {
    const offer = offersFor('de').flagshipBumblebee!;
    const at = (iso: string) => Date.parse(iso);
    expect(priceHistory(SCHEDULE, 'de', 'flagshipBumblebee', offer)).toEqual([
      { price: 1599 },
      { price: 1399, from: at('2024-11-18T00:00:00+01:00'), to: at('2024-12-04T00:00:00+01:00') },
      { price: 1349, from: at('2024-12-02T00:00:00+01:00'), to: at('2024-12-04T00:00:00+01:00') },
      { price: 1449, from: at('2024-12-05T00:00:00+01:00'), to: at('2025-01-06T00:00:00+01:00') },
    ]);
  });
});

describe('deals as the German, French and EU pages show them', () => {
  const card = (html: string, key: string) => pickAll(html, new RegExp(`(<li class="campaign-item" data-item="${key}"[\\s\\S]*?</li>\\s*(?=<li class="campaign-item"|</ul>))`, 'g'));

  it('strikes the Cyber Monday deal through from the Early Black Friday price it followed, with what it is and the saving from it', async () => {
    const html = await (await getAt('/de/black-friday', '2024-12-02T12:00:00+01:00')).text();
    const [early, cyber] = card(html, 'flagshipBumblebee');
    expect(pick(early!, /<s data-sign-price="">([^<]+)<\/s>/)).toBe('1.599\u00a0€');
    expect(pick(cyber!, /<s data-sign-price="">([^<]+)<\/s>/)).toBe('1.399\u00a0€');
    expect(pick(cyber!, /<span class="price-reference" data-reference-label="">([^<]+)<\/span>/)).toBe('Niedrigster Preis der letzten 30 Tage');
    expect(pick(cyber!, /<span data-save="">([^<]+)<\/span>/)).toContain('50');
    expect(cyber).toContain('inkl. MwSt.');
  });

  it('shows the Christmas members’ prices, after Black Friday’s lower ones, with nothing struck through and no saving announced', async () => {
    for (const region of ['de', 'fr', 'eu'] as const) {
      const html = await (await getAt(`/${region}/christmas-sale`, '2024-12-10T12:00:00+01:00')).text();
      expect(html, region).not.toContain('data-sign-price');
      expect(html, region).not.toContain('data-save=');
      expect(html, region).not.toContain('data-discount-headline=""><');
    }
    const fr = await (await getAt('/fr/christmas-sale', '2024-12-10T12:00:00+01:00')).text();
    expect(pick(fr, /data-discount-headline="">([^<]+)</)).toBe('Des prix réservés aux membres sur nos robots');
  });

  it('keeps the list price struck through in an edition whose law does not set the reference (us)', async () => {
    const html = await (await getAt('/us/christmas-sale', '2024-12-10T12:00:00-05:00')).text();
    expect(pick(card(html, 'flagshipBumblebee')[0]!, /<s data-sign-price="">([^<]+)<\/s>/)).toBe('$1,299');
  });
});
