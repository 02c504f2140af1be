import { fetchWorker } from '../fetch';
import { describe, expect, it } from 'vitest';

// Security headers to ASVS 5.0 §3.4 on every kind of response the worker gives, over https
// as in production.

const cases: [string, string, RequestInit?][] = [
  ['an edition home', 'https://localhost/us'],
  ['a product page', 'https://localhost/de/flagship-bumblebee'],
  ['the China edition', 'https://cn.localhost/'],
  ['a page not found', 'https://localhost/jp/no-such-page'],
  ['a bad request', 'https://localhost/us?region=%ZZ'],
  ['a redirect', 'https://localhost/'],
  ['robots.txt', 'https://localhost/robots.txt'],
  ['a sitemap', 'https://localhost/fr/sitemap.xml'],
  ['the server time (JSON)', 'https://localhost/ssr/timestamp'],
  ['a missing asset', 'https://localhost/assets/gone-123.js'],
  ['a wrong method', 'https://localhost/us', { method: 'DELETE' }],
  [
    'the subscribe API',
    'https://localhost/account/user/subscribe/create',
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"email":"nope","region":"us","source":"footer"}' },
  ],
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe('ASVS 5.0 §3.4 headers', () => {
  it.each(cases)('on %s', async (_, url, init) => {
    const res = await fetchWorker(url, { redirect: 'manual', ...init });
    const h = res.headers;
    expect(res.status).toBeLessThan(500);

    // 3.4.1 HSTS: at least a year, subdomains included.
    const hsts = h.get('Strict-Transport-Security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');

    // 3.4.3 CSP: no inline or eval'd script except by hash or nonce; no plugins; base and framing locked.
    const csp = directives(h.get('Content-Security-Policy') ?? '');
    const script = csp.get('script-src') ?? csp.get('default-src')!;
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(script).not.toContain('*');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);

    // 3.4.4 nosniff; 3.4.5 referrer policy; 3.4.6 framing also refused to old browsers.
    expect(h.get('X-Content-Type-Options')).toBe('nosniff');
    expect(h.get('Referrer-Policy')).toMatch(/^(strict-origin-when-cross-origin|strict-origin|no-referrer|same-origin)$/);
    expect(h.get('X-Frame-Options')).toBe('DENY');
    // Powerful features off unless a page needs them.
    expect(h.get('Permissions-Policy')).toMatch(/camera=\(\)/);
    expect(h.get('Permissions-Policy')).toMatch(/geolocation=\(\)/);

    // 3.4.8 COOP on HTML responses.
    if (h.get('Content-Type')?.startsWith('text/html')) expect(h.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    // Nothing says what runs the site.
    expect(h.get('X-Powered-By')).toBeNull();
  });

  it('sends HTML with a charset, so no content sniffing decides the encoding', async () => {
    const res = await fetchWorker('https://localhost/kr');
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
  });

  it('sets cookies only over a secure channel and never cross-site', async () => {
    const res = await fetchWorker('https://localhost/region-select?to=de&country=DE', { redirect: 'manual' });
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/;\s*Secure/i);
    }
  });
});

describe('static assets’ headers (_headers)', () => {
  const block = (text: string, path: string) => {
    const lines = text.split('\n');
    const start = lines.indexOf(path);
    const out: Record<string, string> = {};
    for (const line of lines.slice(start + 1)) {
      if (!line.startsWith('  ')) break;
      const [name, ...value] = line.trim().split(': ');
      out[name!] = value.join(': ');
    }
    return out;
  };

  it('carry the same policy the worker sends, header for header', async () => {
    const { staticHeaders } = await import('../../../worker/render/security');
    const worker = await fetchWorker('https://localhost/us');
    const assets = block(staticHeaders({ https: true }), '/*');
    for (const name of [
      'X-Content-Type-Options',
      'Referrer-Policy',
      'X-Frame-Options',
      'Cross-Origin-Opener-Policy',
      'Cross-Origin-Resource-Policy',
      'Permissions-Policy',
      'Strict-Transport-Security',
    ]) {
      expect(assets[name], name).toBe(worker.headers.get(name));
    }
  });

  it('send HSTS only in a build served over https', async () => {
    const { staticHeaders } = await import('../../../worker/render/security');
    expect(staticHeaders({ https: false })).not.toContain('Strict-Transport-Security');
    expect(staticHeaders({ https: true })).toContain('Strict-Transport-Security');
  });

  it('cache hashed assets for a year and lock down images', async () => {
    const { staticHeaders } = await import('../../../worker/render/security');
    const text = staticHeaders({ https: false });
    expect(block(text, '/assets/*')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(block(text, '/images/*')['Content-Security-Policy']).toContain("default-src 'none'");
  });
});
