import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';

// What production and pre-production answer on (docs/decisions/0030): their own hosts only, never
// workers.dev; and Turnstile's site key configured in both (its secret is a secret).

describe.each([
  ['production', undefined, ['www.robolux.com/*', 'www.robolux.cn/*']],
  ['pre-production', 'preprod', ['preprod.robolux.com/*', 'preprod.robolux.cn/*']],
] as const)('wrangler.toml, %s', (_, env, patterns) => {
  const config = unstable_readConfig({ config: 'wrangler.toml', env });

  it('answers on its own global and China hosts, never on workers.dev', () => {
    expect(config.workers_dev).toBe(false);
    expect((config.routes ?? []).map((route: string | { pattern: string }) => (typeof route === 'string' ? route : route.pattern))).toEqual(patterns);
  });

  it('configures Turnstile’s site key (the secret is set with wrangler secret put)', () => {
    expect(config.vars.TURNSTILE_SITE_KEY).toMatch(/^[\w-]{10,100}$/);
    expect(config.vars).not.toHaveProperty('TURNSTILE_SECRET');
  });
});
