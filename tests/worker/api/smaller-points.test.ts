import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasInvisible, onlyBrandWords, passwordProblem } from '../../../worker/account/password';
import { REUSE_GRACE_MS } from '../../../worker/account/records';
import { readPreview, signPreview } from '../../../worker/clock/preview';
import worker from '../../../worker/index';
import { csvCell } from '../../../ops/csv';
import { ctx } from '../fetch';
import { Browser, STRONG } from '../account/helpers';

// The smaller points of the fourth hardening round (docs/decisions/0055), each a rule of its own.

afterEach(() => void vi.useRealTimers());

describe('passwords', () => {
  it.each([
    ['a control character', 'Orbit-Lantern\u0007-42'],
    ['a zero-width space', 'Orbit-\u200bLantern-42'],
    ['a zero-width joiner', 'Orbit-Lantern\u200d-42'],
    ['a right-to-left override', 'Orbit-\u202eLantern-42'],
    ['a line separator', 'Orbit-Lantern\u2028-42'],
  ])('refuse %s', (_, password) => {
    expect(hasInvisible(password)).toBe(true);
    expect(passwordProblem(password, 'member@example.com')).toBe('characters');
  });

  it.each([
    ['Robolux-robolux', true],
    ['Megatron-Robolux-1', true],
    ['OptimusPrime!Grimlock?99', true],
    ['Bumblebee_Megatron_2026', true],
    ['Orbit-Lantern-42-Maple', false],
    ['Robolux-Orbit-Lantern-42', false],
    ['12345678', false],
  ])('%j is only brand and product words: %s', (password, only) => {
    expect(onlyBrandWords(password)).toBe(only);
    if (only) expect(passwordProblem(password, 'member@example.com')).toBe('brand');
  });
});

describe('CSV exports', () => {
  it.each([
    ['after a no-break space', '\u00a0=HYPERLINK("x")'],
    ['after an ideographic space', '\u3000=1+1'],
    ['after an en space', '\u2002-1+1'],
    ['after a zero-width space', '\u200b@SUM(A1)'],
    ['as a full-width equals sign', '＝1+1'],
    ['as a full-width plus, minus or at', '＋1 －1 ＠x'],
    ['after a separator and a no-break space', 'a;\u00a0=1'],
  ])('neutralise a formula %s', (_, value) => {
    expect(csvCell(value)).toContain("'");
  });
});

describe('preview tokens', () => {
  it('have one canonical form: a leading zero in the moment or the expiry does not count', async () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    const grant = { ms: Date.parse('2025-08-20T12:00:00Z'), host: 'www.example.com', expires: now + 60_000 };
    const context = { allowUnsigned: false, secret: 'secret-of-sixteen-chars', host: 'www.example.com', now };
    const token = await signPreview(grant, context.secret);
    expect(await readPreview(token, context)).toEqual({ kind: 'ok', ms: grant.ms });
    const [ms, expires, sig] = token.split('.');
    expect((await readPreview(`0${ms}.${expires}.${sig}`, context)).kind).toBe('invalid');
    expect((await readPreview(`${ms}.00${expires}.${sig}`, context)).kind).toBe('invalid');
    expect((await readPreview(`0${ms}`, { ...context, allowUnsigned: true })).kind).toBe('invalid');
  });
});

describe('the render cache’s header', () => {
  it('says the cache state outside production only', async () => {
    const ask = async (environment: string) => {
      const res = await worker.fetch(
        new Request('http://localhost/us'),
        { ...env, ENVIRONMENT: environment, SESSION_SECRET: 'production-secret-of-some-length' },
        ctx,
      );
      await res.arrayBuffer();
      return res.headers.get('X-Render-Cache');
    };
    expect(await ask('local')).toMatch(/^(hit|miss|stale|bypass)$/);
    expect(await ask('production')).toBeNull();
  });
});

describe('the refresh grace of a late tab (docs/decisions/0044)', () => {
  it('is 10 s: a spent refresh token presented 9.9 s later gets a successor, 10 s later it revokes the session', async () => {
    expect(REUSE_GRACE_MS).toBe(10_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const browser = new Browser();
    const email = `grace-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const made = await browser.call<{ user_id: string; reftoken: string }>('/account/user/register_or_login', { email, password: STRONG, agree: true });
    const { user_id, reftoken } = made.data;
    const refresh = () => browser.call(`/account/user/sign_in/refresh?user_id=${user_id}`, undefined, { reftoken });
    expect((await refresh()).code).toBe(2000);
    vi.setSystemTime(start + 9_900);
    expect((await refresh()).code).toBe(2000);
    vi.setSystemTime(start + 10_000);
    expect((await refresh()).code).toBe(4003);
  });
});
