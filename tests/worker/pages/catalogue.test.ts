import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../../content/editions';
import { PRODUCT_KEYS } from '../../../content/schema/catalogue';
import { buildBundle } from '../../../worker/bundle/build';
import { lookup } from '../../../worker/bundle/build';
import { get, getAt, pick, norm, tileOf } from '../fetch';

describe('catalogue', () => {
  it.each([
    // docs/spec/platform.md §9 "Selected prices", docs/spec/content.md §9.
    ['us', 'flagshipBumblebee', 1299, undefined],
    ['us', 'toyStoryBuzzLightyear', 699, 619],
    ['us', 'flagshipMegatron', 1499, undefined],
    ['us', 'grimlockG1Flagship', 1699, undefined],
    ['us', 'eliteOptimusPrime', 699, 599],
    ['us', 'interstellarScoutK1', 299, undefined],
    ['us', 'k1ProInterstellarScout', 399, undefined],
    ['us', 'aiBase', 299, undefined],
    ['us', 'eliteOptimusPrimeAiBase', 948, undefined],
    ['eu', 'flagshipBumblebee', 1599, undefined],
    ['de', 'flagshipBumblebee', 1599, undefined],
    ['fr', 'flagshipBumblebee', 1599, undefined],
    ['uk', 'flagshipBumblebee', 1299, undefined],
    ['jp', 'flagshipBumblebee', 174900, undefined],
    ['cn', 'flagshipBumblebee', 8499, undefined],
    ['cn', 'interstellarScoutK1', 1980, undefined],
    ['cn', 'k1ProInterstellarScout', 2499, undefined],
    ['de', 'toyStoryBuzzLightyear', 599, undefined],
    ['uk', 'toyStoryBuzzLightyear', 499, undefined],
    ['cn', 'toyStoryBuzzLightyear', 3999, undefined],
  ] as const)('%s %s costs %i (sale %s)', (region, key, price, sale) => {
    const offer = buildBundle(region).offers[key]!;
    expect(offer.price).toBe(price);
    expect(offer.activityPrice).toBe(sale);
    expect(offer.buy).toMatch(/^https:\/\//);
  });

  it('has an offer somewhere for every product key', () => {
    const offered = new Set(REGIONS.flatMap((r) => Object.keys(buildBundle(r).offers)));
    expect(PRODUCT_KEYS.filter((k) => !offered.has(k))).toEqual([]);
  });

  it('marks Megatron pre-sale until it ships (Q4 2025), and the flagship Optimus Prime sold out', async () => {
    const home = await (await getAt('/us', '2025-10-01T00:00:00Z')).text();
    const tile = (key: string) => tileOf(home, key);
    expect(pick(tile('flagshipMegatron'), /data-buy="(\w+)"/)).toBe('preOrder');
    // Its delivery quarter over, the pre-sale is too.
    expect(pick(tileOf(await (await get('/us')).text(), 'flagshipMegatron'), /data-buy="(\w+)"/)).toBe('buy');
    expect(pick(tile('flagshipMegatron'), /data-price[^>]*>([^<]+)</)).toBe('$1,499');
    expect(pick(tile('flagshipOptimusPrime'), /data-buy="(\w+)"/)).toBe('soldOut');
    expect(pick(tile('flagshipOptimusPrime'), /data-buy="soldOut"[^>]*>([^<]+)</)).toBe('Sold Out');
  });

  it.each([
    ['/de', 'localhost', 'toyStoryBuzzLightyear', '599 €'],
    ['/uk', 'localhost', 'toyStoryBuzzLightyear', '£499'],
    ['/', 'cn.localhost', 'k1ProInterstellarScout', '¥2,499'],
    ['/us', 'localhost', 'aiBase', '$299'],
  ])('%s home shows %s at %s', async (path, host, key, price) => {
    const home = await (await get(path, { host })).text();
    const at = home.indexOf(`data-tile="${key}"`);
    expect(at).toBeGreaterThan(0);
    expect(norm(pick(home.slice(at), /data-price[^>]*>([^<]+)</))).toBe(price);
  });
});

describe('region packs', () => {
  it.each([
    ['us', 'localhost', '/us/flagship-bumblebee', 'Pay with PayPal or Klarna · or 12 monthly payments of $108.25'],
    ['uk', 'localhost', '/uk/flagship-bumblebee', 'Pay with Klarna · 3 interest-free monthly payments'],
    ['de', 'localhost', '/de/flagship-bumblebee', 'Bezahlen mit PayPal'],
    ['eu', 'localhost', '/eu/flagship-bumblebee', 'Pay with PayPal'],
    ['jp', 'localhost', '/jp/flagship-bumblebee', 'PayPal でお支払いいただけます'],
  ])('%s shows its payment methods and installments', async (_, host, path, note) => {
    const html = await (await get(path, { host })).text();
    expect(norm(pick(html, /data-payment="true"[^>]*>(.+?)<\/p>/)?.replace(/<!-- -->/g, ''))).toBe(note);
  });

  it('shows no payment line where the store does not name methods (cn)', async () => {
    expect(await (await get('/flagship-bumblebee', { host: 'cn.localhost' })).text()).not.toContain('data-payment');
  });

  it.each(REGIONS)('%s has every pack field: labels, countdown units, subscribe texts and API messages', (region) => {
    const bundle = buildBundle(region);
    for (const key of [
      ...['buy', 'preOrder', 'learnMore', 'unlockSoon', 'save', 'off', 'soldOut', 'watchVideo'].map((k) => `common.labels.${k}`),
      ...['days', 'hours', 'minutes', 'seconds'].map((k) => `common.countdown.${k}`),
      ...['title', 'describe', 'placeholder', 'button', 'invalid', 'success'].map((k) => `common.subscribe.${k}`),
      'common.api.message.default',
      'common.api.message.4003',
      'common.footer.copyright',
    ]) {
      // A counted word may be written by plural forms (`{ one, other }`): its `other` is the word.
      const found = lookup(bundle.messages, key);
      const value = typeof found === 'object' && found !== null && 'other' in found ? found.other : found;
      expect(typeof value === 'string' && value.length > 0, `${region} ${key}`).toBe(true);
    }
    expect(bundle.pack.shop).toMatch(/^https:\/\//);
    expect(bundle.pack.region).toBe(region);
  });

  it('words the API messages in each language', () => {
    const defaults = new Set(['us', 'fr', 'de', 'jp', 'kr', 'cn'].map((r) => lookup(buildBundle(r as never).messages, 'common.api.message.default')));
    const expired = new Set(['us', 'fr', 'de', 'jp', 'kr', 'cn'].map((r) => lookup(buildBundle(r as never).messages, 'common.api.message.4003')));
    expect(defaults.size).toBe(6);
    expect(expired.size).toBe(6);
  });
});
