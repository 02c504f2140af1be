import { describe, expect, it } from 'vitest';
import { pathWith, sameOriginPath } from '../../../worker/edition/redirect';

describe('the same-origin redirect rule', () => {
  it.each([
    ['/us', '/us'],
    ['/us/flagship-bumblebee?x=1#specs', '/us/flagship-bumblebee?x=1#specs'],
    ['/de/./faq', '/de/faq'],
    ['/de/a/../faq', '/de/faq'],
    ['us/faq', '/us/faq'],
    ['/jp/%E6%97%A5%E6%9C%AC', '/jp/%E6%97%A5%E6%9C%AC'],
    ['/fr/caf\u00e9', '/fr/caf%C3%A9'],
  ])('keeps the site path %j as %j', (value, path) => {
    expect(sameOriginPath(value)).toBe(path);
  });

  it.each([
    // Dot segments that climb into a protocol-relative URL (the finding: `/..//evil.com`).
    '/..//evil.com',
    '/../..//evil.com',
    '/.//evil.com',
    '/%2e%2e//evil.com',
    '/%2E%2E/%2Fevil.com',
    // Doubled and encoded slashes.
    '//evil.com',
    '///evil.com',
    '/%2F%2Fevil.com',
    '/%2f/evil.com',
    '%2F%2Fevil.com',
    // Backslashes, raw and encoded, which browsers read as slashes.
    '/\\evil.com',
    '\\\\evil.com',
    '/%5Cevil.com',
    '\\/evil.com',
    // Other schemes and hosts.
    'https://evil.com',
    'http:evil.com',
    'https:/evil.com',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.com@same-origin.invalid',
    // Control characters, raw and encoded: tab and newline are dropped by parsers.
    '/\t/evil.com',
    '/\n/evil.com',
    '/%09/evil.com',
    '/%0d%0aSet-Cookie:x=1',
    '/us\u0000',
    '/us\u0085',
    // Unicode look-alikes of slash, backslash and dot.
    '\uff0f\uff0fevil.com',
    '/\uff0fevil.com',
    '/\u2215evil.com',
    '\u2044\u2044evil.com',
    '/\ufe68evil.com',
    '/\uff3cevil.com',
    // Degenerate values.
    '',
    'x'.repeat(2000),
  ])('never sends %j to another host', (value) => {
    const path = sameOriginPath(value);
    expect(path.startsWith('/')).toBe(true);
    expect(path).not.toMatch(/^\/[/\\]/);
    expect(new URL(path, 'https://shop.example').origin).toBe('https://shop.example');
  });

  it('answers the fallback for a missing value', () => {
    expect(sameOriginPath(undefined, '/us/choose-your-region')).toBe('/us/choose-your-region');
    expect(sameOriginPath(null)).toBe('/');
  });
});

describe('a redirect target with parameters', () => {
  it.each([
    ['/us/faq', { form: 'ok' }, undefined, '/us/faq?form=ok'],
    ['/us?x=1', { subscribe: 'ok', source: 'footer' }, 'footer', '/us?x=1&subscribe=ok&source=footer#footer'],
    ['/de', { ref: undefined, form: 'a b&c' }, 'form', '/de?form=a+b%26c#form'],
    ['//evil.example/x', { form: 'ok' }, undefined, '/?form=ok'],
    ['https://evil.example/', {}, undefined, '/'],
  ] as [string, Record<string, string | undefined>, string | undefined, string][])('%s + %o → %s', (path, params, hash, expected) => {
    expect(pathWith(path, params, hash)).toBe(expected);
  });
});
