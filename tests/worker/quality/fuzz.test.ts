import { env } from 'cloudflare:test';
import { fetchWorker } from '../fetch';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Property-based fuzzing of what a visitor controls (issue 4 §7): paths, query strings,
// headers and cookies, through the worker in workerd. Whatever comes in, the answer is never
// a 5xx, never a redirect off the configured hosts, never the input reflected unescaped, and
// never a stack trace. The case count of each property is in its test name.

/**
 * Cases per property: `FUZZ_RUNS` (vitest.config.ts passes it into workerd), 60 in `npm test`
 * so every change meets each property, 500 in `npm run test:quality`.
 */
const RUNS = Number(env.FUZZ_RUNS);
const HOSTS = ['localhost', 'cn.localhost'];
/** Markup that would run if a page echoed it raw. */
const MARK = `"'><x-fz>`;

const visible = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const unicode = fc.string({ unit: 'grapheme', maxLength: 12 });
const tainted = fc.oneof(
  visible,
  unicode,
  fc.constant(MARK),
  visible.map((s) => `${s}${MARK}`),
);
/** Object keys that name inherited properties: lookups must not see them. */
const protoKey = fc.constantFrom('toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty', 'prototype');
/**
 * Redirect values in the classes an outside probe used: dot segments, encoded and doubled
 * slashes, backslashes, control characters, Unicode look-alikes of / \ and ., other schemes.
 */
const hostileTarget = fc.oneof(
  fc.constantFrom('//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/.//evil.example', '///evil.example', '/%2F%2Fevil.example'),
  fc.constantFrom('\\evil.example', '/\\evil.example', '/%5Cevil.example', 'https://evil.example/x', 'javascript:alert(1)', 'http:evil.example'),
  fc.constantFrom('/\t/evil.example', '/\n/evil.example', '/%09/evil.example', '/%0d%0aSet-Cookie:x=1', '\uff0f\uff0fevil.example', '/\u2215evil.example'),
  fc.constantFrom('\u2044\u2044evil.example', '/\ufe68evil.example', '/us/\uff0e\uff0e/\uff0e\uff0e//evil.example', '/us', '/de/faq?x=1#y', ''),
  fc
    .tuple(fc.constantFrom('/', '//', '/..', '\\', '/%2e%2e/'), fc.array(fc.constantFrom('..', '.', '', '%2f', '%5c', '\\', 'evil.example'), { maxLength: 4 }))
    .map(([head, parts]) => `${head}${parts.join('/')}`),
  protoKey,
  tainted,
);
const segment = fc.oneof(
  fc.constantFrom('us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp', 'cn', 'US', 'flagship-bumblebee', 'black-friday', 'sitemap.xml', 'robots.txt', 'assets', 'images'),
  fc.constantFrom('..', '.', '', '%2e%2e', '%2F', '%00', '%', '//evil.example', 'https:', '\\evil.example', 'ssr', 'timestamp', '__preview', 'region-select'),
  fc.constantFrom('region-suggest', 'dismiss', 'account', 'user', 'subscribe', 'create', 'index.html', 'flagship-bumblebee?x=1', '#frag'),
  fc.webSegment(),
  tainted,
);
const path = fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`);
const query = fc.dictionary(
  fc.oneof(fc.constantFrom('next', 'to', 'redirect', 'url', 'region', 'country', 'subscribe', 'source', 'timestamp', 'lang', 'utm_source'), protoKey, visible),
  fc.oneof(tainted, protoKey, hostileTarget),
  { maxKeys: 4 },
);
/** Header values must be Latin-1 without control characters; the browser would refuse others. */
const headerValue = fc.oneof(visible, fc.constantFrom(MARK, 'XX', 'de', 'CN', 'zz', '*', 'en-US,en;q=0.9', 'ja;q=abc', '../../'));
const headers = fc.record(
  {
    'CF-IPCountry': headerValue,
    'Accept-Language': headerValue,
    'User-Agent': headerValue,
    Referer: headerValue,
    'X-Forwarded-Host': fc.constantFrom('evil.example', 'localhost'),
    'X-Forwarded-Proto': fc.constantFrom('https', 'gopher'),
  },
  { requiredKeys: [] },
);
const cookieValue = visible.map((s) => s.replace(/[;,\s"\\]/g, ''));
const cookies = fc.dictionary(
  fc.oneof(fc.constantFrom('region', 'country', 'timestamp', 'suggest', 'session'), fc.webSegment()),
  fc.oneof(cookieValue, fc.constantFrom('cn', 'us', 'DE', '0', '-1', '9'.repeat(30))),
  {
    maxKeys: 4,
  },
);

function toUrl(host: string, p: string, q: Record<string, string>): string {
  const url = new URL(`http://${host}`);
  url.pathname = p;
  for (const [k, v] of Object.entries(q)) url.searchParams.append(k, v);
  return url.href;
}

/** Fetches and checks one request; returns the status. */
async function check(url: string, init: RequestInit = {}): Promise<number> {
  const res = await fetchWorker(url, { redirect: 'manual', ...init });
  const body = await res.text();
  const where = `${init.method ?? 'GET'} ${url} ${JSON.stringify(init.headers ?? {})}`;
  expect(res.status, where).toBeLessThan(500);
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get('Location');
    expect(location, where).toBeTruthy();
    const target = new URL(location!, url);
    expect(HOSTS, `${where} → ${location}`).toContain(target.hostname);
    expect(target.protocol, `${where} → ${location}`).toMatch(/^https?:$/);
  }
  expect(body.includes('<x-fz'), `${where} reflects the input unescaped`).toBe(false);
  expect(body, where).not.toMatch(/\n\s+at .+[.:](ts|js|tsx):\d+/);
  return res.status;
}

// Generous per-test limits: a loaded machine (two cores, other suites) must not fail a gate
// that is about answers, not speed.
describe('fuzzing through the worker', { timeout: 240_000 }, () => {
  it(`answers any path and query string on either host (${RUNS} cases)`, async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...HOSTS), path, query, async (host, p, q) => {
        seen.add(await check(toUrl(host, p, q)));
      }),
      { numRuns: RUNS },
    );
    // The generators reach real pages, redirects and not-found pages, not only one kind.
    expect([...seen].some((s) => s === 200)).toBe(true);
    expect([...seen].some((s) => s === 404)).toBe(true);
  });

  it(`answers any headers and cookies on real pages (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'http://localhost/',
          'http://localhost/us',
          'http://localhost/de/flagship-bumblebee',
          'http://cn.localhost/',
          'http://localhost/region-select?region=de',
        ),
        headers,
        cookies,
        async (url, h, c) => {
          const cookie = Object.entries(c)
            .map(([k, v]) => `${k}=${v}`)
            .join('; ');
          await check(url, { headers: { ...h, ...(cookie ? { Cookie: cookie } : {}) } });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`answers any method and form body on the subscribe endpoint without a 5xx (${RUNS / 5} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data'),
        fc.oneof(tainted, fc.json(), fc.constant('{"email":"a@b.co","region":"<x-fz>","source":"footer"}')),
        async (method, type, body) => {
          await check('http://localhost/account/user/subscribe/create', {
            method,
            headers: { 'Content-Type': type, 'CF-Connecting-IP': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
            body,
          });
        },
      ),
      { numRuns: RUNS / 5 },
    );
  });

  it(`answers any body and session header on the account and support-form endpoints without a 5xx (${RUNS / 5} cases)`, async () => {
    // Bodies a client controls: prototype keys, huge fields, control characters, wrong types,
    // and the session headers (apptoken, reftoken, region) with hostile values.
    const control = fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 });
    const value = fc.oneof(
      tainted,
      protoKey,
      control,
      fc.constantFrom('a@example.com', 'Correct-Horse-Battery-9', 'us', 'rma', true, false, null, 0, -1, 1e308, [], {}),
      fc.integer({ min: 200, max: 20_000 }).map((n) => 'x'.repeat(n)),
    );
    const fields = fc.oneof(
      fc.constant({ email: 'fuzz@example.com', password: 'Correct-Horse-Battery-9', agree: true }),
      fc.dictionary(
        fc.oneof(
          fc.constantFrom('email', 'password', 'agree', 'subscribe', 'name', 'user_id', 'token', 'everywhere', 'confirm', 'product', 'serial', 'message'),
          protoKey,
          visible,
        ),
        value,
        { maxKeys: 7 },
      ),
    ) as fc.Arbitrary<Record<string, unknown>>;
    const endpoint = fc.constantFrom(
      'POST /account/user/register_or_login',
      'POST /account/user/sign_in',
      'POST /account/user/profile',
      'POST /account/user/sign_out',
      'POST /account/user/password',
      'POST /account/user/password/reset',
      'POST /account/user/password/reset/confirm',
      'POST /account/user/delete',
      'POST /support/forms/rma',
      'POST /support/forms/technical-support',
      'POST /support/forms/__proto__',
      'GET /account/user/sign_in/refresh?user_id=',
      'GET /account/user/profile?x=',
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        endpoint,
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded'),
        fields,
        fc.record({ apptoken: headerValue, reftoken: headerValue, region: headerValue }, { requiredKeys: [] }),
        async (route, type, f, session) => {
          const [method, target] = route.split(' ') as [string, string];
          const body = type === 'application/json' ? JSON.stringify(f) : new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)])).toString();
          const url = method === 'GET' ? `http://localhost${target}${encodeURIComponent(String(f.user_id ?? ''))}` : `http://localhost${target}`;
          seen.add(
            await check(url, {
              method,
              headers: {
                ...session,
                Origin: 'http://localhost',
                'CF-Connecting-IP': `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
                ...(method === 'POST' ? { 'Content-Type': type } : {}),
              },
              ...(method === 'POST' ? { body } : {}),
            }),
          );
        },
      ),
      {
        numRuns: RUNS / 5,
        // Two known cases first, so the checks below hold at any number of runs: an empty
        // sign-in body (the handler's validation) and a profile read without a session.
        examples: [
          ['POST /account/user/sign_in', 'application/json', {}, {}],
          ['GET /account/user/profile?x=', 'application/json', {}, {}],
        ],
      },
    );
    // The bodies reach the handlers' own answers (validation, session), not only the guard.
    expect([...seen].some((s) => s === 400)).toBe(true);
    expect([...seen].some((s) => s === 200 || s === 401)).toBe(true);
  });

  it(`keeps every redirect parameter on the site (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/__preview?at=clear&next=',
          '/__preview?at=2025-08-20T00:00:00Z&next=',
          '/region-suggest/dismiss?next=',
          '/region-select?country=CA&to=',
        ),
        hostileTarget,
        fc.constantFrom(...HOSTS),
        async (route, target, host) => {
          const status = await check(`http://${host}${route}${encodeURIComponent(target)}`);
          expect(status).toBe(302);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`answers every POST body, type, origin and size without a 5xx, and stores nothing from another site (${RUNS} cases)`, async () => {
    const stored = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions').first<{ n: number }>())!.n;
    const field = fc.oneof(tainted, protoKey, hostileTarget, fc.constantFrom('a@example.com', 'us', 'footer', 'prelaunch', 'flagshipBumblebee'));
    const fields = fc.dictionary(fc.oneof(fc.constantFrom('email', 'region', 'source', 'product', 'next'), protoKey, visible), field, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'application/xml', ''),
        fc.oneof(
          fields.map((f) => JSON.stringify(f)),
          fields.map((f) => new URLSearchParams(Object.entries(f)).toString()),
          fc.json(),
          tainted,
          fc.integer({ min: 8_000, max: 40_000 }).map((n) => JSON.stringify({ email: 'pad@example.com', region: 'us', pad: 'x'.repeat(n) })),
        ),
        fc.constantFrom(undefined, 'http://localhost', 'http://cn.localhost', 'https://evil.example', 'null', 'http://localhost.evil.example'),
        fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none'),
        async (type, body, origin, fetchSite) => {
          const before = await stored();
          const status = await check('http://localhost/account/user/subscribe/create', {
            method: 'POST',
            headers: {
              'Content-Type': type,
              'CF-Connecting-IP': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
              ...(origin ? { Origin: origin } : {}),
              ...(fetchSite ? { 'Sec-Fetch-Site': fetchSite } : {}),
            },
            body,
          });
          if (fetchSite === 'cross-site' || (origin && !['http://localhost', 'http://cn.localhost'].includes(origin))) {
            expect(status).toBe(403);
            expect(await stored()).toBe(before);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
