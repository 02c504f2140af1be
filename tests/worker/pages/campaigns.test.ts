import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../../worker/context/content';
import { getAt, norm, pick, pickAll } from '../fetch';

type Region = 'us' | 'uk' | 'eu' | 'fr' | 'de';
const REGIONS: Region[] = ['us', 'uk', 'eu', 'fr', 'de'];
const MIN = 60_000;

/**
 * 00:00 of a day in the edition's own time, as UTC ms (DESIGN.md "Campaigns": us
 * America/New_York, uk Europe/London, eu/fr/de Europe/Berlin; all on winter time then).
 */
const HOURS_BEHIND_UTC: Record<Region, number> = { us: 5, uk: 0, eu: -1, fr: -1, de: -1 };
const midnight = (day: string, region: Region) => Date.parse(`${day}T00:00:00Z`) + HOURS_BEHIND_UTC[region] * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Black Friday's boundaries per the DESIGN.md table: stages from 18 Nov, 29 Nov, 2 Dec 2024; page until 4 Dec. */
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
    expect(html).toMatch(/<section id="lucky-draw"[^>]*><h2[^>]*>[^<]+<\/h2><p>[^<]+<\/p>[\s\S]*?<div data-slot="lucky-draw"><\/div><\/section>/);
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
    expect(members).toMatch(/<div class="members-only-offers" data-members-only="" hidden="">/);
    expect(pickAll(members, /data-members-only="" hidden=""[\s\S]*?data-activity-price="">([^<]+)</).every((p) => p !== '??')).toBe(true);
    expect(pick(members, /href="([^"]+)" data-members-login/)).toBe(`/${region}/login?next=%2F${region}%2Fchristmas-sale`);
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
