import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { signPreview } from '../../../worker/clock/preview';
import { ctx } from '../fetch';

// Pre-production hosts are on the internet: anyone who reaches them gets what production
// gives (docs/decisions/0030). Only a signed preview moves their clock, and /__timeline is not there.

const secret = 'preprod-preview-secret-long-enough';
const preprod = {
  ...env,
  ENVIRONMENT: 'production',
  PREPROD_HOSTS: 'preprod.robolux.com',
  GLOBAL_ORIGIN: 'https://preprod.robolux.com',
  PREVIEW_SECRET: secret,
};
const ms = Date.parse('2024-11-28T23:59:50-05:00');

async function ask(path: string, cookie?: string) {
  const { default: worker } = await import('../../../worker/index');
  return worker.fetch(new Request(`https://preprod.robolux.com${path}`, { headers: cookie ? { Cookie: `timestamp=${cookie}` } : {} }), preprod, ctx);
}

describe('a pre-production host', () => {
  it('ignores an unsigned preview, and counts a signed one for its host', async () => {
    const unsigned = (await (await ask('/ssr/timestamp', String(ms))).json()) as { data: { timestamp: number; preview: string | null } };
    expect(unsigned.data.preview).toBeNull();
    expect(unsigned.data.timestamp).not.toBe(ms);
    const token = await signPreview({ ms, host: 'preprod.robolux.com', expires: Date.now() + 60_000 }, secret);
    expect(((await (await ask('/ssr/timestamp', token)).json()) as { data: object }).data).toEqual({ timestamp: ms, preview: 'fixed' });
  });

  it('refuses an unsigned preview link', async () => {
    const res = await ask(`/__preview?at=${ms}&next=/us`);
    expect(res.status).toBe(400);
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('has no /__timeline, even with a signed preview: an unknown path like any other', async () => {
    const token = await signPreview({ ms, host: 'preprod.robolux.com', expires: Date.now() + 60_000 }, secret);
    for (const res of [await ask('/__timeline'), await ask('/__timeline?region=us', token)]) {
      expect(res.status).toBe(302);
      expect(await res.text()).not.toContain('Campaign timeline');
    }
  });
});
