/// <reference types="vite/client" />
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import { EDITIONS, REGIONS, type Region } from '../../../content/editions';
import { APPS, SHOPS } from '../../../content/links';
import { PAGES } from '../../../content/pages';
import { MANUAL_FILES, MANUAL_SERIES, manualFileIn, manualsFor } from '../../../content/support/manuals';
import { manualFile } from '../../../scripts/art/manuals/pdf';
import { DEALERS } from '../../../content/support/dealers';
import { INFO_PAGES } from '../../../content/support/pages';
import { decode } from '../crawl';
import { ctx, get, norm, pick, pickAll, unphrased } from '../fetch';

// The support and information pages (docs/decisions/0015), in every edition that has
// them: status, language, the spec's figures, links, mailto addresses and manual sizes. The
// expected values are typed here from the spec, not read from content/, so a wrong figure or
// a lost link there fails here.

const path = (region: Region, slug: string) => (region === 'cn' ? `/${slug}` : `/${region}/${slug}`);
const host = (region: Region) => (region === 'cn' ? 'cn.localhost' : 'localhost');
const load = async (region: Region, slug: string) => {
  const res = await get(path(region, slug), { host: host(region) });
  return { res, html: unphrased(await res.text()) };
};
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** Visible text, tags dropped, spaces folded (Intl's no-break spaces included). */
const text = (html: string) =>
  norm(decode(html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')))!
    .replace(/\s+/g, ' ')
    .trim();
const hrefs = (html: string) => pickAll(html, /<a\b[^>]*\shref="([^"]*)"/).map(decode);

const where = (slug: string) => PAGES.find((p) => p.slug === slug)!.regions;
const cases = [...INFO_PAGES.keys()].flatMap((slug) => where(slug).map((region) => [slug, region] as const));

describe('every support and information page, in every edition that has it', () => {
  it('covers the pages docs/spec/content.md §2 names', () => {
    for (const slug of [
      'support',
      'manuals',
      'contact-us',
      'where-to-buy',
      'where-to-buy/hongkong-macao',
      'download-center',
      'terms-use',
      'privacy-policy',
      'cookies-policy',
      'about-us',
      'news',
      'after-sale-service',
      'warranty-information',
    ]) {
      expect(INFO_PAGES.has(slug), slug).toBe(true);
    }
  });

  it.each(cases)('%s in %s: a complete page in the edition’s language', async (slug, region) => {
    const { res, html } = await load(region, slug);
    expect(res.status).toBe(200);
    expect(pick(html, /<html lang="([^"]+)"/)).toBe(EDITIONS[region].htmlLang);
    const body = main(html);
    // Its own view, not the placeholder heading-and-line.
    expect(body).toContain(`data-page="${slug}"`);
    expect(body).not.toContain('<section class="page-intro">');
    expect(pick(body, /<h1>([^<]+)<\/h1>/)?.trim()).toBeTruthy();
    expect(pickAll(body, /<section class="band[^"]*"/).length).toBeGreaterThan(0);
    // No raw key, template brace, missing value, or element left empty by a missing message.
    expect(body).not.toMatch(/\{\{|\bundefined\b|\bNaN\b/);
    expect(body).not.toMatch(/>(?:head|support|info|news|info-legal|support-service)\.[\w./-]+</);
    expect(body).not.toMatch(/<(h1|h2|h3|p|li|td|th|span|strong|a)\b[^>]*><\/\1>/);
    // Some real text (CJK copy is shorter than the same copy in English).
    expect(text(body).length).toBeGreaterThan(120);
    expect(pick(html, /<title>([^<]+)<\/title>/)).toBeTruthy();
    expect(pick(html, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
  });
});

describe('support hub (/us/support)', () => {
  it('links the six topics of docs/spec/content.md §2 to their US pages, each with a decorative icon', async () => {
    const { html } = await load('us', 'support');
    const links = pickAll(html, /<li data-support-link="[^"]+">([\s\S]*?)<\/li>/);
    expect(links.map((li) => text(pick(li, /<span class="support-link-title">([^<]+)</) ?? ''))).toEqual([
      'Download Center',
      'FAQ',
      'Manuals',
      'Tech Support Request',
      'Product Registration',
      'Returns - RMA',
    ]);
    expect(links.map((li) => hrefs(li)[0])).toEqual([
      '/us/download-center',
      '/us/faq',
      '/us/manuals',
      '/us/technical-support',
      '/us/product-registration',
      '/us/return-manufacturer',
    ]);
    for (const li of links) expect(li).toMatch(/<img src="\/images\/support\/\w+\.svg" alt=""/);
  });
});

// Files listed per edition: typed from the availability of each product (docs/spec/platform.md §2),
// each in the edition's language (docs/decisions/0032: German, French, Korean, Chinese; English for us, uk, eu).
const EVERYWHERE = [
  'flagship-bumblebee-quick-start.pdf',
  'toy-story-buzz-lightyear-user-manual.pdf',
  'k1-series-user-manual.pdf',
  'safety-and-battery-guide.pdf',
];
const inLanguage = (files: string[], language: 'de' | 'fr' | 'ko' | 'zh') => files.map((f) => manualFileIn(f, language));
const LISTED: Partial<Record<Region, string[]>> = {
  us: [
    ...EVERYWHERE,
    'flagship-optimus-prime-user-manual.pdf',
    'flagship-megatron-user-manual.pdf',
    'grimlock-g1-flagship-user-manual.pdf',
    'elite-optimus-prime-quick-start.pdf',
    'ai-base-quick-start.pdf',
    'buzz-lightyear-space-ranger-alpha-quick-start.pdf',
    'optimus-prime-signature-limited-edition-user-manual.pdf',
    'bumblebee-g1-performance-quick-start.pdf',
  ],
  uk: EVERYWHERE,
  eu: EVERYWHERE,
  fr: inLanguage(EVERYWHERE, 'fr'),
  de: inLanguage(EVERYWHERE, 'de'),
  kr: inLanguage(EVERYWHERE, 'ko'),
  cn: inLanguage([...EVERYWHERE, 'optimus-prime-signature-limited-edition-user-manual.pdf'], 'zh'),
};
const HEADINGS: Partial<Record<Region, string[]>> = {
  us: ['Name', 'Size', 'Update time'],
  uk: ['Name', 'Size', 'Update time'],
  eu: ['Name', 'Size', 'Update time'],
  fr: ['Nom', 'Taille', 'Mise à jour'],
  de: ['Name', 'Größe', 'Aktualisiert'],
  kr: ['이름', '크기', '업데이트 날짜'],
  cn: ['名称', '大小', '更新时间'],
};
// The safety guide (25 November 2024) as each edition writes it: its file's size (each language's
// own file), the date, and the language under its name.
const SAFETY: Partial<Record<Region, [string, string, string]>> = {
  us: ['2.2 kB', 'Nov 25, 2024', 'English'],
  uk: ['2.2 kB', '25 Nov 2024', 'English'],
  // The EU edition writes English dates day first, as English is written in Europe (kernel/format.ts `dateLocale`).
  eu: ['2.2 kB', '25 Nov 2024', 'English'],
  fr: ['2,5 ko', '25 nov. 2024', 'Français'],
  de: ['2,5 kB', '25.11.2024', 'Deutsch'],
  // The unit set apart by a space in every edition (ICU writes Korean "3.8kB"; docs/decisions/0031).
  kr: ['3.8 kB', '2024. 11. 25.', '한국어'],
  cn: ['3.0 kB', '2024年11月25日', '中文'],
};
const pdfs = import.meta.glob<string>('../../../client/static/manuals/*.pdf', { query: '?raw', import: 'default', eager: true });
const onDisk = new Map(Object.entries(pdfs).map(([file, body]) => [file.split('/').pop()!, body]));

describe('manuals (every edition but jp)', () => {
  it('is not in the Japanese edition', async () => {
    expect((await load('jp', 'manuals')).res.status).toBe(404);
  });

  it.each(Object.keys(LISTED) as Region[])('%s lists its manuals per series with localized headings, sizes and dates', async (region) => {
    const { html } = await load(region, 'manuals');
    expect(pickAll(html, /<tr data-manual="([^"]+)"/).sort()).toEqual([...LISTED[region]!].sort());
    const tables = pickAll(html, /<thead>([\s\S]*?)<\/thead>/);
    expect(tables.length).toBe(manualsFor(region).length);
    for (const head of tables) expect(pickAll(head, /<th scope="col">([^<]+)<\/th>/).map(decode)).toEqual(HEADINGS[region]);
    // Every row links its file, shows the file's size and a date of the spec (mostly 25 and 27 November 2024).
    for (const row of pickAll(html, /(<tr data-manual=[\s\S]*?<\/tr>)/)) {
      const file = pick(row, /data-manual="([^"]+)"/)!;
      expect(hrefs(row)).toEqual([`/manuals/${file}`]);
      expect(Number(pick(row, /data-bytes="(\d+)"/))).toBe(onDisk.get(file)!.length);
    }
    const safety = pick(html, /(<tr data-manual="safety-and-battery-guide[.a-z]*pdf">[\s\S]*?<\/tr>)/)!;
    const [size, date, language] = SAFETY[region]!;
    expect(pickAll(safety, /<td[^>]*>([\s\S]*?)<\/td>/).map(text)).toEqual([size, date]);
    // Under the name: the file's format and language, in the page's language.
    expect(text(pick(safety, /<span class="manual-meta"[^>]*>([\s\S]*?)<\/span>/)!)).toBe(`PDF · ${language}`);
    expect(safety).toContain('<time dateTime="2024-11-25" data-record="">');
  });

  it.each([
    ['https://media.example.com', 'https://media.example.com/manuals/'],
    ['https://media.example.com/ignored/path', 'https://media.example.com/manuals/'],
    // A value that is not an https origin is logged and ignored: the site serves the files.
    ['http://media.example.com', '/manuals/'],
    ['', '/manuals/'],
  ])('links the files on the media host when MEDIA_ORIGIN is %j', async (media, prefix) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await worker.fetch(new Request('http://localhost/us/manuals'), { ...env, MEDIA_ORIGIN: media }, ctx);
    warn.mockRestore();
    const links = hrefs(await res.text()).filter((h) => h.endsWith('.pdf'));
    expect(links.length).toBe(LISTED.us!.length);
    for (const link of links) expect(link.startsWith(prefix) && !link.slice(prefix.length).includes('/')).toBe(true);
  });

  it('dates most manuals 2024-11-25 or 2024-11-27', () => {
    const dates = MANUAL_SERIES.flatMap((s) => s.manuals.map((m) => m.updated));
    expect(dates.filter((d) => d === '2024-11-25' || d === '2024-11-27').length).toBeGreaterThan(dates.length / 2);
  });

  it('serves real PDFs whose sizes are the ones listed, reproducible from their text, in each of their languages', () => {
    expect([...onDisk.keys()].sort()).toEqual(MANUAL_FILES.map((m) => m.file).sort());
    for (const manual of MANUAL_FILES) {
      const file = onDisk.get(manual.file)!;
      // ASCII only (other languages' letters are escapes and hex strings), so characters are bytes: the length is the file's size on disk.
      expect(file, manual.file).toMatch(/^[\x0a\x20-\x7e]*$/);
      expect(file.length, `${manual.file}: content/support/manuals.ts says ${manual.bytes}`).toBe(manual.bytes);
      expect(file, `${manual.file}: run npx tsx scripts/art/manuals/write.ts`).toBe(manualFile(manual));
      expect(file.startsWith('%PDF-1.4\n')).toBe(true);
      expect(file.endsWith('%%EOF\n')).toBe(true);
      // The cross-reference table points at each object.
      const xref = Number(pick(file, /startxref\n(\d+)/));
      expect(file.slice(xref, xref + 4)).toBe('xref');
      pickAll(file, /(\d{10}) 00000 n/).forEach((offset, i) => expect(file.slice(Number(offset)).startsWith(`${i + 1} 0 obj`)).toBe(true));
      // A translation says so to readers and to assistive technology.
      if (manual.language !== 'en') expect(file).toContain(`/Lang (${manual.language})`);
    }
  });

  it('writes each translation in its own script: German and French in WinAnsi, Korean and Chinese in the standard CJK fonts', () => {
    const title = (name: string) => pick(onDisk.get(name)!, /\/Title (\S+)/)!;
    // Ä, ü: WinAnsi octal escapes; the Chinese and Korean titles: UTF-16BE text strings.
    expect(onDisk.get('safety-and-battery-guide.de.pdf')).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(onDisk.get('safety-and-battery-guide.de.pdf')).toContain('Sicherheits- und Akkuhinweise');
    expect(onDisk.get('safety-and-battery-guide.fr.pdf')).toContain('Guide de s\\351curit\\351');
    expect(onDisk.get('safety-and-battery-guide.zh.pdf')).toContain('/BaseFont /STSong-Light /Encoding /UniGB-UCS2-H');
    expect(onDisk.get('safety-and-battery-guide.ko.pdf')).toContain('/BaseFont /HYSMyeongJo-Medium /Encoding /UniKS-UCS2-H');
    const utf16 = (hex: string) =>
      String.fromCharCode(
        ...hex
          .slice(5, -1)
          .match(/.{4}/g)!
          .map((h) => parseInt(h, 16)),
      );
    expect(utf16(title('safety-and-battery-guide.zh.pdf'))).toBe('Robolux 机器人安全与电池指南');
    expect(utf16(title('flagship-bumblebee-quick-start.ko.pdf'))).toBe('플래그십 범블비 빠른 시작 가이드');
  });
});

const CONTACT: Partial<Record<Region, { support: string; hours: string }>> = {
  us: { support: 'support@robolux.com', hours: 'Monday to Friday, 09:00 to 17:00' },
  uk: { support: 'support.eu@robolux.com', hours: 'Monday to Friday, 09:00 to 17:00' },
  eu: { support: 'support.eu@robolux.com', hours: 'Monday to Friday, 09:00 to 17:00' },
  fr: { support: 'support.eu@robolux.com', hours: 'Du lundi au vendredi, de 09:00 à 17:00' },
  de: { support: 'support.eu@robolux.com', hours: 'Montag bis Freitag, 09:00 bis 17:00 Uhr' },
};

describe('contact us (us, uk, eu, fr, de)', () => {
  it.each(Object.keys(CONTACT) as Region[])('%s: mailto links, three address blocks, office hours in each office’s time zone', async (region) => {
    const { html } = await load(region, 'contact-us');
    const mailto = hrefs(main(html)).filter((h) => h.startsWith('mailto:'));
    expect(mailto).toEqual([`mailto:${CONTACT[region]!.support}`, 'mailto:careers@robolux.com', 'mailto:pr@robolux.com', 'mailto:sales.emea@robolux.com']);
    expect(pickAll(html, /data-office="([^"]+)"/)).toEqual(['northAmerica', 'europe', 'unitedKingdom']);
    expect(pickAll(html, /<address>([\s\S]*?)<\/address>/).length).toBe(3);
    const hours = pickAll(html, /<p class="office-hours"[^>]*>([\s\S]*?)<\/p>/).map(text);
    expect(hours).toHaveLength(3);
    for (const line of hours) expect(line).toContain(CONTACT[region]!.hours);
    expect(pickAll(html, /data-time-zone="([^"]+)"/)).toEqual(['America/Los_Angeles', 'Europe/Amsterdam', 'Europe/London']);
  });

  it('names the zone of each office in the edition’s language', async () => {
    const hours = pickAll((await load('us', 'contact-us')).html, /<p class="office-hours"[^>]*>([\s\S]*?)<\/p>/).map(text);
    expect(hours[0]).toContain('Pacific Time');
    expect(hours[1]).toContain('Central European Time');
    expect(hours[2]).toMatch(/United Kingdom Time|Greenwich Mean Time|British|local time/);
  });

  it.each(['kr', 'jp', 'cn'] as const)('is not in %s', async (region) => {
    expect((await load(region, 'contact-us')).res.status).toBe(404);
  });
});

describe('where to buy', () => {
  it.each(['us', 'uk', 'eu', 'fr', 'de'] as const)('%s lists its dealers with logo and link, then the official store', async (region) => {
    const { html } = await load(region, 'where-to-buy');
    const dealers = pickAll(html, /(<li class="card" data-dealer=[\s\S]*?<\/h3>[\s\S]*?<\/li>)/);
    expect(dealers.length).toBe(DEALERS[region].length);
    expect(dealers.length).toBeGreaterThan(1);
    for (const d of dealers) {
      const [link] = hrefs(d);
      // Stand-in dealers link to reserved example domains only, never to someone's shop.
      expect(new URL(link!).hostname).toMatch(/\.example\.com$/);
      expect(pick(d, /<img [^>]*alt="([^"]+)"/)).toBeTruthy();
    }
    expect(html).toMatch(/<address>/);
    const cta = pick(html, /(<section class="band cta" data-official-store[\s\S]*?<\/section>)/)!;
    expect(hrefs(cta)).toEqual([SHOPS[region]]);
  });

  it.each([
    ['us', 'Authorized dealers'],
    ['uk', 'Authorised dealers'],
    ['eu', 'Authorised dealers'],
  ] as const)('%s spells its heading as its English does: %s', async (region, heading) => {
    expect((await load(region, 'where-to-buy')).html).toContain(`<h2>${heading}</h2>`);
  });

  it('lists Hong Kong and Macau store groups on the China edition, ending at the official store', async () => {
    const { res, html } = await load('cn', 'where-to-buy/hongkong-macao');
    expect(res.status).toBe(200);
    expect(pickAll(html, /data-store-group="[^"]+">\s*<h3>([^<]+)<\/h3>/)).toEqual(['香港岛', '九龙', '新界', '澳门']);
    expect(pickAll(html, /<address>([^<]+)<\/address>/).length).toBeGreaterThanOrEqual(6);
    expect(hrefs(pick(html, /(<section class="band cta" data-official-store[\s\S]*?<\/section>)/)!)).toEqual([SHOPS.cn]);
  });

  it.each(['kr', 'jp', 'cn'] as const)('has no where-to-buy page in %s', async (region) => {
    expect((await load(region, 'where-to-buy')).res.status).toBe(404);
  });

  it('marks every dealer that stands in for a real one', () => {
    for (const list of Object.values(DEALERS)) for (const d of list) expect(d.standIn ? new URL(d.link).hostname.endsWith('.example.com') : true).toBe(true);
  });
});

// The download center in each language: the app's minimum versions (docs/spec/content.md §9).
const APP_NEEDS: Record<Region, [string, string]> = {
  us: ['Requires iOS 13 or later.', 'Requires Android 8 or later.'],
  uk: ['Requires iOS 13 or later.', 'Requires Android 8 or later.'],
  eu: ['Requires iOS 13 or later.', 'Requires Android 8 or later.'],
  fr: ['Nécessite iOS 13 ou version ultérieure.', 'Nécessite Android 8 ou version ultérieure.'],
  de: ['Erfordert iOS 13 oder neuer.', 'Erfordert Android 8 oder neuer.'],
  kr: ['iOS 13 이상이 필요합니다.', 'Android 8 이상이 필요합니다.'],
  jp: ['iOS 13以降が必要です。', 'Android 8以降が必要です。'],
  cn: ['需要 iOS 13 或更高版本。', '需要 Android 8 或更高版本。'],
};

describe('download center (every edition)', () => {
  it.each(REGIONS)('%s offers the app for iOS 13+ and Android 8+, and the desktop programming software', async (region) => {
    const { html } = await load(region, 'download-center');
    const card = (id: string) => pick(html, new RegExp(`(<li class="card" data-download="${id}">[\\s\\S]*?</li>)`))!;
    expect(text(card('ios'))).toContain(APP_NEEDS[region][0]);
    expect(text(card('android'))).toContain(APP_NEEDS[region][1]);
    expect(hrefs(card('ios'))).toEqual([APPS.ios]);
    expect(hrefs(card('android'))).toEqual([APPS.android]);
    expect(hrefs(card('windows'))).toEqual([APPS.windows]);
    expect(hrefs(card('macos'))).toEqual([APPS.macos]);
  });

  it.each(REGIONS)("%s lists the manuals of its manuals page, each file in the edition's language and saying which", async (region) => {
    const { html } = await load(region, 'download-center');
    const rows = pickAll(html, /(<tr data-manual=[\s\S]*?<\/tr>)/);
    // Japan has no manuals page, so no manuals here either.
    expect(rows.map((row) => pick(row, /data-manual="([^"]+)"/)).sort()).toEqual([...(LISTED[region] ?? [])].sort());
    for (const row of rows) {
      const language = pick(row, /data-language="([^"]+)"/)!;
      expect(pick(row, /hrefLang="([^"]+)"/i), row).toBe(language);
      expect(text(pick(row, /<span class="manual-meta"[^>]*>([\s\S]*?)<\/span>/)!)).toBe(`PDF · ${SAFETY[region]![2]}`);
    }
  });
});

// After-sales and warranty (kr, jp, cn): 2-year warranty, 30-day price guarantee, replies within 24 hours.
const SERVICE: Record<'kr' | 'jp' | 'cn', { warranty: string; guarantee: string; reply: string; email: string }> = {
  kr: { warranty: '2년', guarantee: '30일', reply: '24시간 이내', email: 'support.asia@robolux.com' },
  jp: { warranty: '2年間', guarantee: '30日間', reply: '24時間以内', email: 'support.asia@robolux.com' },
  cn: { warranty: '2 年', guarantee: '30 天', reply: '24 小时内', email: 'service@robolux.cn' },
};

describe('after-sales service and warranty information (kr, jp, cn)', () => {
  it.each(Object.keys(SERVICE) as ('kr' | 'jp' | 'cn')[])('%s quotes the warranty, the price guarantee and the reply time', async (region) => {
    const s = SERVICE[region];
    const figure = (html: string, name: string) => text(pick(html, new RegExp(`data-figure="${name}"><strong>([^<]+)</strong>`)) ?? '');
    const after = (await load(region, 'after-sale-service')).html;
    expect(figure(after, 'replyHours')).toBe(s.reply);
    expect(figure(after, 'warrantyYears')).toBe(s.warranty);
    expect(hrefs(main(after))).toContain(`mailto:${s.email}`);
    const warranty = (await load(region, 'warranty-information')).html;
    expect(figure(warranty, 'warrantyYears')).toBe(s.warranty);
    expect(figure(warranty, 'priceGuaranteeDays')).toBe(s.guarantee);
    expect(text(main(warranty))).toContain(s.guarantee.replace(/間$/, ''));
  });

  it.each(['us', 'uk', 'eu', 'fr', 'de'] as const)('is not in %s, which has product registration and returns instead', async (region) => {
    expect((await load(region, 'warranty-information')).res.status).toBe(404);
  });
});

describe('policies (us)', () => {
  it.each([
    ['terms-use', 10],
    ['privacy-policy', 12],
    ['cookies-policy', 4],
  ] as const)('%s has %i sections of real copy', async (slug, sections) => {
    const { html } = await load('us', slug);
    expect(pickAll(main(html), /<h2[^>]*>([^<]+)<\/h2>/).length).toBe(sections);
    expect(text(main(html)).length).toBeGreaterThan(800);
  });

  it('lists every cookie and storage entry the site sets, with its purpose and lifetime', async () => {
    const { html } = await load('us', 'cookies-policy');
    expect(pickAll(html, /data-stored="([^"]+)"/)).toEqual([
      'region',
      'consent',
      'country',
      'suggest',
      'timestamp',
      '__Secure-session-key-us',
      'apptoken',
      'reftoken',
      'userId',
      'userInfo',
      'newUserPopupSeen',
    ]);
    expect(text(pick(html, /(<tr data-stored="region">[\s\S]*?<\/tr>)/)!)).toContain('365 days');
    expect(text(pick(html, /(<tr data-stored="suggest">[\s\S]*?<\/tr>)/)!)).toContain('30 days');
  });
});

const ARTICLES = ['flagship-bumblebee-ships', 'manuals-for-every-robot', 'buzz-lightyear-lands-in-europe'];

describe('news (every edition)', () => {
  it.each(REGIONS)('%s lists the dated articles, newest first, each linking to its own page', async (region) => {
    const { html } = await load(region, 'news');
    expect(pickAll(html, /<li data-article="([^"]+)"/)).toEqual(ARTICLES);
    expect(pickAll(html, /<time dateTime="([^"]+)"/)).toEqual(['2025-08-01', '2024-11-27', '2024-11-25']);
    for (const slug of ARTICLES) expect(hrefs(html)).toContain(path(region, `news/${slug}`));
  });

  it.each(REGIONS.flatMap((r) => ARTICLES.map((a) => [r, a] as const)))(
    '%s news/%s is its own page with its date, text and a way back',
    async (region, slug) => {
      const { res, html } = await load(region, `news/${slug}`);
      expect(res.status).toBe(200);
      expect(html).toMatch(/<p class="lede"><time dateTime="\d{4}-\d{2}-\d{2}">/);
      expect(pickAll(main(html), /<p>([^<]{15,})<\/p>/).length).toBeGreaterThanOrEqual(3);
      expect(hrefs(main(html))).toContain(path(region, 'news'));
      expect(pick(html, /<link rel="canonical" href="([^"]+)"/)).toMatch(new RegExp(`/news/${slug}$`));
    },
  );
});

describe('about us (every edition)', () => {
  it.each(REGIONS)('%s tells who we are and quotes the 2-year warranty', async (region) => {
    const { html } = await load(region, 'about-us');
    expect(pickAll(main(html), /<section class="band info-prose">/).length).toBe(3);
    expect(text(main(html))).toMatch(/\b2\b/);
  });
});
