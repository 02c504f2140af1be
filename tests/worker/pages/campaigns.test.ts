import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_MESSAGES, type Messages } from '../../../locales';
import { store } from '../../../worker/context/content';
import { getAt, norm, pick, pickAll } from '../fetch';

type Region = 'us' | 'uk' | 'eu' | 'fr' | 'de';
const REGIONS: Region[] = ['us', 'uk', 'eu', 'fr', 'de'];
const MIN = 60_000;

/**
 * 00:00 of a day in the edition's own time, as UTC ms (docs/design.md, "Campaigns": us
 * America/New_York, uk Europe/London, eu/fr/de Europe/Berlin; all on winter time then).
 */
const HOURS_BEHIND_UTC: Record<Region, number> = { us: 5, uk: 0, eu: -1, fr: -1, de: -1 };
const midnight = (day: string, region: Region) => Date.parse(`${day}T00:00:00Z`) + HOURS_BEHIND_UTC[region] * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Black Friday's boundaries per the table of docs/design.md, "Campaigns": stages from 18 Nov, 29 Nov, 2 Dec 2024; page until 4 Dec. */
const bf = (r: Region) => ({
  s1: midnight('2024-11-18', r),
  s2: midnight('2024-11-29', r),
  s3: midnight('2024-12-02', r),
  end: midnight('2024-12-04', r),
});
/** Christmas: one stage, page from 5 Dec 2024 to 6 Jan 2025. */
const xmas = (r: Region) => ({ start: midnight('2024-12-05', r), end: midnight('2025-01-06', r) });

const at = (path: string, ms: number) => getAt(path, iso(ms));

/** The groups of a Black Friday page: stage, locked flag, and the items' sale prices. */
function groups(html: string) {
  return [...html.matchAll(/<section id="([\w-]+)" class="campaign-group"[^>]*data-stage="(\d)" data-locked="(true|false)"[\s\S]*?<\/ul><\/section>/g)].map(
    (m) => ({
      id: m[1]!,
      stage: Number(m[2]),
      locked: m[3] === 'true',
      prices: pickAll(m[0], /data-activity-price="">([^<]+)</),
      signs: pickAll(m[0], /data-sign-price="">([^<]+)</),
      installments: pickAll(m[0], /data-installment="">([^<]+)</),
      unlockSoon: pickAll(m[0], /data-unlock-soon="">([^<]+)</).length,
      countdown: pick(m[0], /data-slot="countdown" data-target="([^"]+)"/),
      items: pickAll(m[0], /data-item="(\w+)"/).length,
    }),
  );
}

async function live(region: Region, slug: string, ms: number) {
  const [sitemap, home] = await Promise.all([(await at(`/${region}/sitemap.xml`, ms)).text(), (await at(`/${region}`, ms)).text()]);
  return {
    sitemap: sitemap.includes(`/${region}/${slug}</loc>`),
    nav: home.includes(`href="/${region}/${slug}"`),
    banner: home.includes(`data-banner="banner:${region}:${slug}"`),
  };
}

describe('Black Friday at moments before, in each stage of, and after the campaign', () => {
  const cases = REGIONS.flatMap((r) => {
    const b = bf(r);
    return [
      [r, 'a minute before it opens', b.s1 - MIN, 0, undefined],
      [r, 'the moment Early Black Friday starts', b.s1, 1, b.s2],
      [r, 'the last minute of Early Black Friday', b.s2 - MIN, 1, b.s2],
      [r, 'the moment Black Friday starts', b.s2, 2, b.s3],
      [r, 'the last minute of Black Friday', b.s3 - MIN, 2, b.s3],
      [r, 'the moment Cyber Monday starts', b.s3, 3, b.end],
      [r, 'the last minute of the page', b.end - MIN, 3, b.end],
      [r, 'the moment the page closes', b.end, 0, undefined],
    ] as const;
  });

  it.each(cases)('%s, %s', async (region, _, ms, stage, next) => {
    const res = await at(`/${region}/black-friday`, ms);
    const where = await live(region, 'black-friday', ms);
    if (stage === 0) {
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(`/${region}`);
      expect(where).toEqual({ sitemap: false, nav: false, banner: false });
      return;
    }
    expect(res.status).toBe(200);
    expect(where).toEqual({ sitemap: true, nav: true, banner: true });
    const html = await res.text();
    expect(pick(html, /data-campaign="black-friday" data-stage="(\d)"/)).toBe(String(stage));
    // The timeline marks the current stage, and only it.
    const timeline = html.slice(html.indexOf('class="campaign-timeline"'), html.indexOf('</ol>', html.indexOf('class="campaign-timeline"')));
    expect(pickAll(timeline, /<li data-stage="(\d)" data-state="current" aria-current="step"/)).toEqual([String(stage)]);
    expect(pickAll(timeline, /data-state="(\w+)"/)).toEqual([1, 2, 3].map((n) => (n < stage ? 'past' : n === stage ? 'current' : 'upcoming')));
    // The countdown counts to the next boundary: the next stage, else the page's end.
    const timelineSection = html.slice(html.indexOf('id="timeline"'), html.indexOf('id="special-offers"'));
    expect(pick(timelineSection, /data-slot="countdown" data-target="([^"]+)"/)).toBe(iso(next!));
    // "??" and "unlock soon" exactly on the items of stages not reached, with a countdown to their stage.
    const gs = groups(html);
    expect(gs.map((g) => g.id)).toEqual(['early-black-friday', 'black-friday', 'cyber-monday']);
    for (const g of gs) {
      expect(g.locked, g.id).toBe(g.stage > stage);
      expect(g.items).toBeGreaterThan(0);
      if (g.locked) {
        expect(g.prices).toEqual(Array(g.items).fill('??'));
        expect(g.signs).toEqual(Array(g.items).fill('??'));
        // Nor does the instalment give the price away (price / 12 is the sale price, too).
        for (const text of g.installments) expect(text).not.toMatch(/[$£]\s?\d|\d\s?€/);
        if (region === 'us') expect(g.installments).toEqual(Array(g.items).fill('or 12 monthly payments of ??'));
        expect(g.unlockSoon).toBe(g.items);
        expect(g.countdown).toBe(iso([0, bf(region).s1, bf(region).s2, bf(region).s3][g.stage]!));
      } else {
        expect(g.prices.some((p) => p.includes('??'))).toBe(false);
        expect(g.unlockSoon).toBe(0);
        expect(g.countdown).toBeUndefined();
      }
    }
    // The slots the lucky-draw form and the countdown island fill.
    expect(html).toContain('<section id="special-offers"');
    expect(html).toMatch(
      /<section id="lucky-draw"[^>]*><h2[^>]*>[^<]+<\/h2><p>[^<]+<\/p>[\s\S]*?<form[^>]*action="\/campaign\/lucky-draw#lucky-draw"[\s\S]*?<\/form><\/div><p class="collection-note">[^<]+(?:<!-- -->)? <a href="[^"]+">[^<]+<\/a><\/p><\/section>/,
    );
    // The line at the point of collection says what the address is for, and links the edition's own notice (decision 0033).
    expect(pick(html, /<p class="collection-note">[^<]+(?:<!-- -->)? <a href="([^"]+)"/)).toBe(`/${region}/privacy`);
  });
});

describe('Christmas sale at moments before, during and after it', () => {
  const cases = REGIONS.flatMap((r) => {
    const x = xmas(r);
    return [
      [r, 'a minute before', x.start - MIN, false],
      [r, 'the moment it opens', x.start, true],
      [r, 'its last minute', x.end - MIN, true],
      [r, 'the moment it closes', x.end, false],
    ] as const;
  });

  it.each(cases)('%s, %s', async (region, _, ms, open) => {
    const res = await at(`/${region}/christmas-sale`, ms);
    const where = await live(region, 'christmas-sale', ms);
    expect(where).toEqual({ sitemap: open, nav: open, banner: open });
    if (!open) {
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe(`/${region}`);
      return;
    }
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(pick(html, /data-slot="countdown" data-target="([^"]+)"/)).toBe(iso(xmas(region).end));
    // Members-only offers ship hidden, with a visible summary and a log-in link back here.
    const members = html.slice(html.indexOf('<section id="members-only-offers"'), html.indexOf('<section id="gift-guide"'));
    expect(members).toMatch(/<div class="members-only-content" hidden="">\s*<div class="members-only-offers" data-members-only="">/);
    expect(pickAll(members, /data-members-only=""[\s\S]*?data-activity-price="">([^<]+)</).every((p) => p !== '??')).toBe(true);
    expect(members).toContain('data-island="members-only"');
    expect(pick(members, /class="members-only-gate"[\s\S]*?href="([^"]+)"/)?.replaceAll('&amp;', '&')).toBe(
      `/${region}/login?next=%2F${region}%2Fchristmas-sale`,
    );
    expect(pickAll(members, /data-preview-item="(\w+)">([^<]+)</).length).toBeGreaterThan(0);
    expect(html).toContain('<section id="gift-guide"');
    expect(pickAll(html, /<li data-tier="(\w+)"/).length).toBeGreaterThanOrEqual(2);
  });
});

describe('Back to School (us) in its stages', () => {
  const s1 = Date.parse('2025-08-11T15:00:00+08:00');
  const s2 = Date.parse('2025-08-23T15:00:00+08:00');
  const over = Date.parse('2025-08-26T15:00:00+08:00');

  it.each([
    ['stage 1', s1, s2],
    ['the last minute of stage 1', s2 - MIN, s2],
    ['stage 2', s2, over],
    ['the last minute of stage 2', over - MIN, over],
  ])('%s: the promotion, the products on sale at sale and list prices, and the countdown', async (_, ms, next) => {
    const res = await at('/us/back-to-school', ms);
    expect(res.status).toBe(200);
    const html = norm(await res.text())!;
    expect(html).toContain('Save up to $529 plus an extra 8%');
    const onSale = html.slice(html.indexOf('id="products-on-sale"'), html.indexOf('id="terms"'));
    expect(pickAll(onSale, /data-item="(\w+)"/)).toEqual(['toyStoryBuzzLightyear', 'eliteOptimusPrime']);
    expect(pickAll(onSale, /data-activity-price="">([^<]+)</)).toEqual(['$619', '$599']);
    expect(pickAll(onSale, /data-sign-price="">([^<]+)</)).toEqual(['$699', '$699']);
    expect(pick(html, /data-slot="countdown" data-target="([^"]+)"/)).toBe(iso(next));
    expect(await live('us', 'back-to-school', ms)).toEqual({ sitemap: true, nav: true, banner: true });
  });

  it('is in the sitemap, nav and banners only during its stages', async () => {
    expect(await live('us', 'back-to-school', s1 - MIN)).toEqual({ sitemap: false, nav: false, banner: false });
    expect(await live('us', 'back-to-school', over)).toEqual({ sitemap: false, nav: false, banner: false });
  });
});

describe('a schedule pushed to KV moves a campaign', () => {
  afterEach(async () => {
    await env.CONTENT.delete('schedule');
    store.forget();
  });

  it('re-dates Black Friday in de only: stages, page window, countdown, sitemap and nav follow', async () => {
    const de = ['2026-11-20T00:00:00+01:00', '2026-11-27T00:00:00+01:00', '2026-11-30T00:00:00+01:00'];
    await env.CONTENT.put(
      'schedule',
      JSON.stringify({
        campaigns: { 'black-friday': { de } },
        windows: { 'route:black-friday@de': { campaign: 'black-friday', startTime: de[0], endTime: '2026-12-02T00:00:00+01:00' } },
      }),
    );
    store.forget();
    const inStage2 = Date.parse('2026-11-28T12:00:00Z');
    const res = await at('/de/black-friday', inStage2);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(pick(html, /data-campaign="black-friday" data-stage="(\d)"/)).toBe('2');
    expect(pick(html, /id="timeline"[\s\S]*?data-slot="countdown" data-target="([^"]+)"/)).toBe(iso(Date.parse(de[2]!)));
    expect(await live('de', 'black-friday', inStage2)).toEqual({ sitemap: true, nav: true, banner: true });
    // Other editions keep the bundled dates; the old de dates no longer open the page.
    expect((await at('/fr/black-friday', inStage2)).status).toBe(302);
    expect((await at('/de/black-friday', bf('de').s2)).status).toBe(302);
    expect((await at('/us/black-friday', bf('us').s2)).status).toBe(200);
    expect((await at('/de/black-friday', Date.parse('2026-12-02T00:00:00+01:00'))).status).toBe(302);
  });

  it('a plain window id in the document stands for every edition', async () => {
    await env.CONTENT.put(
      'schedule',
      JSON.stringify({ windows: { 'route:christmas-sale': { startTime: '2026-12-01T00:00:00Z', endTime: '2026-12-31T00:00:00Z' } } }),
    );
    store.forget();
    for (const region of REGIONS) {
      expect((await at(`/${region}/christmas-sale`, Date.parse('2026-12-10T00:00:00Z'))).status, region).toBe(200);
      expect((await at(`/${region}/christmas-sale`, xmas(region).start)).status, region).toBe(302);
    }
  });
});

/**
 * Every figure of docs/spec/content.md §9 "Campaign terms" for each region, in its language and
 * currency, as the Black Friday terms must say it (Cyber Monday: every stage revealed).
 */
const BF_TERMS: Record<Region, string[]> = {
  us: [
    '30-day price guarantee: if the price drops within 30 days of your purchase, we refund the difference.',
    'Every robot comes with a standard 2-year warranty.',
    'During promotions, deliveries may be delayed by 3–5 days.',
    'Our support team replies within 24 hours.',
    'Spend over $499 and get a free cap.',
    'Spend over $599 and get a free upgrade to express shipping.',
    'The first 3 or 5 customers on November 29 get a free cap.',
    'Extended returns: orders can be returned until January 20, 2025.',
    'Prize draw results are announced before December 10, 2024.',
    'Pay in 12 monthly installments.',
  ],
  uk: [
    '30-day price guarantee: if the price drops within 30 days of your purchase, we refund the difference.',
    'Every robot comes with a standard 2-year warranty.',
    'During promotions, deliveries may be delayed by 3–5 days.',
    'Our support team replies within 24 hours.',
    'Spend over £299 and get a free bottle.',
    'Spend over £699 and get a free T-shirt.',
    'The first 3 or 5 customers on 29 November get a free cap.',
    'Extended returns: orders can be returned until 27 January 2025.',
    'Prize draw results are announced before 10 December 2024.',
    'Pay in 3 monthly instalments.',
  ],
  eu: [
    '30-day price guarantee: if the price drops within 30 days of your purchase, we refund the difference.',
    'Every robot comes with a standard 2-year warranty.',
    'During promotions, deliveries may be delayed by 3–5 days.',
    'Our support team replies within 24 hours.',
    'Spend over €399 and get a free mug.',
    'Spend over €739 and get a free T-shirt.',
    'The first 3 or 5 customers on 29 November get a free cap.',
    'Extended returns: orders can be returned until 20 January 2025.',
    'Prize draw results are announced before 10 December 2024.',
  ],
  fr: [
    'Garantie de prix de 30 jours : si le prix baisse dans les 30 jours suivant votre achat, nous vous remboursons la différence.',
    'Chaque robot bénéficie d’une garantie standard de 2 ans.',
    'Pendant l’opération, la livraison peut prendre 3 à 5 jours de plus.',
    'Notre service client répond sous 24 heures.',
    'Pour tout achat de plus de 399 €, recevez un mug offert.',
    'Pour tout achat de plus de 739 €, recevez un T-shirt offert.',
    'Les 3 ou 5 premiers clients du 29 novembre reçoivent une casquette offerte.',
    'Retours prolongés : les commandes peuvent être retournées jusqu’au 20 janvier 2025.',
    'Les résultats du tirage au sort sont annoncés avant le 10 décembre 2024.',
    'Les nouveaux clients bénéficient d’une remise de bienvenue de 5 %.',
  ],
  de: [
    '30 Tage Preisgarantie: Sinkt der Preis innerhalb von 30 Tagen nach Ihrem Kauf, erstatten wir die Differenz.',
    'Jeder Roboter hat eine Standardgarantie von 2 Jahren.',
    'Während der Aktion kann sich die Lieferung um 3–5 Tage verzögern.',
    'Unser Support antwortet innerhalb von 24 Stunden.',
    'Bei einem Einkaufswert von mehr als 399 € erhalten Sie eine Tasse gratis.',
    'Bei einem Einkaufswert von mehr als 739 € erhalten Sie ein T-Shirt gratis.',
    'Die ersten 3 oder 5 Kunden am 29. November erhalten eine Kappe.',
    'Verlängerte Rückgabe: Bestellungen können bis zum 20. Januar 2025 zurückgegeben werden.',
    'Die Gewinner des Gewinnspiels werden vor dem 10. Dezember 2024 bekannt gegeben.',
    'Neukunden erhalten 5 % Willkommensrabatt.',
  ],
};

/** The Black Friday gift window line: the page's window (18 Nov to 3 Dec 2024, its end exclusive). */
const GIFT_WINDOW: Record<Region, string> = {
  us: 'Free gifts apply to orders placed during the sale (November 18 – December 3, 2024).',
  uk: 'Free gifts apply to orders placed during the sale (18 November – 3 December 2024).',
  eu: 'Free gifts apply to orders placed during the sale (18 November – 3 December 2024).',
  fr: 'Les cadeaux offerts s’appliquent aux commandes passées pendant l’opération (18 novembre – 3 décembre 2024).',
  de: 'Die Gratisgeschenke gelten für Bestellungen im Aktionszeitraum (18. November – 3. Dezember 2024).',
};

const LANG: Record<Region, string> = { us: 'en-US', uk: 'en-GB', eu: 'en', fr: 'fr-FR', de: 'de-DE' };

describe('campaign figures in each region', () => {
  it.each(REGIONS)('%s: the Black Friday terms quote every figure of the spec, in the edition’s language and currency', async (region) => {
    // On Black Friday itself, the first-customers day.
    const html = norm(await (await at(`/${region}/black-friday`, bf(region).s2)).text())!;
    expect(html).toContain(`lang="${LANG[region]}"`);
    expect(pickAll(html, /<li data-term="(?!gift-window)[\w-]+">([^<]+)</)).toEqual(BF_TERMS[region]);
    // When the free gifts apply: the sale's window, from the schedule.
    expect(pick(html, /<li data-term="gift-window">([^<]+)</)?.replace(/\u2009/g, ' ')).toBe(GIFT_WINDOW[region]);
    // The prize draw's T-shirt sizes: XL–XXXL, L–XXXL in the UK.
    expect(pick(html, /<section id="lucky-draw"[\s\S]*?<p>([^<]+)<\/p>/)).toContain(region === 'uk' ? '(L–XXXL)' : '(XL–XXXL)');
    // Its day over, the first-customers line is gone; the rest stays (docs/decisions/0029).
    const monday = norm(await (await at(`/${region}/black-friday`, bf(region).s3)).text())!;
    expect(monday).not.toContain('data-term="firstCustomers"');
    expect(pickAll(monday, /<li data-term="(?!gift-window)[\w-]+">([^<]+)</)).toEqual(BF_TERMS[region].filter((l) => !/(3 or 5|3 ou 5|3 oder 5)/.test(l)));
  });

  it.each(REGIONS)('%s: the Christmas terms and tiered rewards carry the region’s gifts, returns and instalments', async (region) => {
    const html = norm(await (await at(`/${region}/christmas-sale`, xmas(region).start)).text())!;
    const terms = pickAll(html, /<li data-term="(?!gift-window)[\w-]+">([^<]+)</);
    const expected = BF_TERMS[region].filter((line) => !/(3 or 5|3 ou 5|3 oder 5|draw|tirage|Gewinnspiel)/.test(line));
    expect(terms).toEqual(expected);
    const tiers = pickAll(html, /<li data-tier="\w+">(?:<img[^>]*>)?([\s\S]*?)<\/li>/).map((t) => t.replace(/<[^>]+>|<!-- -->/g, ''));
    const gifts = expected.filter((line) => /\$499|\$599|£299|£699|€399|€739|399 €|739 €/.test(line));
    expect(tiers.length).toBe(gifts.length + (region === 'fr' || region === 'de' ? 1 : 0));
    gifts.forEach((gift, i) => expect(tiers[i]).toContain(gift));
  });

  it.each([
    ['us', 'Flagship Bumblebee', '$1,149', '$1,299', 'Save $150', '11% off', 'or 12 monthly payments of $95.75', 'Pay with PayPal or Klarna', 'hat'],
    ['uk', 'Flagship Bumblebee', '£1,149', '£1,299', 'Save £150', '11% off', '3 interest-free monthly payments', 'Pay with Klarna', 'clothing'],
    ['eu', 'Flagship Bumblebee', '€1,399', '€1,599', 'Save €200', '12% off', undefined, 'Pay with PayPal', 'clothing'],
    ['fr', 'Flagship Bumblebee', '1 399 €', '1 599 €', 'Économisez 200 €', '-12 %', undefined, 'Payez avec PayPal', 'clothing'],
    ['de', 'Flagship Bumblebee', '1.399 €', '1.599 €', 'Sie sparen 200 €', '12 % Rabatt', undefined, 'Bezahlen mit PayPal', 'clothing'],
  ] as const)(
    '%s: a revealed Early Black Friday item carries every campaign-item field',
    async (region, name, sale, sign, save, discount, installment, payment, picture) => {
      const html = norm(await (await at(`/${region}/black-friday`, bf(region).s1)).text())!;
      const item = pick(html, /(<li class="campaign-item" data-item="flagshipBumblebee" data-locked="false">[\s\S]*?class="campaign-item-actions"[\s\S]*?<\/p><\/li>)/)!;
      expect(item).toBeDefined();
      expect(pick(item, /<h4>([^<]+)</)).toBe(name);
      expect(pick(item, /class="describe">([^<]+)</)).toBeTruthy();
      expect(pick(item, /<img src="\/images\/tiles\/flagshipBumblebee.svg" alt="([^"]+)"/)).toBe(name);
      expect(pick(item, /data-identify-label="">([^<]+)</)).toBeTruthy();
      expect(pick(item, /data-activity-price="">([^<]+)</)).toBe(sale);
      expect(pick(item, /data-sign-price="">([^<]+)</)).toBe(sign);
      expect(pick(item, /data-save="">([^<]+)</)).toBe(save);
      expect(pick(item, /data-discount="">([^<]+)</)).toBe(discount);
      expect(pick(item, /data-installment="">([^<]+)</)).toBe(installment);
      expect(pick(item, /data-payment="">([^<]+)</)).toBe(payment);
      expect(pick(item, /data-warranty="">([^<]+)</)).toMatch(/3/);
      expect(pick(item, /data-mini-picture="(\w+)"/)).toBe(picture);
      expect(pick(item, /href="(https:\/\/[^"]+)"[^>]*data-buy/)).toBe(`https://${region}.shop.robolux.com/products/flagship-bumblebee`);
      expect(pick(item, /href="([^"]+)" data-learn-more/)).toBe(`/${region}/flagship-bumblebee#hero`);
    },
  );

  it('Back to School quotes "save up to $529 plus an extra 8%" in its banner and terms', async () => {
    const html = norm(await (await at('/us/back-to-school', Date.parse('2025-08-12T00:00:00Z'))).text())!;
    expect(pick(html, /data-discount-headline="">([^<]+)</)).toBe('Save up to $529 plus an extra 8%');
    expect(pick(html, /data-term="saveUpTo">([^<]+)</)).toBe('Back to School: save up to $529 plus an extra 8%.');
  });
});

describe('campaign copy', () => {
  const leaves = (tree: Messages, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'object' && !Array.isArray(v) ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)] as [string, string]],
    );
  const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
  const of = (locale: keyof typeof LOCALE_MESSAGES, namespaces: readonly string[]) =>
    new Map(namespaces.flatMap((ns) => leaves(((LOCALE_MESSAGES[locale] as Record<string, Messages>)[ns] ?? {}) as Messages, `${ns}.`)));

  it.each(['fr-FR', 'de-DE'] as const)('%s has every en-US campaign key its pages show, with the same placeholders', (locale) => {
    // Back to School is a US-only page.
    const namespaces = ['campaign', 'black-friday', 'christmas-sale'];
    const reference = of('en-US', namespaces);
    const own = of(locale, namespaces);
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, value] of reference) {
      expect(own.get(key)!.trim(), `${locale} ${key}`).not.toBe('');
      expect(holes(own.get(key)!), `${locale} ${key}`).toEqual(holes(value));
    }
  });

  it.each(['en-GB', 'en-EU'] as const)('%s holds only real differences from en-US', (locale) => {
    const reference = of('en-US', ['campaign']);
    for (const [key, value] of of(locale, ['campaign'])) {
      expect(reference.has(key), key).toBe(true);
      expect(value).not.toBe(reference.get(key));
    }
  });
});

describe('campaign pictures', () => {
  const art = import.meta.glob('../../../client/static/images/campaigns/*.svg', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
  const file = (src: string) => art[`../../../client/static${src}`];
  /** Bytes of `text` gzipped, as the static assets travel. */
  const gzipped = async (text: string) => (await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer()).byteLength;
  /** Every campaign picture a page shows: the banner, the benefit icons, the gifts' mini pictures. */
  const shown = (html: string) => [...new Set(pickAll(html, /src="(\/images\/campaigns\/[\w-]+\.svg)"/))];
  async function withinBudget(src: string, banner: boolean) {
    const svg = file(src);
    expect(svg, src).toBeDefined();
    // The pages' markup names these sizes (1200 × 480 banners, 48 px benefit icons, 32 px gifts).
    const open = svg!.slice(0, svg!.indexOf('>'));
    const side = /width="32"/.test(open) ? 32 : 48;
    const [w, h] = banner ? [1200, 480] : [side, side];
    for (const attr of [`width="${w}"`, `height="${h}"`, `viewBox="0 0 ${w} ${h}"`]) expect(open, src).toContain(attr);
    expect(await gzipped(svg!), src).toBeLessThanOrEqual(banner ? 4_000 : 1_500);
    expect(svg, src).not.toMatch(/<(filter|fe\w+|image|text|script|style|foreignObject)\b|on\w+=|@font-face/i);
  }

  // The banner is the Largest Contentful Paint of its page (Lighthouse mobile ≥ 0.95): lit art
  // (scripts/art/campaigns.ts) within 4 kB gzip a banner and 1.5 kB a small picture, with
  // nothing that paints on the main thread (filters) or fetches more (raster, fonts, text).
  it.each([
    ['us', 'black-friday', bf('us').s2],
    ['de', 'black-friday', bf('de').s3],
    ['fr', 'christmas-sale', xmas('fr').start],
    ['uk', 'christmas-sale', xmas('uk').start],
    ['us', 'back-to-school', Date.parse('2025-08-20T04:00:00Z')],
  ] as const)('%s %s at a live moment shows light art, within budget', async (region, slug, ms) => {
    const res = await at(`/${region}/${slug}`, ms);
    expect(res.status).toBe(200);
    const pictures = shown(await res.text());
    expect(pictures).toContain(`/images/campaigns/${slug}.svg`);
    expect(pictures.length).toBeGreaterThan(1);
    for (const src of pictures) await withinBudget(src, src === `/images/campaigns/${slug}.svg`);
  });

  it('holds every file under images/campaigns to its budget, whichever moment shows it', async () => {
    const sources = Object.keys(art).map((path) => path.replace('../../../client/static', ''));
    expect(sources).toEqual(
      expect.arrayContaining(['/images/campaigns/black-friday.svg', '/images/campaigns/hat.svg', '/images/campaigns/benefit-returns.svg']),
    );
    for (const src of sources) await withinBudget(src, /\/(black-friday|christmas-sale|back-to-school)\.svg$/.test(src));
  });
});
