import { describe, expect, it } from 'vitest';
import { get, pickAll } from '../fetch';

describe('region chooser', () => {
  it('lists the ten options, in their own languages', async () => {
    const html = await (await get('/de/choose-your-region')).text();
    expect(pickAll(html, /data-option="[^"]*">([^<]+)</)).toEqual([
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
