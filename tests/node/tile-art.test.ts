import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACK_TO_SCHOOL, BLACK_FRIDAY, CHRISTMAS_SALE } from '../../content/campaigns';
import { tileImage } from '../../content/catalogue';
import { SECTION1, SECTION2 } from '../../content/home';
import { ProductKey } from '../../content/schema/catalogue';

/** Every product key anywhere in a campaign's content (items, groups, gift guide, members' offers). */
function productKeys(value: unknown): string[] {
  if (typeof value === 'string') return ProductKey.safeParse(value).success ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(productKeys);
  return value && typeof value === 'object' ? Object.values(value).flatMap(productKeys) : [];
}

// Every home tile and campaign card shows `tileImage(key)`; a key without art is a broken image
// on a live page (the K1 on the Christmas sale once was). Checked here for every home tile and
// every product any campaign of any edition names, whatever moment makes a page show it.
describe('tile art', () => {
  const campaigns = productKeys([BLACK_FRIDAY, CHRISTMAS_SALE, BACK_TO_SCHOOL]);
  const keys = [...new Set([...[...SECTION1, ...SECTION2].map((tile) => tile.key), ...campaigns])];

  it.each(keys)('%s has its picture under client/static', (key) => {
    expect(existsSync(join('client/static', tileImage(key)))).toBe(true);
  });

  it('is checked for the campaigns’ products, not none', () => {
    expect(campaigns).toContain('interstellarScoutK1');
    expect(keys.length).toBeGreaterThan(8);
  });
});
