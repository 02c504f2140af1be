import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { store } from '../../../worker/context/content';
import { signPreview } from '../../../worker/clock/preview';

import { get, getAt, pick, ctx, tileOf } from '../fetch';

describe('time gating at preview timestamps', () => {
  afterEach(async () => {
    await env.CONTENT.delete('schedule');
    store.forget();
  });

  it.each([
    ['2025-08-11T06:59:00Z', 302],
    ['2025-08-11T07:00:00Z', 200],
    ['2025-08-25T00:00:00Z', 200],
    ['2025-08-26T07:00:00Z', 302],
  ])('the US back-to-school page at %s answers %i', async (iso, status) => {
    const res = await getAt('/us/back-to-school', iso);
    expect(res.status).toBe(status);
    if (status === 302) {
      expect(res.headers.get('Location')).toBe('/us');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('switches the US home title to Back to School in stages 1 and 2 only', async () => {
    const title = async (iso: string) => pick(await (await getAt('/us', iso)).text(), /<title>([^<]+)<\/title>/);
    expect(await title('2025-08-10T00:00:00Z')).not.toContain('Back to School');
    expect(await title('2025-08-12T00:00:00Z')).toContain('Back to School');
    expect(await title('2025-08-24T00:00:00Z')).toContain('Back to School');
    expect(await title('2025-08-27T00:00:00Z')).not.toContain('Back to School');
  });

  it('shows the sale tile only during the sale', async () => {
    expect(await (await getAt('/us', '2025-08-12T00:00:00Z')).text()).toContain('data-tile="backToSchool"');
    expect(await (await getAt('/us', '2025-09-01T00:00:00Z')).text()).not.toContain('data-tile="backToSchool"');
  });

  it('shows the sale price beside the crossed-out list price while the activity stage is on', async () => {
    const tile = (html: string) => tileOf(html, 'toyStoryBuzzLightyear');
    const during = tile(await (await getAt('/us', '2025-08-12T00:00:00Z')).text());
    expect(pick(during, /data-price[^>]*>([^<]+)</)).toBe('$619');
    expect(pick(during, /<del[^>]*>([^<]+)<\/del>/)).toBe('$699');
    const after = tile(await (await getAt('/us', '2025-09-01T00:00:00Z')).text());
    expect(pick(after, /data-price[^>]*>([^<]+)</)).toBe('$699');
    expect(after).not.toContain('<del');
  });

  it('shows the new-product nav entry from 2025-03-27T23:00+08:00', async () => {
    const html = async (iso: string) => (await getAt('/us', iso)).text();
    expect(await html('2025-03-27T14:59:00Z')).not.toContain('data-identify="flagship-bumblebee"');
    expect(await html('2025-03-27T15:00:00Z')).toContain('data-identify="flagship-bumblebee"');
  });

  it.each([
    ['us', '2025-08-11T06:59:00Z', '2025-08-11T07:00:00Z'],
    ['uk', '2025-08-19T22:59:00Z', '2025-08-19T23:00:00Z'],
    ['eu', '2025-08-26T21:59:00Z', '2025-08-26T22:00:00Z'],
    ['de', '2025-08-26T21:59:00Z', '2025-08-26T22:00:00Z'],
    ['fr', '2025-08-26T21:59:00Z', '2025-08-26T22:00:00Z'],
  ])('the %s launch banner shows until its end time', async (region, before, after) => {
    const banner = `data-banner="banner:${region}:new-release"`;
    expect(await (await getAt(`/${region}`, before)).text()).toContain(banner);
    expect(await (await getAt(`/${region}`, after)).text()).not.toContain(banner);
  });

  it('lets ops move a window through the KV schedule without a redeploy', async () => {
    const window = { startTime: '2026-11-20T00:00:00+01:00', endTime: '2026-12-02T00:00:00+01:00' };
    await env.CONTENT.put('schedule', JSON.stringify({ windows: { 'route:black-friday': window } }));
    store.forget();
    expect((await getAt('/de/black-friday', '2026-11-25T00:00:00Z')).status).toBe(200);
    const after = await getAt('/de/black-friday', '2026-12-05T00:00:00Z');
    expect(after.status).toBe(302);
    expect(after.headers.get('Location')).toBe('/de');
    expect((await getAt('/de/black-friday', '2026-11-19T00:00:00Z')).status).toBe(302);
  });

  it('ignores an invalid KV schedule and keeps the bundled one', async () => {
    await env.CONTENT.put('schedule', '{"stages": {"us": ["not a date"]}}');
    store.forget();
    expect((await getAt('/us/back-to-school', '2025-08-12T00:00:00Z')).status).toBe(200);
  });

  it('still answers 200 from bundled content when KV throws', async () => {
    const broken = { ...env, CONTENT: { ...env.CONTENT, get: () => Promise.reject(new Error('KV down')) } as unknown as KVNamespace };
    const { default: worker } = await import('../../../worker/index');
    store.forget();
    const res = await worker.fetch(new Request('http://localhost/fr/flagship-bumblebee'), broken, ctx);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('lang="fr-FR"');
    store.forget();
  });

  it('counts only signed preview timestamps in production', async () => {
    const { default: worker } = await import('../../../worker/index');
    const production = { ...env, ENVIRONMENT: 'production', PREVIEW_SECRET: 'test-secret-long-enough' };
    const ask = async (cookie: string) => {
      const res = await worker.fetch(new Request('http://localhost/ssr/timestamp', { headers: { Cookie: `timestamp=${cookie}` } }), production, ctx);
      return ((await res.json()) as { data: { timestamp: number } }).data.timestamp;
    };
    const ms = Date.parse('2025-08-20T00:00:00Z');
    const grant = { ms, host: 'localhost', expires: Date.now() + 60_000 };
    expect(await ask(String(ms))).not.toBe(ms);
    expect(await ask(await signPreview(grant, 'test-secret-long-enough'))).toBe(ms);
    expect(await ask(await signPreview(grant, 'wrong-secret-long-enough'))).not.toBe(ms);
    expect(await ask(await signPreview({ ...grant, host: 'www.example.com' }, 'test-secret-long-enough'))).not.toBe(ms);
    expect(await ask(await signPreview({ ...grant, expires: Date.now() - 1 }, 'test-secret-long-enough'))).not.toBe(ms);
  });

  describe('preview links in production', () => {
    const secret = 'test-secret-long-enough';
    const production = { ...env, ENVIRONMENT: 'production', PREVIEW_SECRET: secret };
    const ms = Date.parse('2025-08-20T00:00:00Z');
    const open = async (token: string, next = '/de/flagship-bumblebee') => {
      const { default: worker } = await import('../../../worker/index');
      const url = `http://localhost/__preview?at=${encodeURIComponent(token)}&next=${encodeURIComponent(next)}`;
      return worker.fetch(new Request(url), production, ctx);
    };

    it('set a short-lived cookie and continue while the link is valid', async () => {
      const res = await open(await signPreview({ ms, host: 'localhost', expires: Date.now() + 7 * 86_400_000 }, secret));
      expect(res.status).toBe(302);
      expect(res.headers.get('Location')).toBe('/de/flagship-bumblebee');
      const cookie = res.headers.get('Set-Cookie') ?? '';
      expect(cookie).toMatch(/HttpOnly/i);
      expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeLessThanOrEqual(3600);
    });

    it('refuse an expired link with a page that says so, in the edition’s language', async () => {
      const res = await open(await signPreview({ ms, host: 'localhost', expires: Date.now() - 1000 }, secret));
      expect(res.status).toBe(410);
      expect(res.headers.get('Set-Cookie')).toBeNull();
      const html = await res.text();
      expect(html).toContain('lang="de-DE"');
      expect(html).toContain('Dieser Vorschau-Link ist abgelaufen');
    });

    it('say what is wrong with a link that does not count: made for another of the site’s hosts, a signature that does not match, a date that cannot be read', async () => {
      const cases: [string, string, string][] = [
        // www.robolux.com is the production global origin (wrangler.toml): signed for it, opened here.
        [await signPreview({ ms, host: 'www.robolux.com', expires: Date.now() + 60_000 }, secret), '/us', 'This preview link was made for another site'],
        [
          await signPreview({ ms, host: 'preprod.example.com', expires: Date.now() + 60_000 }, secret),
          '/us',
          'The signature of this preview link does not match',
        ],
        [String(ms), '/us', 'The signature of this preview link does not match'],
        [
          await signPreview({ ms, host: 'localhost', expires: Date.now() + 60_000 }, 'another-secret-long-enough'),
          '/de',
          'Die Signatur dieses Vorschau-Links stimmt nicht',
        ],
        ['next tuesday', '/fr', 'La date de ce lien d’aperçu est illisible'],
      ];
      for (const [token, next, message] of cases) {
        const res = await open(token, next);
        expect(res.status).toBe(400);
        expect(res.headers.get('Set-Cookie')).toBeNull();
        const html = await res.text();
        expect(html).toContain(message);
        expect(html).not.toContain('This preview link is not valid here');
      }
    });
  });

  it('sets the preview cookie from a link and continues on the same site only', async () => {
    const res = await get('/__preview?at=2025-08-20T00:00:00Z&next=/us/back-to-school');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/us/back-to-school');
    expect(res.headers.get('Set-Cookie')).toContain(`timestamp=${Date.parse('2025-08-20T00:00:00Z')}`);
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', '/%2F%2Fevil']) {
      const r = await get(`/__preview?at=2025-08-20T00:00:00Z&next=${encodeURIComponent(next)}`);
      expect(r.headers.get('Location')).toBe('/');
    }
    expect((await get('/__preview?at=garbage')).status).toBe(400);
    for (const next of ['/..//evil.example', '/%2e%2e//evil.example', '\uff0f\uff0fevil.example']) {
      const r = await get(`/__preview?at=2025-08-20T00:00:00Z&next=${encodeURIComponent(next)}`);
      expect(r.headers.get('Location')).toMatch(/^\/(?![/\\])/);
    }
  });
});
