import { describe, expect, it } from 'vitest';
import { get, pick, pickAll } from '../fetch';

describe('region chooser', () => {
  it('lists the ten options, in their own languages', async () => {
    const html = await (await get('/de/choose-your-region')).text();
    expect(pickAll(html, /data-option="[^"]*"[^>]*>([^<]+)</)).toEqual([
      'United States - English',
      'Canada - English',
      'Other Regions - English',
      'United Kingdom - English',
      'Europe - English',
      'France - Français',
      'Deutschland - Deutsch',
      '日本 - 日本語',
      '대한민국 - 한국어',
      '中国大陆 - 简体中文',
    ]);
    expect(html).toMatch(/aria-current="true"[^>]*>Deutschland - Deutsch</);
  });

  it.each([
    ['us', 'CA', '/us', 'country=CA'],
    ['us', 'ZZ', '/us', 'country=ZZ'],
    ['uk', 'GB', '/uk', 'country=GB'],
    ['jp', 'JP', '/jp', 'country=JP'],
  ])('stores %s/%s and goes to %s', async (to, country, location, cookie) => {
    const res = await get(`/region-select?to=${to}&country=${country}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(location);
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('region='))).toContain(`region=${to}`);
    expect(cookies.find((c) => c.startsWith('country='))).toContain(cookie);
    expect(cookies.every((c) => c.includes('Max-Age=31536000'))).toBe(true);
  });

  it('sends the mainland-China choice to the China site without a region cookie', async () => {
    const res = await get('/region-select?to=cn&country=CN');
    expect(res.headers.get('Location')).toBe('http://cn.localhost/');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('region='))).toBe(false);
  });

  it('sends anything that is not one of the options back to the chooser', async () => {
    for (const query of ['to=evil.example', 'to=us&country=<x>', 'to=//evil', '']) {
      const res = await get(`/region-select?${query}`);
      expect(res.headers.get('Location')).toBe('/us/choose-your-region');
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('shows the chosen country’s label afterwards', async () => {
    const html = await (await get('/us', { cookies: { country: 'CA', region: 'us' } })).text();
    expect(html).toContain('Canada - English');
  });
});

describe('region suggestion', () => {
  it.each([
    ['/us', 'DE', 'de'],
    ['/us', 'CH', 'de'],
    ['/de', 'JP', 'jp'],
    ['/uk', 'AT', 'eu'],
    ['/jp', 'CN', 'cn'],
  ])('on %s a visitor from %s is offered the %s edition, never redirected', async (path, country, region) => {
    const res = await get(path, { headers: { 'CF-IPCountry': country } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(pick(html, /data-suggest="([^"]+)"/)).toBe(region);
  });

  it.each([
    ['/us', { 'CF-IPCountry': 'US' }, {}],
    ['/us', { 'CF-IPCountry': 'CA' }, {}],
    ['/us', { 'CF-IPCountry': 'BR' }, {}],
    ['/us', { 'CF-IPCountry': 'DE' }, { country: 'ZZ' }],
    ['/us', { 'CF-IPCountry': 'DE' }, { suggest: 'dismissed' }],
  ])('is not shown on %s for %j with cookies %j', async (path, headers, cookies) => {
    const html = await (await get(path, { headers, cookies })).text();
    expect(html).not.toContain('data-suggest=');
  });

  it('names the country in the page language and links to the other edition', async () => {
    const html = await (await get('/us', { headers: { 'CF-IPCountry': 'DE' } })).text();
    expect(html).toContain('Germany');
    expect(html).toContain('href="http://localhost/de"');
    const fr = await (await get('/fr', { headers: { 'CF-IPCountry': 'DE' } })).text();
    expect(fr).toContain('Allemagne');
  });

  it('is dismissed for 30 days by “Stay here”, which returns to the same page', async () => {
    const res = await get('/region-suggest/dismiss?next=%2Fus%2Ffaq');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/us/faq');
    expect(res.headers.get('Set-Cookie')).toMatch(/^suggest=dismissed;.*Max-Age=2592000/);
    expect((await get('/region-suggest/dismiss?next=//evil.example')).headers.get('Location')).toBe('/');
  });
});
