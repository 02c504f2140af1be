import { afterEach, describe, expect, it } from 'vitest';
import { PAGES } from '../../../content/pages';
import { clearRenderCache } from '../../../worker/pages/render-cache';
import { get, getAt, norm, pick } from '../fetch';

// The preview ribbon (docs/decisions/0029): while a preview moment is in force, every page
// says so — the moment in the edition's words and time zone, and a way back to the real
// clock — and a previewed page is never cached, so the ribbon never outlives the preview.

/** One page of every kind the route table has (in the edition that has it), the not-found page, and the China edition's home. */
const PAGE_TYPES: [kind: string, path: string, host: string][] = [
  ...[...new Set(PAGES.filter((p) => p.kind !== 'redirect').map((p) => p.kind))].map((kind) => {
    const page = PAGES.find((p) => p.kind === kind && p.kind !== 'redirect' && (p.regions.includes('us') || p.regions.includes('de')))!;
    const region = page.regions.includes('us') ? 'us' : 'de';
    return [kind, `/${region}${page.slug ? `/${page.slug}` : ''}`, 'localhost'] as [string, string, string];
  }),
  ['not found', '/us/no-such-page', 'localhost'],
  ['China home', '/', 'cn.localhost'],
];

/** During the 2024 Black Friday, so the campaign pages are live too. */
const BLACK_FRIDAY_2024 = '2024-11-28T23:01:00Z';
const ribbon = (html: string) => pick(html, /(<div class="preview-ribbon"[\s\S]*?<\/div>)/);

describe('the preview ribbon', () => {
  afterEach(async () => {
    await clearRenderCache();
  });

  it.each(PAGE_TYPES)('shows on a %s page (%s) while a preview is on, and never once it is off', async (_kind, path, host) => {
    const previewed = await getAt(path, BLACK_FRIDAY_2024, { host });
    expect([200, 404]).toContain(previewed.status);
    const html = await previewed.text();
    const strip = ribbon(html);
    expect(strip, 'ribbon').toBeDefined();
    expect(strip).toContain('role="region"');
    expect(strip).toMatch(/aria-label="[^"]+"/);
    expect(strip).toContain(`data-preview-moment="${new Date(BLACK_FRIDAY_2024).toISOString()}"`);
    expect(pick(strip!, /<a href="([^"]+)" data-preview-clear/)?.replaceAll('&amp;', '&')).toBe(`/__preview?at=clear&next=${encodeURIComponent(path)}`);
    // Never stored: each preview renders afresh, and a visitor without one never gets its page.
    expect(previewed.headers.get('X-Render-Cache')).toBe('bypass');
    expect(previewed.headers.get('Cache-Control')).toContain('private');

    for (let i = 0; i < 2; i++) {
      const plain = await get(path, { host });
      expect(ribbon(await plain.text())).toBeUndefined();
    }
  });

  it('says the moment in the edition’s language, date order and time zone', async () => {
    const cases: [string, string, string][] = [
      ['/us', 'localhost', 'Previewing Nov 28, 2024, 06:01 PM EST'],
      ['/uk', 'localhost', 'Previewing 28 Nov 2024, 23:01 GMT'],
      ['/de', 'localhost', 'Vorschau auf 29. Nov. 2024, 00:01 MEZ'],
      ['/fr', 'localhost', 'Aperçu au 29 nov. 2024, 00:01 UTC+1'],
      ['/jp', 'localhost', '2024年11月29日 08:01 JST の表示をプレビュー中'],
      ['/', 'cn.localhost', '正在预览 2024年11月29日 GMT+8 07:01'],
    ];
    for (const [path, host, words] of cases) {
      const html = norm(await (await getAt(path, BLACK_FRIDAY_2024, { host })).text())!;
      const text = pick(html, /data-preview-moment="[^"]+">([^<]+)</)?.replace(/\s+/g, ' ');
      expect(text, path).toBe(words);
    }
  });

  it('goes away once the preview is cleared: the link back clears the cookie and returns to the same page', async () => {
    const html = await (await getAt('/de/flagship-bumblebee', BLACK_FRIDAY_2024)).text();
    const back = pick(html, /<a href="([^"]+)" data-preview-clear/)!.replaceAll('&amp;', '&');
    const res = await get(back, { cookies: { timestamp: String(Date.parse(BLACK_FRIDAY_2024)) } });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/de/flagship-bumblebee');
    expect(res.headers.get('Set-Cookie')).toMatch(/timestamp=;.*Max-Age=0/i);
    expect(ribbon(await (await get('/de/flagship-bumblebee')).text())).toBeUndefined();
  });

  it('reads a preview date whose "+" arrived as a space as "+", and shows that moment', async () => {
    // `at=2026-11-28T00:01:00+01:00` typed into a URL: the "+" decodes to a space.
    const res = await get('/__preview?at=2026-11-28T00:01:00+01:00&next=/de');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/de');
    const ms = Date.parse('2026-11-28T00:01:00+01:00');
    expect(res.headers.get('Set-Cookie')).toContain(`timestamp=${ms}`);
    const html = norm(await (await get('/de', { cookies: { timestamp: String(ms) } })).text())!;
    expect(pick(html, /data-preview-moment="[^"]+">([^<]+)</)).toBe('Vorschau auf 28. Nov. 2026, 00:01 MEZ');
  });

  it('says what is wrong with a link whose date cannot be read, in the edition’s language', async () => {
    const res = await get('/__preview?at=2026-11-31T25:00:00%2B01:00&next=/de');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Das Datum in diesem Vorschau-Link ist nicht lesbar');
  });
});
