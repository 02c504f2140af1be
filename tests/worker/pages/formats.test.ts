import { describe, expect, it } from 'vitest';
import { get, getAt, norm, pick, pickAll, unphrased } from '../fetch';
import { decode } from '../crawl';

// Formats on the pages themselves: plurals, money, dates as each edition writes them
// (kernel/format.ts, docs/decisions/0031).

const text = (html: string) =>
  norm(decode(html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, ' ')))!
    .replace(/\s+/g, ' ')
    .trim();

describe('the countdown at one day left', () => {
  it.each([
    ['/us/black-friday', '2024-11-27T23:00:00-05:00', '1 Day 01 Hour 00 Minutes 00 Seconds'],
    ['/de/black-friday', '2024-11-27T23:00:00+01:00', '1 Tag 01 Stunde 00 Minuten 00 Sekunden'],
    ['/fr/black-friday', '2024-11-27T23:00:00+01:00', '1 jour 01 heure 00 minute 00 seconde'],
    ['/uk/black-friday', '2024-11-26T22:58:59+00:00', '2 Days 01 Hour 01 Minute 01 Second'],
  ])('%s at %s reads "%s"', async (path, at, reads) => {
    const html = await (await getAt(path, at)).text();
    const timer = pick(html, /(<div class="countdown" role="timer"[\s\S]*?<\/div>)/);
    expect(timer && text(timer)).toBe(reads);
  });
});

describe('money with its own decimals, and the Japanese tax-included label', () => {
  it('writes Grimlock’s instalment example with cents: $141.60/month', async () => {
    const html = await (await get('/us/grimlock-g1-flagship')).text();
    expect([...new Set(pickAll(html, /data-instalment="">([^<]+)</).map((s) => norm(decode(s))))]).toEqual(['$141.60/month for 12 months at 0% APR']);
  });

  it('labels the Japanese shelf price tax-included: ¥174,900（税込）, and only there', async () => {
    const html = await (await get('/jp/flagship-bumblebee')).text();
    const prices = pickAll(html, /(<p class="price[^"]*"[\s\S]*?<\/p>)/).map(text);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/^¥174,900 ?（税込）/);
    expect(html).not.toContain('￥');
    // Only the Japanese edition has the label.
    expect(await (await get('/us/flagship-bumblebee')).text()).not.toContain('data-tax');
  });
});

describe('an instalment line under the price it divides', () => {
  it('puts the limited edition’s $58.25 × 12 under the $699 presale price, never under the $899 retail price', async () => {
    const html = await (await get('/us/optimus-prime-rise-of-the-beasts-signature-limited-edition')).text();
    const presale = pick(html, /(<div data-point="presale">[\s\S]*?<\/div>)/)!;
    expect(text(presale)).toBe('Presale $699 $58.25 per month for 12 months');
    const offer = pick(html, /(<div class="offer" data-offer="optimusPrimeRiseOfTheBeastsSignatureLimitedEdition">[\s\S]*?<\/div>)/)!;
    expect(text(offer)).toContain('$899');
    expect(offer).not.toContain('58.25');
  });
});

describe('copy true to the product’s state', () => {
  it.each([
    ['/us/flagship-optimus-prime', undefined, true],
    // A pre-order until it ships from August 2025.
    ['/jp/flagship-bumblebee', '2025-05-01T00:00:00+09:00', true],
    ['/jp/flagship-bumblebee', '2025-09-01T00:00:00+09:00', false],
    ['/us/flagship-bumblebee', undefined, false],
    ['/de/flagship-bumblebee', undefined, false],
  ])('%s at %s offers to notify the shopper: %s (only while it cannot be bought: sold out or a pre-order)', async (path, at, shown) => {
    const html = await (await (at ? getAt(path, at) : get(path))).text();
    expect(html.includes('data-subscribe-source="prelaunch"') || /<section id="prelaunch"/.test(html)).toBe(shown);
  });

  it('never calls a pre-order a best seller: Megatron wears a Pre-order badge on the Black Friday page', async () => {
    const html = await (await getAt('/us/black-friday', '2024-11-20T12:00:00-05:00')).text();
    const megatron = pick(html, /(data-item="flagshipMegatron"[\s\S]*?<\/li>)/) ?? pick(html, /(flagshipMegatron[\s\S]{0,3000})/)!;
    const label = pick(megatron, /data-identify-label="">([^<]+)</);
    expect(label).toBe('Pre-order');
  });
});

describe('a screen reader hears which product a button is for, joined as the language joins it', () => {
  // The hero's "learn more" link names its product, read only (worker/pages/parts/for-name.tsx).
  it.each([
    ['/us', /^: \S/],
    ['/fr', /^\u202f: \S/],
    ['/de', /^: \S/],
    ['/jp', /^：\S/],
    ['cn.localhost/', /^：\S/],
  ])('%s', async (path, joined) => {
    const [host, at] = path.startsWith('/') ? ['localhost', path] : path.split(/(?=\/)/);
    const html = unphrased(await (await get(at!, { host })).text());
    const hero = pick(html, /<p class="hero-actions">([\s\S]*?)<\/p>/);
    const hidden = hero && pick(hero, /<span class="visually-hidden">([^<]+)<\/span>/);
    expect(hidden && decode(hidden)).toMatch(joined);
  });
});
