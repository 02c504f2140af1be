import { describe, expect, it } from 'vitest';
import { LOCALE_MESSAGES } from '../../../locales';
import { getAt, norm, pick, unphrased } from '../fetch';

// France's Code de commerce (L310-3) keeps "soldes" for the official sale periods: a brand's own
// campaigns are offers and promotions, in every place a shopper meets them (docs/decisions/0056).

const SOLDES = /\bsoldes?\b/i;

describe('French sale words', () => {
  it('no French message says "soldes"', () => {
    const found: string[] = [];
    const walk = (value: unknown, key: string) => {
      if (typeof value === 'string') {
        if (SOLDES.test(value)) found.push(`${key}: ${value}`);
      } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}.${k}`);
    };
    walk(LOCALE_MESSAGES['fr-FR'], 'fr-FR');
    expect(found).toEqual([]);
  });

  it('names the campaigns "Black Friday : promotions robots" and "Offres de Noël" on the page, the banner, the menu and the share card', async () => {
    const friday = unphrased(await (await getAt('/fr/black-friday', '2024-11-30T12:00:00+01:00')).text());
    expect(norm(pick(friday, /<h1>([^<]+)<\/h1>/))).toBe('Black Friday : promotions robots');
    const christmas = unphrased(await (await getAt('/fr/christmas-sale', '2024-12-10T12:00:00+01:00')).text());
    expect(pick(christmas, /<h1>([^<]+)<\/h1>/)).toBe('Offres de Noël');
    const banners = pick(christmas, /(<div class="text-banners"[\s\S]*?<\/div>)/)!;
    expect(norm(banners)).toContain('Offres de Noël : prix réservés aux membres et cadeaux offerts');
    expect(pick(christmas, /<a href="\/fr\/christmas-sale"[^>]*data-identify="christmas">([^<]+)</)).toBe('Offres de Noël');
    expect(pick(christmas, /<meta property="og:image:alt" content="([^"]+)"/)).toMatch(/^Offres de Noël/);
    for (const html of [friday, christmas]) expect(html).not.toMatch(SOLDES);
  });
});
