import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../worker/index';
import { ctx, get, fetchWorker } from '../fetch';

// What the first outside probe found (2026-11-23), each at the level it happens: the worker through
// fetchWorker. Pure rules (the redirect rule, the email rule) have their own tables.

let ip = 0;
const ENDPOINT = 'http://localhost/account/user/subscribe/create';
const rows = async (email: string) => (await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?').bind(email).first<{ n: number }>())!.n;

function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetchWorker(ENDPOINT, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `10.7.0.${++ip}`, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function multipart(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return fetchWorker(ENDPOINT, { method: 'POST', redirect: 'manual', headers: { 'CF-Connecting-IP': `10.7.1.${++ip}` }, body });
}

function json(body: unknown, headers: Record<string, string> = {}) {
  return fetchWorker(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.7.2.${++ip}`, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('1. the subscribe form never redirects off the site', () => {
  it.each(['/..//evil.com', '/../..//evil.com', '/%2e%2e//evil.com', '/.//evil.com', '\\/evil.com', '/\t/evil.com'])(
    'sends next=%j back to a path on this site (urlencoded and multipart)',
    async (next) => {
      for (const res of [await form({ email: 'r@example.com', region: 'us', next }), await multipart({ email: 'r@example.com', region: 'us', next })]) {
        expect(res.status).toBe(303);
        const location = res.headers.get('Location')!;
        expect(location).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, 'https://shop.example').host).toBe('shop.example');
      }
    },
  );
});

describe('2. cross-site posts are refused and store nothing', () => {
  it('refuses a foreign Origin with 403 in the envelope', async () => {
    const res = await form({ email: 'csrf@example.com', region: 'us' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 4030, msg: 'This request must come from our own site.', data: {} });
    expect(await rows('csrf@example.com')).toBe(0);
  });

  it('refuses Sec-Fetch-Site: cross-site, and the opaque origin "null", in the caller’s language', async () => {
    const res = await json({ email: 'csrf2@example.com', region: 'de' }, { 'Sec-Fetch-Site': 'cross-site', region: 'de' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { msg: string }).msg).toBe('Diese Anfrage muss von unserer eigenen Website kommen.');
    expect((await form({ email: 'csrf2@example.com', region: 'us' }, { Origin: 'null' })).status).toBe(403);
    expect(await rows('csrf2@example.com')).toBe(0);
  });

  it('accepts posts from the site’s own pages on either edition host', async () => {
    for (const origin of ['http://localhost', 'http://cn.localhost']) {
      const res = await json({ email: 'own@example.com', region: 'us' }, { Origin: origin, 'Sec-Fetch-Site': 'same-origin' });
      expect(res.status).toBe(200);
    }
  });

  it.each(['text/plain', 'application/xml', 'text/html', '', 'application/jsonx'])('refuses a %j body with 415', async (type) => {
    const res = await fetchWorker(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': type, 'CF-Connecting-IP': `10.7.3.${++ip}` },
      body: JSON.stringify({ email: 'typed@example.com', region: 'us' }),
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { code: number }).code).toBe(4015);
    expect(await rows('typed@example.com')).toBe(0);
  });
});

describe('3. query values that name inherited properties', () => {
  it.each(['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'])(
    'leave every page whole with ?subscribe=%s&source=footer',
    async (value) => {
      for (const path of ['/us', '/de/flagship-bumblebee', '/jp/no-such-page']) {
        const res = await get(`${path}?subscribe=${value}&source=footer`);
        expect(res.status).toBeLessThan(500);
        expect(await res.text()).not.toContain('data-outcome=');
      }
    },
  );
});

describe('4. bodies are capped before they are read', () => {
  it('refuses a large JSON body with 413 and stores nothing', async () => {
    const res = await json({ email: 'big@example.com', region: 'us', pad: 'x'.repeat(1_000_000) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).toBe(4013);
    expect(await rows('big@example.com')).toBe(0);
  });

  it('refuses a form with a huge number of fields, streamed without a length, with 413', async () => {
    const fields = 'email=many%40example.com&region=us&' + Array.from({ length: 20_000 }, (_, i) => `f${i}=1`).join('&');
    const stream = new Blob([fields]).stream();
    const res = await fetchWorker(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': `10.7.4.${++ip}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await rows('many@example.com')).toBe(0);
  });

  it('refuses an over-long field with the invalid answer', async () => {
    const res = await json({ email: `${'a'.repeat(400)}@example.com`, region: 'us' });
    expect(res.status).toBe(400);
  });
});

describe('5. addresses that could hide or run something', () => {
  it.each([
    ['a NUL byte', 'nul\u0000@example.com'],
    ['a right-to-left override', 'rlo\u202e@example.com'],
    ['a zero-width space', 'zw\u200bsp@example.com'],
    ['a leading =', '=cmd|calc@example.com'],
    ['a leading +', '+sum@example.com'],
    ['a leading -', '-2+3@example.com'],
    ['a leading @', '@at@example.com'],
  ])('refuses an address with %s and stores nothing', async (_, email) => {
    const res = await json({ email, region: 'us' });
    expect(res.status).toBe(400);
    expect(await rows(email.toLowerCase())).toBe(0);
  });

  it('refuses invalid UTF-8', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"email":"bad'), 0xff, 0xfe, ...new TextEncoder().encode('@example.com","region":"us"}')]);
    const res = await fetchWorker(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.7.5.${++ip}` },
      body: bytes,
    });
    expect(res.status).toBe(400);
  });

  it('stores an address in one normal form: trimmed, NFC, lower case, the domain as IDNA', async () => {
    await json({ email: '  Rene\u0301@Bücher.Example  ', region: 'fr' });
    expect(await rows('ren\u00e9@xn--bcher-kva.example')).toBe(1);
  });
});

describe('6. product notifications', () => {
  it('keeps one request per product', async () => {
    const email = 'collector@example.com';
    for (const product of ['flagshipBumblebee', 'flagshipMegatron', 'flagshipBumblebee']) {
      const res = await json({ email, region: 'us', source: 'prelaunch', product });
      expect(res.status).toBe(200);
    }
    const stored = await env.DB.prepare('SELECT product FROM subscriptions WHERE email = ? ORDER BY product').bind(email).all<{ product: string }>();
    expect(stored.results.map((r) => r.product)).toEqual(['flagshipBumblebee', 'flagshipMegatron']);
  });
});

describe('7. cache headers on every kind of answer', () => {
  it.each([
    ['/robots.txt', 200, 'public, max-age=300'],
    ['/sitemap.xml', 200, 'public, max-age=300'],
    ['/us/sitemap.xml', 200, 'public, max-age=300'],
    ['/', 302, 'no-store'],
    ['/us/new-release', 301, 'no-store'],
    ['/region-select?to=de', 302, 'no-store'],
  ])('%s answers %i with Cache-Control %s', async (path, status, policy) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('Cache-Control')).toBe(policy);
  });

  it('answers a method a page does not allow with 405 and no-store', async () => {
    const res = await get('/us', { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
  });

  it('keeps a previewed sitemap private', async () => {
    const res = await get('/us/sitemap.xml', { cookies: { timestamp: String(Date.parse('2024-11-20T12:00:00Z')) } });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('8. the Host header is never echoed', () => {
  it('builds every absolute URL of a page, robots.txt and the sitemap index from the configured origins', async () => {
    for (const path of ['/us/flagship-bumblebee', '/robots.txt', '/sitemap.xml', '/us/sitemap.xml']) {
      const res = await get(path, { host: 'evil.example' });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain('evil.example');
      expect(text).toContain('https://www.robolux.com');
    }
  });

  it('answers 421 for an unknown host where no origins are configured', async () => {
    const bare = { ...env, ENVIRONMENT: 'production', GLOBAL_ORIGIN: '', CN_ORIGIN: '' };
    const res = await worker.fetch(new Request('http://evil.example/us'), bare, ctx);
    expect(res.status).toBe(421);
    expect(await res.text()).not.toContain('evil.example');
  });

  it('still serves this machine’s own origins locally', async () => {
    const html = await (await get('/us/flagship-bumblebee', { host: 'localhost:9999' })).text();
    expect(html).toContain('href="http://localhost:9999/us/flagship-bumblebee"');
  });
});

describe('10. cookies only the worker reads', () => {
  it('sets region and country HttpOnly', async () => {
    const res = await get('/region-select?to=us&country=CA');
    const cookies = res.headers.getSetCookie();
    for (const name of ['region', 'country']) {
      expect(cookies.find((c) => c.startsWith(`${name}=`))).toMatch(/HttpOnly/i);
    }
    expect((await get('/de')).headers.get('Set-Cookie')).toMatch(/^region=de;.*HttpOnly/i);
  });
});

describe('CORS on the API paths (an API base on another origin)', () => {
  const preflight = (origin: string, path = '/account/user/profile') =>
    fetchWorker(`http://localhost${path}`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'apptoken, region' },
    });

  it('answers the site’s own pages’ preflight with their origin, credentials and the session headers', async () => {
    for (const path of ['/account/user/profile', '/support/forms/rma', '/campaign/lucky-draw', '/api/faq', '/ssr/timestamp']) {
      const res = await preflight('http://localhost:8787', path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('Access-Control-Allow-Origin'), path).toBe('http://localhost:8787');
      expect(res.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      expect(res.headers.get('Access-Control-Allow-Headers')).toMatch(/apptoken.*reftoken.*region/);
      expect(res.headers.get('Vary')).toContain('Origin');
    }
    const call = await fetchWorker('http://localhost/account/user/profile', { headers: { Origin: 'http://cn.localhost:8787', region: 'cn' } });
    expect(call.headers.get('Access-Control-Allow-Origin')).toBe('http://cn.localhost:8787');
  });

  it('lets no other origin read an answer', async () => {
    const res = await preflight('https://evil.example');
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const call = await fetchWorker('http://localhost/account/user/profile', { headers: { Origin: 'https://evil.example' } });
    expect(call.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});
