import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { Config } from '../../worker/env';
import { ctx } from './fetch';

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
afterEach(() => warn.mockClear());

describe('configuration', () => {
  it('defaults to production, the local China host and same-origin APIs when nothing is set', () => {
    const config = Config.parse({});
    expect(config).toMatchObject({ environment: 'production', cnHosts: ['cn.localhost'], preprodHosts: [], thirdParty: [] });
    expect(config.apiBases.production).toEqual({ us: '', eu: '', cn: '' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads hosts in one normal form: lower case, no port, no trailing dot', () => {
    expect(Config.parse({ CN_HOSTS: ' CN.Example.com.:443 , shop.example.cn', PREPROD_HOSTS: 'Hub.Example.com' })).toMatchObject({
      cnHosts: ['cn.example.com', 'shop.example.cn'],
      preprodHosts: ['hub.example.com'],
    });
  });

  it.each([
    ['API_BASES', '{not json', 'apiBases', { preprod: { us: '', eu: '', cn: '' }, production: { us: '', eu: '', cn: '' } }],
    [
      'API_BASES',
      '{"production":{"us":"https://api.example.com"}}',
      'apiBases',
      { preprod: { us: '', eu: '', cn: '' }, production: { us: '', eu: '', cn: '' } },
    ],
    ['THIRD_PARTY', '[{"name":"tagManager","src":"http://insecure.example.com/tm.js"}]', 'thirdParty', []],
    ['THIRD_PARTY', 'nonsense', 'thirdParty', []],
    ['ENVIRONMENT', 'staging', 'environment', 'production'],
    ['GLOBAL_ORIGIN', 'not a url', 'globalOrigin', undefined],
    ['CN_HOSTS', 'cn example com', 'cnHosts', ['cn.localhost']],
    ['PREVIEW_SECRET', 'short', 'previewSecret', undefined],
  ])('logs a malformed %s by name and keeps its default', (name, value, field, fallback) => {
    const config = Config.parse({ [name]: value });
    expect(config[field as keyof typeof config]).toEqual(fallback);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`config: ${name} is invalid`));
  });

  it('keeps serving pages when API_BASES is malformed', async () => {
    const res = await worker.fetch(new Request('http://localhost/us'), { ...env, API_BASES: '{"broken"' }, ctx);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="en-US"');
  });
});
