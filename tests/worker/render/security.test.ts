import { describe, expect, it } from 'vitest';
import { get, pick } from '../fetch';

describe('security headers', () => {
  it('sends a strict CSP with a fresh nonce that the inline script carries', async () => {
    const a = await get('/us');
    const b = await get('/us');
    const csp = a.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const nonce = pick(csp, /'nonce-([^']+)'/)!;
    expect(nonce).not.toBe(pick(b.headers.get('Content-Security-Policy')!, /'nonce-([^']+)'/));
    expect(await a.text()).toContain(`<script nonce="${nonce}">`);
  });
  it('sends nosniff, a referrer policy, a permissions policy and COOP', async () => {
    const res = await get('/de');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });
  it('sends HSTS over https only', async () => {
    const { SELF } = await import('cloudflare:test');
    const https = await SELF.fetch('https://localhost/us');
    expect(https.headers.get('Strict-Transport-Security')).toContain('max-age=63072000');
    expect((await get('/us')).headers.get('Strict-Transport-Security')).toBeNull();
  });
  it('answers absurd headers and cookies without a 5xx', async () => {
    const res = await get('/us', { headers: { 'CF-IPCountry': '"><script>', 'User-Agent': 'x'.repeat(8000) }, cookies: { region: '%%%', timestamp: '9'.repeat(300), country: '<b>' } });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('<script>"');
  });
});
