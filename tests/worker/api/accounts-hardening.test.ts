import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { sign } from 'hono/jwt';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clientKey } from '../../../worker/post/input';
import worker from '../../../worker/index';
import { fetchWorker } from '../fetch';
import { keepKey, withKey } from '../session-keys';

// What an outside probe of the accounts found (docs/decisions/0030): each class, through the worker in workerd.

const STRONG = 'Orbit-Lantern-42-Maple';
let ip = 0;
let n = 0;
let windows = 0;
const fresh = () => `hardened${++n}-${Date.now()}@example.com`;

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, string>;
}

async function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope> {
  const res = await fetchWorker(`http://localhost${path}`, {
    method: 'POST',
    headers: withKey({ 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.8.${Math.floor(++ip / 250)}.${ip % 250}`, region: 'us', ...headers }),
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope;
  keepKey(res, json.data);
  return json;
}

async function register(email = fresh()): Promise<{ email: string; apptoken: string; user_id: string }> {
  const json = await call('/account/user/register_or_login', { email, password: STRONG, agree: true });
  expect(json.code, json.msg).toBe(2000);
  return { email, apptoken: json.data.apptoken!, user_id: json.data.user_id! };
}

/** The newest reset link mailed to an address (the local outbox). */
async function resetToken(email: string): Promise<string> {
  const mail = await env.ACCOUNTS_US.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC').bind(email).first<{ body: string }>();
  return /reset=([0-9a-f-]+)/.exec(mail!.body)![1]!;
}

describe('reset links', () => {
  it('are spent by a password change: a link mailed before it no longer sets a password', async () => {
    const { email, apptoken } = await register();
    await call('/account/user/password/reset', { email });
    const token = await resetToken(email);
    expect((await call('/account/user/password', { current: STRONG, password: 'Changed-Comet-58-Cedar' }, { apptoken })).code).toBe(2000);
    expect((await call('/account/user/password/reset/confirm', { token, password: 'Reset-Comet-58-Cedar' })).code).toBe(4003);
  });

  it('are spent by another completed reset', async () => {
    const { email } = await register();
    await call('/account/user/password/reset', { email });
    const first = await resetToken(email);
    await call('/account/user/password/reset', { email });
    const second = await resetToken(email);
    expect(second).not.toBe(first);
    expect((await call('/account/user/password/reset/confirm', { token: second, password: 'Reset-Comet-58-Cedar' })).code).toBe(2000);
    expect((await call('/account/user/password/reset/confirm', { token: first, password: 'Other-Comet-58-Cedar' })).code).toBe(4003);
  });

  it('link to the configured origin of the edition, never the request’s Host (the China edition to its own host)', async () => {
    // Origins configured as in production; a request on a host that is not ours (a local run
    // keeps the mail in the outbox, where the test reads it).
    const configured = { ...env, GLOBAL_ORIGIN: 'https://www.robolux.example', CN_ORIGIN: 'https://www.robolux.example.cn' };
    const ask = async (region: string, email: string) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request('https://evil.example/account/user/password/reset', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', region, 'CF-Connecting-IP': '192.0.2.80' },
          body: JSON.stringify({ email }),
        }),
        configured,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
    };
    const mailed = async (db: D1Database, email: string) =>
      (await db.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC').bind(email).first<{ body: string }>())?.body ?? '';
    const us = await register();
    await ask('us', us.email);
    const cnEmail = fresh();
    // The China edition's account needs the transfer abroad agreed to apart (decision 0057).
    expect((await call('/account/user/register_or_login', { email: cnEmail, password: STRONG, agree: ['terms', 'transfer'] }, { region: 'cn' })).code).toBe(
      2000,
    );
    await ask('cn', cnEmail);
    expect(await mailed(env.ACCOUNTS_US, us.email)).toContain('https://www.robolux.example/us/login?reset=');
    expect(await mailed(env.ACCOUNTS_CN, cnEmail)).toContain('https://www.robolux.example.cn/login?reset=');
    expect((await mailed(env.ACCOUNTS_US, us.email)) + (await mailed(env.ACCOUNTS_CN, cnEmail))).not.toContain('evil.example/');
  });
});

describe('reset mail', () => {
  it('failing after the answer is logged, never an unhandled rejection: the answer was already the same for everyone', async () => {
    const { email } = await register();
    const broken = { ...env, SEND_EMAIL: { send: () => Promise.reject(new Error('mail relay down')) } as unknown as SendEmail };
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('http://localhost/account/user/password/reset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', region: 'us', 'CF-Connecting-IP': '192.0.2.81' },
        body: JSON.stringify({ email }),
      }),
      broken,
      ctx,
    );
    expect(res.status).toBe(200);
    await expect(waitOnExecutionContext(ctx)).resolves.toBeUndefined();
  });
});

describe('apptokens', () => {
  it('refuse a validly signed token that never expires', async () => {
    const { user_id, apptoken } = await register();
    const sid = (JSON.parse(atob(apptoken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sid: string }).sid;
    const forever = await sign({ sub: user_id, sid, iat: Math.floor(Date.now() / 1000) }, 'local-development-session-secret-not-for-production', 'HS256');
    const res = await fetchWorker('http://localhost/account/user/profile', { headers: withKey({ apptoken, region: 'us' }, { apptoken: forever }) });
    expect(((await res.json()) as Envelope).code).toBe(4003);
    const ok = await fetchWorker('http://localhost/account/user/profile', { headers: withKey({ apptoken, region: 'us' }) });
    expect(((await ok.json()) as Envelope).code).toBe(2000);
  });
});

describe('guesses', () => {
  beforeEach(() => {
    // The limits count in fixed windows: start each test at a window's start, so none straddles two.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 900_000) * 900_000 + 900_000 * ++windows);
    onTestFinished(() => void vi.useRealTimers());
  });
  it('count per address across actions: five failed sign-ins and registrations from one client, then that client waits', async () => {
    const { email } = await register();
    const from = { 'CF-Connecting-IP': '192.0.2.90' };
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await call('/account/user/sign_in', { email, password: `Guess-${i}-Lantern` }, from)).code);
    for (let i = 0; i < 2; i++) codes.push((await call('/account/user/register_or_login', { email, password: `Guess-${i}-Maple`, agree: true }, from)).code);
    codes.push((await call('/account/user/sign_in', { email, password: 'Guess-9-Lantern' }, from)).code);
    expect(codes).toEqual([4001, 4001, 4001, 4001, 4001, 4029]);
  });

  it('slow only the guessing client: the member signs in from elsewhere meanwhile', async () => {
    const { email } = await register();
    for (let i = 0; i < 6; i++) await call('/account/user/sign_in', { email, password: `Guess-${i}-Lantern` }, { 'CF-Connecting-IP': '192.0.2.91' });
    expect((await call('/account/user/sign_in', { email, password: STRONG }, { 'CF-Connecting-IP': '198.51.100.7' })).code).toBe(2000);
  });

  it('count an IPv6 client by its /64: another address of the same network is the same client', async () => {
    const { email } = await register();
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call('/account/user/sign_in', { email, password: `Guess-${i}-Lantern` }, { 'CF-Connecting-IP': `2001:db8:aa:bb::${i + 1}` })).code);
    expect(codes).toEqual([4001, 4001, 4001, 4001, 4001, 4029]);
  });
});

describe('clientKey', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:db8:aa:bb::1', '2001:db8:aa:bb::/64'],
    ['2001:0db8:00aa:00bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('keys %s as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it('keeps a malformed value bounded rather than trusting it', () => {
    expect(clientKey('zz:'.repeat(100)).length).toBeLessThanOrEqual(64);
  });
});
