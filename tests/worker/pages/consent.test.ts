import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decodeChoice } from '../../../kernel/consent';
import worker from '../../../worker/index';
import { clearRenderCache, renderCache } from '../../../worker/pages/render-cache';
import { pick, pickAll } from '../fetch';

/** Tag manager (marketing), heatmap (analytics), chat (functional, us and de), a storage proxy (necessary). */
const THIRD_PARTY = JSON.stringify([
  { name: 'tagManager', src: 'https://tags.example/gtm.js', category: 'marketing', cookies: ['_ga', '_ga_*'] },
  { name: 'heatmap', src: 'https://heat.example/hm.js', category: 'analytics', cookies: ['_hj*'] },
  { name: 'chat', src: 'https://chat.example/chat.js', category: 'functional', regions: ['us', 'de'] },
  { name: 'storageProxy', src: 'https://store.example/proxy.js', category: 'necessary' },
]);
const configured = { ...env, THIRD_PARTY };

/** One request with third-party scripts configured, read whole. */
async function fetchWith(url: string, init: RequestInit = {}, bindings: object = configured): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { redirect: 'manual', ...init }), bindings as typeof env, ctx);
  const body = [204, 304].includes(res.status) ? null : await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, { status: res.status, headers: res.headers });
}

const scriptsOf = (html: string) => pickAll(html, /<script async(?:="")? src="([^"]+)"/);
const scriptSrc = (res: Response) => pick(res.headers.get('Content-Security-Policy')!, /script-src ([^;]+)/)!.split(' ');

/** The consent cookie a response sets, as `name=value`. */
const consentCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('consent='))!
    .split(';')[0]!;

/** Posts a choice from the banner's plain form and answers the cookie it stored. */
async function choose(region: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetchWith(`http://localhost/${region}/cookie-settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('consent per market (decision 0033)', () => {
  it('de, first visit: none of the optional scripts, denied Consent Mode defaults before the boot lines, the banner with Accept all and Reject all', async () => {
    const res = await fetchWith('http://localhost/de');
    const html = await res.text();
    expect(scriptsOf(html)).toEqual(['https://store.example/proxy.js']);
    const head = html.slice(0, html.indexOf('</head>'));
    const defaults = head.indexOf("gtag('consent','default'");
    expect(defaults).toBeGreaterThan(0);
    expect(defaults).toBeLessThan(head.indexOf('data-island')); // before the boot lines, which name the island attribute
    expect(head).toContain('"ad_storage":"denied"');
    expect(head).toContain('"analytics_storage":"denied"');
    expect(head).toContain('"ad_user_data":"denied"');
    expect(head).toContain('"ad_personalization":"denied"');
    // The banner, in German, with both first-layer buttons of the same weight.
    expect(html).toContain('data-island="consent"');
    expect(html).toMatch(/<button type="submit" value="all" class="button primary" name="choice">Alle akzeptieren</);
    expect(html).toMatch(/<button type="submit" value="none" class="button primary" name="choice">Alle ablehnen</);
    expect(html).toContain('action="/de/cookie-settings"');
    // The page's CSP lists what can be granted on it, and nothing else.
    expect(scriptSrc(res)).toEqual(expect.arrayContaining(['https://tags.example', 'https://heat.example', 'https://chat.example', 'https://store.example']));
  });

  it('the banner is not part of the stored page: a second visitor with a choice gets the cached body without it', async () => {
    await clearRenderCache();
    const first = await fetchWith('http://localhost/fr');
    expect(await first.text()).toContain('data-island="consent"');
    const chosen = await choose('fr', { choice: 'none', next: '/fr' });
    const second = await fetchWith('http://localhost/fr', { headers: { Cookie: consentCookie(chosen) } });
    expect(second.headers.get('X-Render-Cache')).toBe('hit');
    const html = await second.text();
    expect(html).not.toContain('data-island="consent"');
    expect(scriptsOf(html)).toEqual(['https://store.example/proxy.js']);
    expect(scriptSrc(second)).not.toContain('https://tags.example');
    // And the first visitor still gets the banner from the same stored page.
    const third = await fetchWith('http://localhost/fr');
    expect(third.headers.get('X-Render-Cache')).toBe('hit');
    expect(await third.text()).toContain('data-island="consent"');
  });

  it('is stitched in with the visitor’s other parts in one pass: a miss, a hit, a reused stitched copy and a bypass are the same page, and the stored body holds none of it', async () => {
    await clearRenderCache();
    // A visitor from Germany on /us: the region label, the suggestion banner and the consent's parts.
    const visitor = { headers: { 'CF-IPCountry': 'DE' } };
    const miss = await fetchWith('http://localhost/us', visitor);
    const hit = await fetchWith('http://localhost/us', visitor);
    const again = await fetchWith('http://localhost/us', visitor);
    const bypass = await fetchWith('http://localhost/us?alone=1', visitor);
    expect([miss, hit, again, bypass].map((r) => r.headers.get('X-Render-Cache'))).toEqual(['miss', 'hit', 'hit', 'bypass']);
    const [a, b, c, d] = await Promise.all([miss, hit, again, bypass].map((r) => r.text()));
    expect(a).toContain('data-suggest="de"');
    expect(a).toContain('data-island="consent"');
    expect(a).toContain("gtag('consent','default'");
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(d).toBe(a);
    // The defaults lines are allowed by their hash (a reused copy carries no response's nonce).
    const line = pick(a!, /<script>(window\.dataLayer[\s\S]*?)<\/script>/) ?? '';
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(line)));
    const hash = `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    for (const res of [miss, hit, again, bypass]) expect(scriptSrc(res)).toContain(hash);
    expect(hit.headers.get('ETag')).not.toBe((await fetchWith('http://localhost/us', { headers: { ...visitor.headers, 'Sec-GPC': '1' } })).headers.get('ETag'));
    const [key] = renderCache.keys();
    const stored = await new Response(new Response(renderCache.get(key!, Date.now())!.gzip).body!.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(renderCache.keys()).toHaveLength(1);
    for (const part of ['data-island="consent"', "gtag('consent'", 'https://tags.example/gtm.js', 'data-suggest=']) expect(stored).not.toContain(part);
  });

  it('Accept all (a plain form post) stores a dated choice for the edition, goes back, and the next page loads every script', async () => {
    const res = await choose('de', { choice: 'all', next: '/de/flagship-bumblebee' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/de/flagship-bumblebee');
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('consent='))!;
    expect(setCookie).toContain('Path=/de');
    const stored = decodeChoice(consentCookie(res).split('=')[1]);
    expect(stored?.grants).toEqual({ analytics: true, marketing: true, functional: true });
    expect(Math.abs(stored!.at - Date.now())).toBeLessThan(60_000);
    const next = await fetchWith('http://localhost/de/flagship-bumblebee', { headers: { Cookie: consentCookie(res) } });
    const html = await next.text();
    expect(scriptsOf(html).sort()).toEqual([
      'https://chat.example/chat.js',
      'https://heat.example/hm.js',
      'https://store.example/proxy.js',
      'https://tags.example/gtm.js',
    ]);
    expect(html).not.toContain('data-island="consent"');
    expect(html).toContain('"ad_storage":"granted"');
  });

  it('Reject all leaves none, and the CSP lists none of their hosts; a later revoke clears their cookies', async () => {
    const rejected = await choose('de', { choice: 'none', next: '/de' });
    const next = await fetchWith('http://localhost/de', { headers: { Cookie: consentCookie(rejected) } });
    expect(scriptsOf(await next.text())).toEqual(['https://store.example/proxy.js']);
    for (const host of ['https://tags.example', 'https://heat.example', 'https://chat.example']) expect(scriptSrc(next)).not.toContain(host);

    const accepted = await choose('de', { choice: 'all', next: '/de' });
    const revoke = await choose(
      'de',
      { choice: 'save', analytics: 'on', next: '/de' },
      { Cookie: `${consentCookie(accepted)}; _ga=GA1.1.1; _ga_X1=GS1; _hjSession=1; region=de` },
    );
    const cleared = revoke.headers.getSetCookie().filter((c) => /Max-Age=0/.test(c));
    expect(cleared.some((c) => c.startsWith('_ga=;'))).toBe(true);
    expect(cleared.some((c) => c.startsWith('_ga_X1=;'))).toBe(true);
    // Analytics stays granted: its cookies stay; the region cookie is the site's own.
    expect(cleared.some((c) => c.startsWith('_hjSession=') || c.startsWith('region='))).toBe(false);
    const after = await fetchWith('http://localhost/de', { headers: { Cookie: consentCookie(revoke) } });
    expect(scriptsOf(await after.text()).sort()).toEqual(['https://heat.example/hm.js', 'https://store.example/proxy.js']);
  });

  it('asks again after 12 months, and when the categories in use change', async () => {
    const accepted = await choose('uk', { choice: 'all', next: '/uk' });
    const [name, value] = consentCookie(accepted).split('=') as [string, string];
    const [version, , letters] = value.split('.');
    const old = `${name}=${version}.${Math.floor((Date.now() - 366 * 24 * 3600 * 1000) / 1000)}.${letters}`;
    expect(await (await fetchWith('http://localhost/uk', { headers: { Cookie: old } })).text()).toContain('data-island="consent"');
    expect(await (await fetchWith('http://localhost/uk', { headers: { Cookie: consentCookie(accepted) } })).text()).not.toContain('data-island="consent"');
    const moved = { ...env, THIRD_PARTY: THIRD_PARTY.replace('"category":"analytics"', '"category":"marketing"') };
    const html = await (await fetchWith('http://localhost/uk', { headers: { Cookie: consentCookie(accepted) } }, moved)).text();
    expect(html).toContain('data-island="consent"');
  });

  it('us: notice with opt-out; the scripts run until the visitor opts out; Sec-GPC: 1 loads no marketing script and says so', async () => {
    const plain = await fetchWith('http://localhost/us');
    const html = await plain.text();
    expect(scriptsOf(html)).toContain('https://tags.example/gtm.js');
    expect(html).toContain('Do not sell or share my personal information');
    expect(html).toContain('value="do-not-sell"');

    const gpc = await fetchWith('http://localhost/us', { headers: { 'Sec-GPC': '1' } });
    const gpcHtml = await gpc.text();
    expect(scriptsOf(gpcHtml)).not.toContain('https://tags.example/gtm.js');
    expect(scriptsOf(gpcHtml)).toContain('https://heat.example/hm.js');
    expect(gpcHtml).toContain('Global Privacy Control signal');
    expect(gpcHtml).toContain('"ad_storage":"denied"');

    const optedOut = await choose('us', { choice: 'do-not-sell', next: '/us' });
    const after = await fetchWith('http://localhost/us', { headers: { Cookie: consentCookie(optedOut) } });
    expect(scriptsOf(await after.text())).not.toContain('https://tags.example/gtm.js');
  });

  it.each([
    ['kr', 'http://localhost/kr', '모두 동의', ['https://heat.example/hm.js', 'https://store.example/proxy.js']],
    ['jp', 'http://localhost/jp', 'すべて同意する', ['https://heat.example/hm.js', 'https://store.example/proxy.js']],
    ['cn', 'http://cn.localhost/', '全部同意', ['https://store.example/proxy.js']],
  ])('%s: a notice in its language; marketing (in China every foreign tool) only with consent', async (_region, url, accept, scripts) => {
    const html = await (await fetchWith(url)).text();
    expect(html).toContain(accept);
    expect(scriptsOf(html).sort()).toEqual(scripts);
  });

  it('the China edition keeps its choice at its own root, and posts it there', async () => {
    const res = await fetchWith('http://cn.localhost/cookie-settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://cn.localhost' },
      body: 'choice=all&next=/',
    });
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('consent='))).toContain('Path=/;');
  });

  it('a script calling with Accept: application/json gets the grants in the envelope', async () => {
    const res = await choose('de', { choice: 'save', functional: 'on' }, { Accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 2000, data: { grants: { analytics: false, marketing: false, functional: true } } });
    expect(consentCookie(res)).toMatch(/^consent=[0-9a-f]{8}\.\d+\.f$/);
  });

  it('page views carry the consent state, and the cookie settings page is the visitor’s own, never stored', async () => {
    const html = await (await fetchWith('http://localhost/de')).text();
    expect(html).toContain("e.event==='virtual_page_view'");
    expect(html).toContain('{"analytics":"denied","marketing":"denied","functional":"denied"}');
    const accepted = await choose('de', { choice: 'all' });
    const settings = await fetchWith('http://localhost/de/cookie-settings', {
      headers: { Cookie: consentCookie(accepted), Referer: 'http://localhost/de/manuals' },
    });
    expect(settings.headers.get('Cache-Control')).toBe('private, no-store');
    expect(settings.headers.get('X-Render-Cache')).toBe('bypass');
    const page = await settings.text();
    expect(page).toMatch(/name="marketing" checked=""/);
    expect(page).toContain('name="next" value="/de/manuals"');
  });

  it('with no optional script configured there is nothing to ask: no banner, no stitching, and the footer still links to the settings', async () => {
    const res = await fetchWith('http://localhost/de', {}, env);
    const html = await res.text();
    expect(html).not.toContain('data-island="consent"');
    expect(html).not.toContain("gtag('consent'");
    expect(html).toContain('href="/de/cookie-settings"');
    expect(await (await fetchWith('http://localhost/de/cookie-settings', {}, env)).text()).toContain('nur technisch notwendige Cookies');
  });

  it('a post that names no choice goes back to the settings; one from another site is refused', async () => {
    expect((await choose('de', { choice: 'maybe' })).headers.get('Location')).toBe('/de/cookie-settings');
    expect((await choose('de', { choice: 'all' }, { Origin: 'https://evil.example' })).status).toBe(403);
  });
});
