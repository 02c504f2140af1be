import { describe, expect, it } from 'vitest';
import { EDITIONS, REGIONS } from '../../../content/editions';
import { regionCookieOptions, REGION_COOKIE_MAX_AGE } from '../../../worker/edition/cookies';
import { regionLabel, resolveCountry } from '../../../worker/edition/country';
import { apiBase, isPreprod } from '../../../worker/edition/scope';
import { get } from '../fetch';

describe('resolveCountry', () => {
  it.each([
    ['ca', 'US', 'GB', 'CA'],
    [undefined, 'de', 'GB', 'DE'],
    [undefined, null, 'JP', 'JP'],
    ['xx', 'XX', 'T1', undefined],
    ['<script>', 'FR', undefined, 'FR'],
    [undefined, undefined, undefined, undefined],
  ])('cookie %s, header %s, cf %s → %s', (cookie, header, cf, expected) => {
    expect(resolveCountry(cookie, header, cf)).toBe(expected);
  });
});

describe('regionLabel', () => {
  it.each([
    ['us', undefined, 'United States - English'],
    ['us', 'US', 'United States - English'],
    ['us', 'CA', 'Canada - English'],
    ['us', 'BR', 'Other Regions - English'],
    ['us', 'DE', 'Other Regions - English'],
    ['de', 'CA', 'Deutschland - Deutsch'],
    ['uk', 'US', 'United Kingdom - English'],
  ] as const)('%s edition for country %s shows %s', (region, country, label) => {
    expect(regionLabel(EDITIONS[region], country)).toBe(label);
  });
});

describe('storage scope', () => {
  // docs/spec/platform.md §4: us, kr and jp keep the session under /us; uk, eu, fr and de under /eu;
  // the China site under /cn. Read from the edition table the pages are rendered from.
  const SCOPES = { us: '/us', kr: '/us', jp: '/us', uk: '/eu', eu: '/eu', fr: '/eu', de: '/eu', cn: '/cn' } as const;
  it('is each edition’s as the spec says, in the edition table', () => {
    expect(Object.fromEntries(REGIONS.map((r) => [r, EDITIONS[r].storageScope]))).toEqual(SCOPES);
  });
  it.each(REGIONS)('is what the %s edition’s pages tell the browser (<html data-scope>)', async (region) => {
    const html = await (await get(region === 'cn' ? '/' : `/${region}`, { host: region === 'cn' ? 'cn.localhost' : 'localhost' })).text();
    expect(html).toMatch(new RegExp(`<html[^>]* data-scope="${SCOPES[region]}"`));
  });
});

describe('pre-production and API bases', () => {
  const bases = {
    preprod: { us: 'https://pre-us.api', eu: 'https://pre-eu.api', cn: 'https://pre-cn.api' },
    production: { us: 'https://us.api', eu: 'https://eu.api', cn: 'https://cn.api' },
  };
  it('recognises the configured hub hosts only', () => {
    expect(isPreprod('hub.example.com:8443', ['hub.example.com'])).toBe(true);
    expect(isPreprod('www.example.com', ['hub.example.com'])).toBe(false);
  });
  it.each([
    [true, 'us', 'https://pre-us.api'],
    [true, 'eu', 'https://pre-eu.api'],
    [false, 'cn', 'https://cn.api'],
    [false, 'eu', 'https://eu.api'],
  ] as const)('preprod %s, group %s → %s', (preprod, group, base) => {
    expect(apiBase(preprod, group, bases)).toBe(base);
  });
  it('groups editions as the spec says: us, kr, jp → us; uk, eu, fr, de → eu; cn → cn', () => {
    const groups = Object.fromEntries(Object.values(EDITIONS).map((e) => [e.region, e.apiGroup]));
    expect(groups).toEqual({ us: 'us', kr: 'us', jp: 'us', uk: 'eu', eu: 'eu', fr: 'eu', de: 'eu', cn: 'cn' });
  });
});

describe('regionCookieOptions', () => {
  it('lasts 365 days on path / with SameSite=Lax', () => {
    const o = regionCookieOptions(new URL('http://localhost/us'), undefined);
    expect(o).toMatchObject({ path: '/', maxAge: REGION_COOKIE_MAX_AGE, sameSite: 'Lax', secure: false });
    expect(REGION_COOKIE_MAX_AGE).toBe(31_536_000);
  });
  it('is Secure over https and scoped to the parent domain when the host is inside it', () => {
    expect(regionCookieOptions(new URL('https://www.example.com/us'), 'example.com')).toMatchObject({ secure: true, domain: 'example.com' });
  });
  it('drops a configured domain the host is not inside', () => {
    expect(regionCookieOptions(new URL('http://localhost/us'), 'example.com').domain).toBeUndefined();
  });
});
