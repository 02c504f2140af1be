import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEDULE_KEY } from '../../../worker/bundle/store';
import { store } from '../../../worker/context/content';
import { clearRenderCache } from '../../../worker/pages/render-cache';
import { rollSchedule } from '../../../ops/roll';
import { decode, fetchUrl, sitemapPages } from '../crawl';
import { getAt, norm, pick, pickAll } from '../fetch';

// Every dated word comes from the schedule (docs/decisions/0029): moved, it moves on every
// page that quotes it, in every language; passed, it is gone. Today (26 November 2026) no
// page says a date that has passed as if it were ahead.

const TODAY = '2026-11-26T12:00:00Z';
/** Years that are over on 26 November 2026: a page that names one outside a record is stale. */
const STALE = /\b(20(?:1\d|2[0-5]))\b/;

/**
 * A page's words as a visitor reads them: title, description and body text, without scripts,
 * styles or records — a news article or a manual's update date is a record of its day
 * (`data-record`), not a dated word of the schedule.
 */
function words(html: string): string {
  const head = [pick(html, /<title>([^<]*)<\/title>/), pick(html, /<meta name="description" content="([^"]*)"/)].join(' ');
  const body = html
    .slice(html.indexOf('<body'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<article data-record="">[\s\S]*?<\/article>/g, ' ')
    .replace(/<section [^>]*data-record="">[\s\S]*?<\/section>/g, ' ')
    .replace(/<time [^>]*data-record="">[\s\S]*?<\/time>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return norm(decode(`${head} ${body}`))!.replace(/[\s\u2009]+/g, ' ');
}

/** Where a stale year stands in a page's words, with some context; undefined when none does. */
function staleIn(html: string): string | undefined {
  const text = words(html);
  const m = STALE.exec(text);
  return m ? text.slice(Math.max(0, m.index - 60), m.index + 20) : undefined;
}

/** Every page the sitemaps list at a moment, each fetched at that moment. */
async function crawl(iso: string): Promise<{ url: string; html: string }[]> {
  const cookie = { Cookie: `timestamp=${Date.parse(iso)}` };
  const urls = (await sitemapPagesAt(cookie)).filter((u) => !u.includes('/news/'));
  const pages: { url: string; html: string }[] = [];
  for (const url of urls) {
    const res = await fetchUrl(url, { headers: cookie });
    expect(res.status, url).toBe(200);
    pages.push({ url, html: await res.text() });
  }
  return pages;
}

/** The sitemaps as they stand at a preview moment (campaign pages join while live). */
async function sitemapPagesAt(headers: Record<string, string>): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const out: string[] = [];
  for (const index of ['http://localhost/sitemap.xml', 'http://cn.localhost/sitemap.xml']) {
    const xml = await (await fetchUrl(index, { headers })).text();
    const maps = xml.includes('<sitemapindex') ? locs(xml) : [index];
    for (const map of maps) out.push(...(map === index ? locs(xml) : locs(await (await fetchUrl(map, { headers })).text())));
  }
  return [...new Set(out)];
}

afterEach(async () => {
  await env.CONTENT.delete(SCHEDULE_KEY);
  store.forget();
  await clearRenderCache();
});

describe('no stale date on 26 November 2026', () => {
  it('with the bundled schedule: every page the sitemaps list says no year that is over, outside a record', { timeout: 120_000 }, async () => {
    const pages = await crawl(TODAY);
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.map((p) => p.url).filter((u) => u.includes('black-friday'))).toEqual([]);
    const stale = pages.flatMap(({ url, html }) => {
      const at = staleIn(html);
      return at ? [`${url}: …${at}…`] : [];
    });
    expect(stale).toEqual([]);
    // The check sees a dated word: the same Megatron page while its delivery quarter was ahead says 2025.
    expect(staleIn(await (await getAt('/us/flagship-megatron', '2025-10-01T00:00:00Z')).text())).toContain('Q4 2025');
    // The crawl covers what it claims to: the sitemap pages as they are without a preview, too.
    expect((await sitemapPages()).filter((u) => !u.includes('/news/')).length).toBe(pages.length);
  });

  it('with this year’s campaigns rolled in: Black Friday 2026 is live, and still no page says a year that is over', { timeout: 120_000 }, async () => {
    await env.CONTENT.put(SCHEDULE_KEY, JSON.stringify(rollSchedule(2026)));
    store.forget();
    const pages = await crawl(TODAY);
    const campaigns = pages.filter((p) => p.url.endsWith('/black-friday'));
    expect(campaigns.map((p) => new URL(p.url).pathname).sort()).toEqual([
      '/de/black-friday',
      '/eu/black-friday',
      '/fr/black-friday',
      '/uk/black-friday',
      '/us/black-friday',
    ]);
    const stale = pages.flatMap(({ url, html }) => {
      const at = staleIn(html);
      return at ? [`${url}: …${at}…`] : [];
    });
    expect(stale).toEqual([]);
  });

  it('the dated words of 2023–2025 are gone, not merely out of the sitemap: Megatron, Grimlock, the limited edition, Japan, the "New" badge', async () => {
    const page = async (path: string) => (await getAt(path, TODAY)).text();
    const megatron = await page('/us/flagship-megatron');
    expect(megatron).not.toContain('Expected delivery');
    expect(megatron).toContain('data-buy="buy"');
    expect(pick(megatron, /<meta name="description" content="([^"]*)"/)).not.toContain('pre-sale');
    expect(await page('/us/grimlock-g1-flagship')).not.toContain('data-timeline');
    const limited = await page('/us/optimus-prime-rise-of-the-beasts-signature-limited-edition');
    expect(limited).not.toContain('data-timeline');
    expect(limited).not.toContain('Early-bird');
    const japan = await page('/jp/flagship-bumblebee');
    expect(japan).not.toContain('data-note');
    expect(japan).toContain('data-buy="buy"');
    for (const home of ['/us', '/de', '/jp']) {
      const html = await page(home);
      expect(html, home).not.toContain('class="tag bg-yellow"');
      expect(html, home).not.toContain('<span class="eyebrow">');
    }
    // While new, it was "New" (the nav tag and the home's eyebrow).
    const launch = await (await getAt('/de', '2025-04-01T00:00:00Z')).text();
    expect(launch).toContain('class="tag bg-yellow"');
    expect(launch).toContain('<span class="eyebrow">Neu</span>');
  });
});

describe('a moved campaign moves every dated word of its pages, in each language', () => {
  /** The German, French and British Black Friday of 2026, as `ops schedule roll --year 2026` puts it. */
  const CASES = [
    {
      path: '/de/black-friday',
      lang: 'de-DE',
      range: '16. November – 1. Dezember 2026',
      stages: ['16. November 2026', '27. November 2026', '30. November 2026'],
      countdown: '27. November 2026 um 00:00 MEZ',
      firstCustomers: 'Die ersten 3 oder 5 Kunden am 27. November erhalten eine Kappe.',
      returns: 'Verlängerte Rückgabe: Bestellungen können bis zum 18. Januar 2027 zurückgegeben werden.',
      draw: 'Die Gewinner des Gewinnspiels werden vor dem 8. Dezember 2026 bekannt gegeben.',
      christmas: '5. Dezember 2026 – 5. Januar 2027',
    },
    {
      path: '/fr/black-friday',
      lang: 'fr-FR',
      range: '16 novembre – 1 décembre 2026',
      stages: ['16 novembre 2026', '27 novembre 2026', '30 novembre 2026'],
      countdown: '27 novembre 2026 à 00:00 UTC+1',
      firstCustomers: 'Les 3 ou 5 premiers clients du 27 novembre reçoivent une casquette offerte.',
      returns: 'Retours prolongés : les commandes peuvent être retournées jusqu’au 18 janvier 2027.',
      draw: 'Les résultats du tirage au sort sont annoncés avant le 8 décembre 2026.',
      christmas: '5 décembre 2026 – 5 janvier 2027',
    },
    {
      path: '/uk/black-friday',
      lang: 'en-GB',
      range: '16 November – 1 December 2026',
      stages: ['16 November 2026', '27 November 2026', '30 November 2026'],
      countdown: '27 November 2026 at 00:00 GMT',
      firstCustomers: 'The first 3 or 5 customers on 27 November get a free cap.',
      returns: 'Extended returns: orders can be returned until 25 January 2027.',
      draw: 'Prize draw results are announced before 8 December 2026.',
      christmas: '5 December 2026 – 5 January 2027',
    },
  ];

  it.each(CASES)('$path ($lang): banner, timeline, countdown, terms, lucky draw and the Christmas page all say 2026', async (c) => {
    await env.CONTENT.put(SCHEDULE_KEY, JSON.stringify(rollSchedule(2026)));
    store.forget();
    const res = await getAt(c.path, TODAY);
    expect(res.status).toBe(200);
    const html = norm(await res.text())!.replace(/\u2009/g, ' ');
    expect(html).toContain(`lang="${c.lang}"`);
    expect(html).toContain('data-stage="1"');
    expect(pick(html, /<p class="campaign-time"><time dateTime="[^"]+">([^<]+)</)).toBe(c.range);
    expect(pickAll(html, /<li data-stage="\d"[^>]*>[\s\S]*?<time dateTime="[^"]+">([^<]+)<\/time>/)).toEqual(c.stages);
    expect(pick(html, /data-slot="countdown"[\s\S]*?<time dateTime="[^"]+">([^<]+)</)).toBe(c.countdown);
    expect(pick(html, /<li data-term="firstCustomers">([^<]+)</)).toBe(c.firstCustomers);
    expect(pick(html, /<li data-term="returns">([^<]+)</)).toBe(c.returns);
    expect(pick(html, /<li data-term="draw">([^<]+)</)).toBe(c.draw);
    expect(pick(html, /<p data-draw-results="">([^<]+)</)).toBe(c.draw);
    expect(pick(html, /<li data-term="gift-window">([^<]+)</)).toContain(c.range);
    expect(staleIn(html)).toBeUndefined();

    // The Christmas sale of the same edition, rolled with it: its window, its returns benefit and terms.
    const xmas = norm(await (await getAt(c.path.replace('black-friday', 'christmas-sale'), '2026-12-06T12:00:00Z')).text())!.replace(/\u2009/g, ' ');
    expect(pick(xmas, /<p class="campaign-time"><time dateTime="[^"]+">([^<]+)</)).toBe(c.christmas);
    expect(pick(xmas, /<li data-term="returns">([^<]+)</)).toBe(c.returns);
    // The returns benefit, where the edition's Christmas page has one (not the UK's).
    const benefit = pick(xmas, /<li data-benefit="returns">[\s\S]*?<span>([^<]+)</);
    if (c.lang === 'en-GB') expect(benefit).toBeUndefined();
    else expect(benefit).toContain(pick(c.returns, /(\d+\.? \S+ 2027)/)!);
    expect(pick(xmas, /<p data-gift-window="">([^<]+)</)).toContain(c.christmas);
    expect(staleIn(xmas)).toBeUndefined();
  });
});
