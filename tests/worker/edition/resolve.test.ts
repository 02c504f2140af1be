import { describe, expect, it } from 'vitest';
import { siteOrigins } from '../../../worker/edition/origins';
import { resolveRequest, type Resolution } from '../../../worker/edition/resolve';
import { Config } from '../../../worker/env';

const config = Config.parse({ ENVIRONMENT: 'local' });
const resolve = (url: string, cookie?: string) => {
  const parsed = new URL(url);
  return resolveRequest(parsed, cookie, { cnHosts: config.cnHosts, cnOrigin: siteOrigins(parsed, config)?.cn ?? 'https://cn.example' });
};
const page = (r: Resolution) =>
  r.kind === 'page' ? `${r.edition.region}:${r.slug}` : r.kind === 'redirect' ? `${r.status} ${r.location}` : `reject ${r.status}`;

describe('resolveRequest', () => {
  it.each([
    // [url, region cookie, expected]
    ['http://localhost/us', undefined, 'us:'],
    ['http://localhost/de/flagship-bumblebee', undefined, 'de:flagship-bumblebee'],
    ['http://localhost/jp/where-to-buy', undefined, 'jp:where-to-buy'],
    ['http://cn.localhost/', undefined, 'cn:'],
    ['http://cn.localhost/flagship-bumblebee', undefined, 'cn:flagship-bumblebee'],
    ['http://shop.example.cn/where-to-buy/hongkong-macao', undefined, 'cn:where-to-buy/hongkong-macao'],
    ['http://localhost/', undefined, '302 /us'],
    ['http://localhost/', 'de', '302 /de'],
    ['http://localhost/', 'cn', '302 /us'],
    ['http://localhost/', 'nonsense', '302 /us'],
    ['http://localhost/?utm=1', 'fr', '302 /fr?utm=1'],
    ['http://localhost/flagship-bumblebee', undefined, '302 /us/flagship-bumblebee'],
    ['http://localhost/flagship-bumblebee?x=1', 'jp', '302 /jp/flagship-bumblebee?x=1'],
    ['http://localhost/cn', undefined, '301 http://cn.localhost/'],
    ['http://localhost/cn/flagship-bumblebee?a=b', undefined, '301 http://cn.localhost/flagship-bumblebee?a=b'],
    ['http://localhost:9000/cn/x', undefined, '301 http://cn.localhost:9000/x'],
    ['http://localhost/US/faq', undefined, '301 /us/faq'],
    ['http://localhost/us/', undefined, '301 /us'],
    ['http://localhost/us//faq', undefined, '301 /us/faq'],
    ['http://cn.localhost/manuals/', undefined, '301 /manuals'],
  ])('%s with region cookie %s → %s', (url, cookie, expected) => {
    expect(page(resolve(url, cookie))).toBe(expected);
  });

  it.each([
    'http://localhost//evil.example',
    'http://localhost//evil.example/x',
    'http://localhost/%2F%2Fevil.example',
    'http://localhost/%5Cevil.example',
    'http://localhost/us/%2e%2e/%2e%2e/etc',
    'http://localhost/%09/evil.example',
    'http://localhost/%0d%0aSet-Cookie:x=1',
    'http://localhost/\\evil.example',
    'http://localhost/\t/evil.example',
    'http://cn.localhost//evil.example',
  ])('never sends %s to another host', (url) => {
    const r = resolve(url);
    if (r.kind === 'redirect') {
      expect(r.location).toMatch(/^\/(?![/\\])/);
      expect(new URL(r.location, 'http://localhost').host).toBe('localhost');
    }
  });

  it('rejects encoded slashes, backslashes and control characters with 400', () => {
    for (const url of ['http://localhost/us/%2Fx', 'http://localhost/us/a%5Cb', 'http://localhost/us/a%00b', 'http://localhost/us/a%7fb']) {
      expect(resolve(url)).toEqual({ kind: 'reject', status: 400 });
    }
  });

  it('rejects absurdly long paths', () => {
    expect(resolve(`http://localhost/us/${'a'.repeat(2000)}`)).toEqual({ kind: 'reject', status: 400 });
  });

  it('sends /cn to the configured China origin when one is set', () => {
    const r = resolveRequest(new URL('https://www.example.com/cn/faq'), undefined, { cnHosts: ['cn.example.com'], cnOrigin: 'https://www.example.cn' });
    expect(r).toEqual({ kind: 'redirect', status: 301, location: 'https://www.example.cn/faq' });
  });
});
