import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import { ctx } from '../fetch';
import { Browser, follow, freshClient, mails, STRONG } from './helpers';

// Limits that slow the attacker and never lock out the owner (docs/decisions/0055): a
// stranger's wrong passwords and reset requests for an address stop neither the member's own
// browser (its device cookie), nor a member who passes the CAPTCHA where one is configured,
// nor a reset link from the member's mailbox; reset mails are a few a day per address, with
// the same answer either way.

const unique = () => crypto.randomUUID().slice(0, 8);

afterEach(() => vi.restoreAllMocks());

describe('a member under attack', () => {
  it(
    'keeps signing in from their own browser while other clients send 100 wrong passwords and 100 reset requests for the address',
    { timeout: 120_000 },
    async () => {
      const email = `target-${unique()}@example.com`;
      const member = new Browser();
      expect((await member.call('/account/user/register_or_login', { email, password: STRONG, agree: true })).code).toBe(2000);
      expect([...member.cookies.keys()]).toContain('device');
      const mailsBefore = await mails(email);
      const stranger = new Browser();
      const answers = new Map<number, number>();
      for (let i = 0; i < 100; i++) {
        // A new client address every few tries, as a distributed guess would.
        if (i % 4 === 0) Object.assign(stranger, { client: freshClient() });
        const guess = await stranger.call('/account/user/sign_in', { email, password: `Guess-${i}-Lantern-Maple` });
        const reset = await stranger.call('/account/user/password/reset', { email });
        answers.set(guess.code, (answers.get(guess.code) ?? 0) + 1);
        // The reset answer is the same whatever the address and however often it is asked.
        expect(reset.code).toBe(2000);
      }
      // The stranger is slowed: past the ceiling every further guess is refused before any password is tried.
      expect(answers.get(4029)).toBeGreaterThan(50);
      // At most a few reset mails reached the member's mailbox.
      expect((await mails(email)) - mailsBefore).toBeLessThanOrEqual(3);
      // The member's own browser signs in, on the JSON call and the log-in page's form alike.
      expect((await member.call('/account/user/sign_in', { email, password: STRONG })).code).toBe(2000);
      const form = await member.fetch('/us/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
        body: new URLSearchParams({ email, password: STRONG, agree: 'on' }).toString(),
      });
      expect(form.status).toBe(200);
      // A reset link from the member's mailbox still works.
      const link = /\/us\/login\?reset=[\w-]+/.exec(
        (await env.ACCOUNTS_US.prepare('SELECT body FROM outbox WHERE recipient = ?1 ORDER BY id DESC').bind(email).first<{ body: string }>())!.body,
      )![0];
      const token = new URL(link, 'http://localhost').searchParams.get('reset')!;
      expect((await new Browser().call('/account/user/password/reset/confirm', { token, password: 'Brand-New-Comet-58-Cedar' })).code).toBe(2000);
    },
  );

  it('lets a member on a new browser through the ceiling by passing the CAPTCHA, where one is configured', { timeout: 60_000 }, async () => {
    const email = `captcha-${unique()}@example.com`;
    const member = new Browser();
    expect((await member.call('/account/user/register_or_login', { email, password: STRONG, agree: true })).code).toBe(2000);
    for (let i = 0; i < 40; i++) await new Browser().call('/account/user/sign_in', { email, password: `Guess-${i}-Lantern-Maple` });
    const configured = { ...env, TURNSTILE_SITE_KEY: '0x4AAAAAAAtest-site-key', TURNSTILE_SECRET: '0x4AAAAAAAtest-secret' };
    const signIn = async (token?: string) => {
      const res = await worker.fetch(
        new Request('http://localhost/account/user/sign_in', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshClient(), region: 'us' },
          body: JSON.stringify({ email, password: STRONG, ...(token ? { 'cf-turnstile-response': token } : {}) }),
        }),
        configured,
        ctx,
      );
      const json = (await res.json()) as { code: number; msg: string };
      return json.code;
    };
    const verify = vi.spyOn(globalThis, 'fetch');
    expect(await signIn()).toBe(4029);
    verify.mockResolvedValueOnce(Response.json({ success: true }));
    expect(await signIn('token-good')).toBe(2000);
    expect(verify).toHaveBeenCalledTimes(1);
  });
});

describe('mail that cannot be made a weapon', () => {
  it('sends at most three reset mails a day to an address, the answer the same each time', async () => {
    const email = `reset-cap-${unique()}@example.com`;
    const member = new Browser();
    await member.call('/account/user/register_or_login', { email, password: STRONG, agree: true });
    const before = await mails(email);
    const codes = [];
    for (let i = 0; i < 8; i++) codes.push((await new Browser().call('/account/user/password/reset', { email })).code);
    expect(codes).toEqual(Array(8).fill(2000));
    expect((await mails(email)) - before).toBe(3);
    // The member's own browser has a few of its own.
    await member.call('/account/user/password/reset', { email });
    expect((await mails(email)) - before).toBe(4);
  });

  it('sends at most three confirmation mails a day for a pending sign-up, however often it is repeated', async () => {
    const email = `optin-cap-${unique()}@example.com`;
    const codes = [];
    for (let i = 0; i < 13; i++)
      codes.push((await new Browser().call('/account/user/subscribe/create', { email, region: 'de', source: 'footer' }, { region: 'de' })).code);
    expect(codes).toEqual(Array(13).fill(2000));
    expect(await mails(email, env.ACCOUNTS_EU)).toBe(3);
  });

  it('opens a page with one button for the unsubscribe and confirm links: a GET or HEAD changes nothing, the button does, and RFC 8058’s one-click POST still works', async () => {
    const email = `links-${unique()}@example.com`;
    const browser = new Browser();
    await browser.call('/account/user/subscribe/create', { email, region: 'de', source: 'footer' }, { region: 'de' });
    const body = (await env.ACCOUNTS_EU.prepare('SELECT body FROM outbox WHERE recipient = ?1').bind(email).first<{ body: string }>())!.body;
    const confirm = /\/de\/subscribe\/confirm\?t=\S+/.exec(body)![0];
    const unsubscribe = /\/de\/unsubscribe\?t=\S+/.exec(body)![0];
    const status = async () => (await env.DB.prepare('SELECT status FROM subscriptions WHERE email = ?1').bind(email).first<string>('status')) ?? 'gone';
    for (const method of ['GET', 'HEAD']) {
      expect((await browser.fetch(confirm, { method })).status).toBe(200);
      expect((await browser.fetch(unsubscribe, { method })).status).toBe(200);
    }
    expect(await status()).toBe('pending');
    expect(await (await browser.fetch(confirm)).text()).toContain('Anmeldung bestätigen');
    expect((await follow(browser, confirm)).headers.get('Location')).toContain('subscribe=confirmed');
    expect(await status()).toBe('confirmed');
    const oneClick = await browser.fetch(unsubscribe, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await status()).toBe('gone');
  });
});

describe('one consent path', () => {
  it('the account’s newsletter box is a sign-up by the footer’s rule: pending and a confirmation mail where the edition asks for double opt-in', async () => {
    const email = `box-${unique()}@example.com`;
    const member = new Browser();
    const made = await member.call('/account/user/register_or_login', { email, password: STRONG, agree: true, subscribe: true }, { region: 'de' });
    expect(made.code).toBe(2000);
    const profile = await member.call<{ newsletter: boolean; newsletterPending: boolean }>('/account/user/profile', undefined, { region: 'de' });
    expect(profile.data).toMatchObject({ newsletter: false, newsletterPending: true });
    const pending = await env.DB.prepare("SELECT status FROM subscriptions WHERE email = ?1 AND source = 'account'").bind(email).first<string>('status');
    expect(pending).toBe('pending');
    expect(
      await env.ACCOUNTS_EU.prepare('SELECT body FROM outbox WHERE recipient = ?1 AND body LIKE ?2').bind(email, '%/de/subscribe/confirm?t=%').first(),
    ).not.toBeNull();
    // The box again, from the account page: still pending, never confirmed without the mail's link.
    const saved = await member.call<{ newsletter: boolean }>('/account/user/profile', { newsletter: true }, { region: 'de' });
    expect(saved.data.newsletter).toBe(false);
    // In a single opt-in edition (us) the same box subscribes at once, as the footer does.
    const us = new Browser();
    const usEmail = `box-us-${unique()}@example.com`;
    await us.call('/account/user/register_or_login', { email: usEmail, password: STRONG, agree: true });
    expect((await us.call<{ newsletter: boolean }>('/account/user/profile', { newsletter: true })).data.newsletter).toBe(true);
    expect((await us.call<{ newsletter: boolean }>('/account/user/profile', { newsletter: false })).data.newsletter).toBe(false);
  });
});
