import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ctx } from '../fetch';

// Turnstile on account creation (docs/decisions/0030): where the site is configured with it, a new
// account needs a verified token, by the JSON call and by the log-in page's plain form; a
// member signing in is not asked.

const configured = { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key', TURNSTILE_SECRET: '0x4AAAAAAAtest-secret' };
let ip = 0;
const client = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

async function call(path: string, init: RequestInit) {
  const { default: worker } = await import('../../../worker/index');
  return worker.fetch(new Request(`http://localhost${path}`, init), configured, ctx);
}

const register = (body: Record<string, unknown>) =>
  call('/account/user/register_or_login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), region: 'us' },
    body: JSON.stringify({ password: 'violet-harbour-cactus-93', agree: true, ...body }),
  });

const member = (email: string) => env.ACCOUNTS_US.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first();

afterEach(() => vi.restoreAllMocks());

describe('Turnstile on account creation, when configured', () => {
  it('refuses a new account without a verified token, and makes it with one', async () => {
    const verify = vi.spyOn(globalThis, 'fetch');
    const none = await register({ email: 'captcha-new@example.com' });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ code: 4000, msg: 'Please confirm you are not a robot and try again.', data: { fields: { captcha: 'invalid' } } });
    expect(verify).not.toHaveBeenCalled();
    verify.mockResolvedValueOnce(Response.json({ success: false }));
    expect((await register({ email: 'captcha-new@example.com', 'cf-turnstile-response': 'token-bad' })).status).toBe(400);
    expect(await member('captcha-new@example.com')).toBeNull();
    verify.mockResolvedValueOnce(Response.json({ success: true }));
    const made = await register({ email: 'captcha-new@example.com', 'cf-turnstile-response': 'token-good' });
    expect(((await made.json()) as { code: number }).code).toBe(2000);
    expect(await member('captcha-new@example.com')).not.toBeNull();
    // The member signs in again without being asked.
    verify.mockClear();
    const again = await register({ email: 'captcha-new@example.com' });
    expect(((await again.json()) as { code: number }).code).toBe(2000);
    expect(verify).not.toHaveBeenCalled();
  });

  it('shows the widget on the log-in page, and its plain form refuses a new account without a token', async () => {
    const page = await (await call('/us/login', {})).text();
    const island = page.slice(page.indexOf('data-island="login"'));
    expect(island).toContain('&quot;captcha&quot;:{&quot;siteKey&quot;:&quot;0x4AAAAAAAtest-site-key&quot;');
    const res = await call('/us/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', 'CF-Connecting-IP': client() },
      body: new URLSearchParams({ email: 'captcha-form@example.com', password: 'violet-harbour-cactus-93', agree: 'on' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Please confirm you are not a robot and try again.');
    expect(await member('captcha-form@example.com')).toBeNull();
  });
});
