import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { decodeChoice } from '../../../kernel/consent';
import worker from '../../../worker/index';
import { clearRenderCache, renderCache } from '../../../worker/pages/render-cache';
import { stitch } from '../../../worker/pages/visitor';
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
    // Before the marker the first frame waits for (decision 0053), so it is in that frame; the marker still closes the body.
    expect(html.indexOf('data-island="consent"')).toBeLessThan(html.indexOf('<div id="page-end"'));
    expect(html.endsWith('<div id="page-end" hidden=""></div></body></html>')).toBe(true);
    // The page's CSP lists what can be granted on it, and nothing else.
    expect(scriptSrc(res)).toEqual(expect.arrayContaining(['https://tags.example', 'https://heat.example', 'https://chat.example', 'https://store.example']));
  });

  it('stitches the banner before the first frame’s marker, and at the body’s end in a page without one', async () => {
    const parts = { consent: { defaults: '<script>d</script>', scripts: '', banner: '<aside>banner</aside>' } };
    const page = (body: string) => new Response(`<!DOCTYPE html><html><head><script>boot</script></head><body>${body}</body></html>`);
    expect(await stitch(page('<footer>f</footer><div id="page-end" hidden=""></div>'), parts).text()).toContain(
      '<footer>f</footer><aside>banner</aside><div id="page-end" hidden=""></div></body>',
    );
    expect(await stitch(page('<footer>f</footer>'), parts).text()).toContain('<footer>f</footer><aside>banner</aside></body>');
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

  it('expires on revocation only well-formed declared cookie names, and a bounded number of them', async () => {
    const accepted = await choose('de', { choice: 'all', next: '/de' });
    const many = Array.from({ length: 2_000 }, (_, i) => `_ga_${i}=1`).join('; ');
    const revoke = await choose('de', { choice: 'none', next: '/de' }, { Cookie: `${consentCookie(accepted)}; _ga x=1; _ga"><b>=1; ${many}` });
    const cleared = revoke.headers.getSetCookie().filter((c) => /Max-Age=0/.test(c));
    // Three Set-Cookie values per name (host, parent domain, none), at most 32 names.
    expect(cleared.length).toBeLessThanOrEqual(32 * 3);
    expect(cleared.some((c) => c.startsWith('_ga_0=;'))).toBe(true);
    for (const c of cleared) expect(c.split('=')[0]).toMatch(/^[\w-]+$/);
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

/**
 * Hostile values at the consent form (the no-JS page action) and at its JSON answer (the
 * island's call, `Accept: application/json`): each gets a clear 3xx/4xx, never a 5xx; the
 * way back is always a path of this site; the cookie holds only what the site writes
 * (version, seconds, letters), never a posted value.
 */
describe('hostile values at the consent form', () => {
  const WELL_FORMED = /^consent=[0-9a-f]{8}\.\d{9,11}\.(-|a?m?f?)$/;
  const HUGE = 'x'.repeat(100 * 1024);

  /** Posts a raw body to the de cookie settings, as a plain form (or as the island with `json`). */
  const post = (body: BodyInit, headers: Record<string, string> = {}, json = false) =>
    fetchWith('http://localhost/de/cookie-settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', ...(json ? { Accept: 'application/json' } : {}), ...headers },
      body,
    });

  /** Whether an answer stores a choice (the edition's own `region` cookie may come with any page of it). */
  const choiceSet = (res: Response) => res.headers.getSetCookie().some((c) => c.startsWith('consent='));

  /** What any answer must be: no 5xx, a same-site way back, no hostile text in a cookie, a well-formed choice if one was stored. */
  function sane(res: Response, hostile: string[] = []) {
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get('Location');
    if (location !== null) expect(location).toMatch(/^\/(?![/\\])/);
    for (const cookie of res.headers.getSetCookie()) {
      for (const value of hostile) expect(cookie).not.toContain(value);
      if (cookie.startsWith('consent=')) expect(cookie.split(';')[0]).toMatch(WELL_FORMED);
    }
  }

  it('a 100 kB field (in choice, next or an unknown name), as a form or as JSON, is refused with 413 and stores nothing', async () => {
    for (const [body, type] of [
      [`choice=all&next=${HUGE}`, 'application/x-www-form-urlencoded'],
      [`choice=${HUGE}`, 'application/x-www-form-urlencoded'],
      [`choice=all&${HUGE}=on`, 'application/x-www-form-urlencoded'],
      [JSON.stringify({ choice: 'all', next: HUGE }), 'application/json'],
    ] as const) {
      const res = await post(body, { 'Content-Type': type });
      sane(res, [HUGE.slice(0, 64)]);
      expect(res.status).toBe(413);
      expect(choiceSet(res)).toBe(false);
    }
    // Streamed without a length: counted as it arrives, refused the same way.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(`choice=all&pad${i}=${'y'.repeat(10 * 1024)}`));
        controller.close();
      },
    });
    const streamed = await post(stream);
    sane(streamed);
    expect(streamed.status).toBe(413);
    expect(choiceSet(streamed)).toBe(false);
  });

  it('the way back is a path of this site whatever `next` says: other hosts, schemes, backslashes, CR/LF and control characters go home', async () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/de\r\nSet-Cookie: hacked=1',
      '/de%0d%0aSet-Cookie:%20hacked=1',
      '/de\u0000/manuals',
      ' //evil.example',
      'http://localhost@evil.example/',
    ]) {
      const res = await choose('de', { choice: 'all', next });
      sane(res, ['hacked', 'evil.example']);
      expect(res.status, next).toBe(303);
      expect(res.headers.get('Location'), next).toBe('/de');
      expect(consentCookie(res)).toMatch(WELL_FORMED);
    }
    // A path of this site is kept as it was given.
    expect((await choose('de', { choice: 'all', next: '/de/manuals?x=1#top' })).headers.get('Location')).toBe('/de/manuals?x=1#top');
  });

  it('choices it does not know (control characters, CR/LF, __proto__, constructor, repeated, missing) store nothing and go to the settings', async () => {
    for (const body of [
      'choice=all%00',
      'choice=all%0d%0aSet-Cookie:%20hacked=1',
      'choice=%00',
      'choice=__proto__',
      'choice=constructor',
      'choice=toString',
      'choice=all&choice=none',
      'choice=save&choice=all',
      'next=%2Fde',
      '',
      '__proto__=all',
      '__proto__[choice]=all',
      'constructor[prototype][choice]=all',
      '__proto__=x&__proto__=y',
      'constructor=all&constructor=none',
    ]) {
      const res = await post(body);
      sane(res, ['hacked']);
      expect(res.status, body).toBe(303);
      expect(res.headers.get('Location'), body).toBe('/de/cookie-settings');
      expect(choiceSet(res), body).toBe(false);
      // The island's call gets the envelope's 4000, and no cookie.
      const json = await post(body, {}, true);
      sane(json, ['hacked']);
      expect(json.status, body).toBe(400);
      expect(await json.json(), body).toMatchObject({ code: 4000 });
      expect(choiceSet(json), body).toBe(false);
    }
  });

  it('saved settings read only the three categories, each only from one box: unknown, repeated and prototype names grant nothing', async () => {
    const stored = async (body: string) => {
      const res = await post(body);
      sane(res);
      expect(res.status, body).toBe(303);
      return decodeChoice(consentCookie(res).split('=')[1])!.grants;
    };
    expect(await stored('choice=save&advertising=on&necessary=off&__proto__=on&constructor=on&toString=on')).toEqual({
      analytics: false,
      marketing: false,
      functional: false,
    });
    expect(await stored('choice=save&analytics=on&sale=on')).toEqual({ analytics: true, marketing: false, functional: false });
    // A box sent twice is no box: the form never sends one twice.
    expect(await stored('choice=save&marketing=on&marketing=on&functional=on')).toEqual({ analytics: false, marketing: false, functional: true });
    expect(await stored('choice=save&analytics=on%00&marketing=ON&functional=yes')).toEqual({ analytics: false, marketing: false, functional: false });
  });

  it('JSON bodies: prototype names, wrong shapes and unreadable JSON get 4000 without a cookie; a known choice still works', async () => {
    for (const body of [
      '{"__proto__":{"choice":"all"}}',
      '{"constructor":{"prototype":{"choice":"all"}}}',
      '{"choice":["all"]}',
      '{"choice":{"toString":"all"}}',
      '{"choice":"__proto__"}',
      '["choice","all"]',
      'null',
      '"all"',
      '{"choice":"all"',
      '',
    ]) {
      const res = await post(body, { 'Content-Type': 'application/json' });
      sane(res);
      expect(res.status, body).toBe(400);
      expect(await res.json(), body).toMatchObject({ code: 4000 });
      expect(choiceSet(res), body).toBe(false);
    }
    const res = await post('{"choice":"save","analytics":true,"__proto__":{"marketing":true},"functional":"on"}', { 'Content-Type': 'application/json' });
    sane(res);
    expect(await res.json()).toMatchObject({ code: 2000, data: { grants: { analytics: true, marketing: false, functional: true } } });
  });

  it('a cross-site post and a wrong content type are refused before the body is read', async () => {
    for (const headers of [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: 'http://localhost.evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ] as Record<string, string>[]) {
      const res = await post('choice=all&next=%2Fde', headers);
      sane(res);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(choiceSet(res)).toBe(false);
    }
    for (const type of ['text/plain', 'application/xml', 'text/html', 'application/x-www-form-urlencodedx', '']) {
      const res = await post('choice=all', { 'Content-Type': type });
      sane(res);
      expect(res.status, type).toBe(415);
      expect(choiceSet(res)).toBe(false);
    }
  });

  it('a hostile consent cookie is no choice: the banner asks, and a new choice replaces it with a well-formed one', async () => {
    for (const value of ['<script>alert(1)</script>', 'deadbeef.99999999999.amf', `deadbeef.1700000000.${'a'.repeat(1000)}`, '__proto__', 'x'.repeat(4000)]) {
      const page = await fetchWith('http://localhost/de', { headers: { Cookie: `consent=${value}` } });
      expect(page.status, value).toBe(200);
      expect(await page.text()).toContain('data-island="consent"');
      const res = await choose('de', { choice: 'none' }, { Cookie: `consent=${value}; _ga=${value}` });
      sane(res, ['<script>']);
      expect(consentCookie(res)).toMatch(WELL_FORMED);
    }
  });
});
