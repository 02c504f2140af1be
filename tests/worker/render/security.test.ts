import { describe, expect, it } from 'vitest';
import { ctx, fetchWorker, get, pick, pickAll } from '../fetch';

describe('security headers', () => {
  it('sends a strict CSP: the inline boot lines allowed by their hash, and a fresh nonce per response for lines made for one', async () => {
    const a = await get('/us');
    const b = await get('/us');
    const csp = a.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const nonce = pick(csp, /'nonce-([^']+)'/)!;
    expect(nonce).not.toBe(pick(b.headers.get('Content-Security-Policy')!, /'nonce-([^']+)'/));
    const html = await a.text();
    const inline = pickAll(html, /<script>([\s\S]*?)<\/script>/);
    expect(inline).toHaveLength(1);
    const digest = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(inline[0]!)))));
    expect(pick(csp, /script-src ([^;]+)/)).toBe(`'self' 'sha256-${digest}' 'nonce-${nonce}'`);
    expect(html).not.toContain(nonce);
  });
  it('sends nosniff, a referrer policy, a permissions policy and COOP', async () => {
    const res = await get('/de');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });
  it('sends HSTS over https only', async () => {
    const https = await fetchWorker('https://localhost/us');
    expect(https.headers.get('Strict-Transport-Security')).toContain('max-age=63072000');
    expect((await get('/us')).headers.get('Strict-Transport-Security')).toBeNull();
  });
  it('answers absurd headers and cookies without a 5xx', async () => {
    const res = await get('/us', {
      headers: { 'CF-IPCountry': '"><script>', 'User-Agent': 'x'.repeat(8000) },
      cookies: { region: '%%%', timestamp: '9'.repeat(300), country: '<b>' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('<script>"');
  });
});

describe('API base per environment and API group', () => {
  const bases = JSON.stringify({
    preprod: { us: 'https://pre-us.api.example', eu: 'https://pre-eu.api.example', cn: 'https://pre-cn.api.example' },
    production: { us: 'https://us.api.example', eu: 'https://eu.api.example', cn: 'https://cn.api.example' },
  });

  it.each([
    ['http://localhost/de', 'https://eu.api.example'],
    ['http://localhost/jp', 'https://us.api.example'],
    ['http://cn.localhost/', 'https://cn.api.example'],
    ['http://hub.example.com/uk', 'https://pre-eu.api.example'],
  ])('%s calls %s, and the CSP allows it', async (url, base) => {
    const { env } = await import('cloudflare:test');
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request(url), { ...env, API_BASES: bases, PREPROD_HOSTS: 'hub.example.com' }, ctx);
    const html = await res.text();
    expect(pick(html, /data-api="([^"]+)"/)).toBe(base);
    expect(res.headers.get('Content-Security-Policy')).toContain(base);
  });

  it('calls its own origin when no API base is configured', async () => {
    expect(await (await get('/de')).text()).not.toContain('data-api=');
  });
});

describe('third-party scripts', () => {
  // Each names its consent category (decision 0033); tests/worker/pages/consent.test.ts has the choices.
  const vendors = JSON.stringify([
    { name: 'tagManager', src: 'https://tags.example/gtm.js', category: 'marketing' },
    { name: 'chat', src: 'https://chat.example/widget.js', category: 'functional' },
    { name: 'heatmap', src: 'https://heat.example/h.js', category: 'analytics', regions: ['de'] },
  ]);

  it('loads none unless configured', async () => {
    const html = await (await get('/us')).text();
    expect(html).not.toMatch(/<script async/);
  });

  it.each([
    // us is opt-out: what is configured runs until the visitor says no.
    ['http://localhost/us', ['https://tags.example/gtm.js', 'https://chat.example/widget.js'], ['https://tags.example', 'https://chat.example']],
    // de is opt-in: nothing before a choice, though the page that asks may load them once granted.
    ['http://localhost/de', [], ['https://tags.example', 'https://heat.example']],
    // jp gives notice: marketing needs consent (the chat is us-only).
    ['http://localhost/jp', [], ['https://tags.example']],
  ])('%s loads %j on a first visit, and the CSP allows the hosts the visitor can grant there', async (url, scripts, hosts) => {
    const { env } = await import('cloudflare:test');
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request(url), { ...env, THIRD_PARTY: vendors }, ctx);
    const html = await res.text();
    expect(pickAll(html, /<script async src="([^"]+)"/)).toEqual(scripts);
    const scriptSrc = pick(res.headers.get('Content-Security-Policy')!, /script-src ([^;]+)/)!.split(' ');
    expect(scriptSrc.filter((s) => s.endsWith('.example'))).toEqual(hosts);
  });

  it('ignores a malformed configuration rather than failing pages', async () => {
    const { env } = await import('cloudflare:test');
    const { default: worker } = await import('../../../worker/index');
    const res = await worker.fetch(new Request('http://localhost/us'), { ...env, THIRD_PARTY: '[{"name":"chat","src":"http://insecure.example/x.js"}]' }, ctx);
    expect(res.status).toBe(200);
    expect(await res.text()).not.toMatch(/<script async/);
  });
});
