import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearRenderCache, renderCache, settled } from '../../../worker/pages/render-cache';
import { escapeHtml, stitch } from '../../../worker/pages/visitor';
import { get, pickAll, type GetOptions } from '../fetch';

// One stored body per page and moment, the visitor's own parts stitched in as it streams out
// (decision 0028): every visitor gets the page as if it had been rendered for them alone,
// from a miss and from a hit, and the stored body holds nobody's parts.

const state = (res: Response) => res.headers.get('X-Render-Cache');

/** A page's HTML for a visitor, and how it was answered. */
async function fetchPage(path: string, options: GetOptions = {}) {
  const res = await get(path, options);
  const html = await res.text();
  await settled();
  return { state: state(res), status: res.status, html };
}

/** Every region label a page shows (header, footer), the suggestion it makes, and the chooser's current option. */
function visitorBits(html: string) {
  return {
    labels: [...new Set(pickAll(html, /data-(?:region|footer)-label="true">([^<]+)</))],
    aria: pickAll(html, /aria-label="([^"]+)" data-region-link/),
    suggest: pickAll(html, /data-suggest="([^"]+)"/),
    current: pickAll(html, /data-option="([^"]*)"[^>]*aria-current="true"/),
  };
}

/** The stored body of the only page in memory, unzipped. */
async function storedBody(): Promise<string> {
  const [key] = renderCache.keys();
  const page = renderCache.get(key!, Date.now())!;
  return new Response(new Response(page.gzip).body!.pipeThrough(new DecompressionStream('gzip'))).text();
}

const US = 'United States - English';
const CA = 'Canada - English';
const OTHER = 'Other Regions - English';

/** Visitors: what they send, and the label, suggestion and country name their page must show. */
const VISITORS: [string, GetOptions, { label: string; suggest?: string; country?: string }][] = [
  ['no country known', {}, { label: US }],
  ['from the US', { headers: { 'CF-IPCountry': 'US' } }, { label: US }],
  ['from Canada', { headers: { 'CF-IPCountry': 'CA' } }, { label: CA }],
  ['from Brazil (Other Regions)', { headers: { 'CF-IPCountry': 'BR' } }, { label: OTHER }],
  ['who chose Other Regions', { headers: { 'CF-IPCountry': 'DE' }, cookies: { country: 'ZZ' } }, { label: OTHER }],
  ['who chose Canada', { headers: { 'CF-IPCountry': 'DE' }, cookies: { country: 'CA' } }, { label: CA }],
  ['from Germany', { headers: { 'CF-IPCountry': 'DE' } }, { label: OTHER, suggest: 'de', country: 'Germany' }],
  ['from France', { headers: { 'CF-IPCountry': 'FR' } }, { label: OTHER, suggest: 'fr', country: 'France' }],
  ['from Japan', { headers: { 'CF-IPCountry': 'JP' } }, { label: OTHER, suggest: 'jp', country: 'Japan' }],
  ['from Switzerland (the de edition)', { headers: { 'CF-IPCountry': 'CH' } }, { label: OTHER, suggest: 'de', country: 'Switzerland' }],
  ['from Germany, suggestion dismissed', { headers: { 'CF-IPCountry': 'DE' }, cookies: { suggest: 'dismissed' } }, { label: OTHER }],
];
const COUNTRIES = ['Germany', 'France', 'Japan', 'Switzerland'];

describe('one stored body per page, the visitor’s parts stitched in', () => {
  beforeEach(() => clearRenderCache());
  afterEach(() => clearRenderCache());

  describe.each(['/us/faq', '/us/choose-your-region', '/us/no-such-page'])('%s', (path) => {
    it.each(VISITORS)(
      'a visitor %s gets their own parts, and no other’s, from a miss and from a hit: the page rendered for them alone',
      async (_, options, want) => {
        const miss = await fetchPage(path, options);
        const hit = await fetchPage(path, options);
        const again = await fetchPage(path, options);
        // The same visitor's page rendered for them alone (a query the cache does not know bypasses it).
        const alone = await fetchPage(`${path}?alone=1`, options);
        expect([miss.state, hit.state, again.state, alone.state]).toEqual(['miss', 'hit', 'hit', 'bypass']);
        expect(hit.html).toBe(miss.html);
        expect(again.html).toBe(miss.html);
        expect(miss.html).toBe(alone.html);
        const bits = visitorBits(hit.html);
        expect(bits.labels).toEqual([want.label]);
        // Every region link names it: the header's and the phone menu's.
        expect(bits.aria).toEqual([`Region: ${want.label}`, `Region: ${want.label}`]);
        expect(bits.suggest).toEqual(want.suggest ? [want.suggest] : []);
        for (const country of COUNTRIES) expect(hit.html.includes(`visiting from ${country}`)).toBe(country === want.country);
        if (path.includes('choose')) expect(bits.current).toEqual([{ [US]: 'us-US', [CA]: 'us-CA', [OTHER]: 'us-ZZ' }[want.label]]);
        // What is stored is nobody's: the edition's own label, no suggestion.
        const stored = visitorBits(await storedBody());
        expect([stored.labels, stored.suggest]).toEqual([[US], []]);
      },
    );
  });

  it('serves every visitor of a page from one stored body', async () => {
    const answers = [];
    for (const [, options] of VISITORS) answers.push((await fetchPage('/us/faq', options)).state);
    expect(answers).toEqual(['miss', ...VISITORS.slice(1).map(() => 'hit')]);
    expect(renderCache.size).toBe(1);
  });

  it.each([
    ['/de', { 'CF-IPCountry': 'JP' }, 'jp', 'Japan'],
    ['/de', { 'CF-IPCountry': 'US' }, 'us', 'Vereinigte Staaten'],
    ['/fr/faq-is-not-here', { 'CF-IPCountry': 'DE' }, 'de', 'Allemagne'],
  ])('%s for a visitor with %j: the suggestion in the page’s language, the edition’s own label', async (path, headers, suggest, country) => {
    const miss = await fetchPage(path, { headers });
    const hit = await fetchPage(path, { headers });
    const alone = await fetchPage(`${path}?alone=1`, { headers });
    expect([hit.html, miss.html]).toEqual([alone.html, alone.html]);
    expect(visitorBits(hit.html).suggest).toEqual([suggest]);
    expect(hit.html).toContain(country);
  });

  it('on the China site too', async () => {
    const options = { host: 'cn.localhost', headers: { 'CF-IPCountry': 'DE' } };
    const miss = await fetchPage('/', options);
    const hit = await fetchPage('/', options);
    const alone = await fetchPage('/?alone=1', options);
    expect([miss.state, hit.state]).toEqual(['miss', 'hit']);
    expect([hit.html, miss.html]).toEqual([alone.html, alone.html]);
    expect(visitorBits(hit.html).suggest).toEqual(['de']);
  });

  it('gives each visitor’s copy its own ETag, and a 304 only for their own', async () => {
    await fetchPage('/us/faq');
    const etag = async (options: GetOptions) => (await get('/us/faq', options)).headers.get('ETag')!;
    const us = await etag({});
    const ca = await etag({ headers: { 'CF-IPCountry': 'CA' } });
    const de = await etag({ headers: { 'CF-IPCountry': 'DE' } });
    const fr = await etag({ headers: { 'CF-IPCountry': 'FR' } });
    expect(new Set([us, ca, de, fr]).size).toBe(4);
    for (const tag of [us, ca, de, fr]) expect(tag).toMatch(/^"[\w.-]+"$/);
    expect((await get('/us/faq', { headers: { 'CF-IPCountry': 'CA', 'If-None-Match': ca } })).status).toBe(304);
    expect((await get('/us/faq', { headers: { 'CF-IPCountry': 'BR', 'If-None-Match': ca } })).status).toBe(200);
    expect((await get('/us/faq', { headers: { 'CF-IPCountry': 'DE', 'If-None-Match': us } })).status).toBe(200);
  });

  it('sends a stitched copy gzipped to a browser, and plain to a client that refuses gzip', async () => {
    const plain = await fetchPage('/us/faq', { headers: { 'CF-IPCountry': 'DE', 'Accept-Encoding': 'identity' } });
    // Stitched and gzipped as it streams, then sent from the stitched copy stored for the variant.
    for (let i = 0; i < 2; i++) {
      const zipped = await get('/us/faq', { headers: { 'CF-IPCountry': 'DE', 'Accept-Encoding': 'gzip' } });
      await settled();
      expect([state(zipped), zipped.headers.get('Content-Encoding')]).toEqual(['hit', 'gzip']);
      expect(await new Response(zipped.body!.pipeThrough(new DecompressionStream('gzip'))).text()).toBe(plain.html);
    }
    const refused = await fetchPage('/us/faq', { headers: { 'CF-IPCountry': 'DE', 'Accept-Encoding': 'identity' } });
    expect([refused.state, refused.html]).toEqual(['hit', plain.html]);
  });
});

describe('stitching', () => {
  it('escapes what it writes as React does', async () => {
    const hostile = `<b>"Tom's" & co</b>`;
    expect(escapeHtml(hostile)).toBe('&lt;b&gt;&quot;Tom&#x27;s&quot; &amp; co&lt;/b&gt;');
    const page = new Response('<p><span data-region-label="true">x</span><a data-region-link="true" aria-label="x">y</a><a data-footer-label="true">x</a></p>');
    const html = await stitch(page, { label: { text: hostile, aria: hostile, option: undefined } }).text();
    expect(html).toBe(
      '<p><span data-region-label="true">&lt;b&gt;&quot;Tom&#x27;s&quot; &amp; co&lt;/b&gt;</span><a data-region-link="true" aria-label="&lt;b&gt;&quot;Tom&#x27;s&quot; &amp; co&lt;/b&gt;">y</a><a data-footer-label="true">&lt;b&gt;&quot;Tom&#x27;s&quot; &amp; co&lt;/b&gt;</a></p>',
    );
  });
});
