import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchWorker } from '../fetch';
import { keyCookie, spentLongAgo } from '../session-keys';

// Sessions that survive a script on the page (docs/decisions/0036): the spec's
// apptoken and reftoken, which the page keeps in localStorage, work only beside the
// session's key, which the browser keeps in an HttpOnly cookie no script can read.

const STRONG = 'Orbit-Lantern-42-Maple';
let ip = 0;
let n = 0;
const fresh = () => `session${++n}-${Date.now()}@example.com`;

interface Envelope {
  code: number;
  msg: string;
  data: { user_id?: string; apptoken?: string; reftoken?: string; email?: string; [field: string]: string | undefined };
}

async function call(
  path: string,
  { body, headers = {}, origin = 'http://localhost' }: { body?: unknown; headers?: Record<string, string>; origin?: string } = {},
) {
  const res = await fetchWorker(`${origin}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.12.${Math.floor(++ip / 250)}.${ip % 250}`, region: 'us', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { res, json: (await res.json()) as Envelope };
}

async function register(region = 'us', email = fresh()) {
  const { res, json } = await call('/account/user/register_or_login', { body: { email, password: STRONG, agree: true }, headers: { region } });
  expect(json.code, json.msg).toBe(2000);
  return { email, ...json.data, key: keyCookie(res)!, setCookie: res.headers.getSetCookie() };
}

const profile = (apptoken: string, cookie?: string) => call('/account/user/profile', { headers: { apptoken, ...(cookie ? { Cookie: cookie } : {}) } });
const refresh = (userId: string, reftoken: string, cookie?: string) =>
  call(`/account/user/sign_in/refresh?user_id=${encodeURIComponent(userId)}`, { headers: { reftoken, ...(cookie ? { Cookie: cookie } : {}) } });

describe('the session key', () => {
  it('comes in an HttpOnly, SameSite=Strict cookie for the account API only, for as long as a refresh token lasts; never in the answer', async () => {
    const session = await register();
    // Beside it, the device cookie (docs/decisions/0055), for every path: the log-in page's form posts too.
    expect(session.setCookie).toHaveLength(2);
    expect(session.setCookie[0]).toMatch(/^session-key-us=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/account\/user; HttpOnly; SameSite=Strict$/);
    expect(session.setCookie[1]).toMatch(/^device=[\w-]{22}\.[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict$/);
    const value = session.key.split('=')[1]!;
    expect(JSON.stringify(session)).not.toContain(`"${value}"`);
    // The answer's data is the spec's: user_id, apptoken, reftoken (and, after a registration, that it was one).
    expect(Object.keys((await call('/account/user/sign_in', { body: { email: session.email, password: STRONG } })).json.data).sort()).toEqual([
      'apptoken',
      'reftoken',
      'user_id',
    ]);
  });

  it('is Secure, and so __Secure-, on any host but a local one', async () => {
    const { res, json } = await call('/account/user/register_or_login', {
      body: { email: fresh(), password: STRONG, agree: true },
      origin: 'https://www.robolux.example',
    });
    expect(json.code).toBe(2000);
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^__Secure-session-key-us=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/account\/user; HttpOnly; Secure; SameSite=Strict$/);
    // Read back under its prefix there, and not without it.
    const name = cookie!.split(';')[0]!;
    const ok = await call('/account/user/profile', { headers: { apptoken: json.data.apptoken!, Cookie: name }, origin: 'https://www.robolux.example' });
    expect(ok.json.code).toBe(2000);
    const bare = await call('/account/user/profile', {
      headers: { apptoken: json.data.apptoken!, Cookie: name.replace('__Secure-', '') },
      origin: 'https://www.robolux.example',
    });
    expect(bare.json.code).toBe(4003);
  });

  it('is named for the API group: a member of the EU editions has their own beside a US one', async () => {
    const eu = await register('de');
    expect(eu.key).toMatch(/^session-key-eu=/);
    const us = await register('us');
    // Both in one browser: each call finds its own.
    const both = `${us.key}; ${eu.key}`;
    expect((await profile(eu.apptoken!, both)).json.data.email).toBe(eu.email);
    expect((await profile(us.apptoken!, both)).json.data.email).toBe(us.email);
  });
});

describe('tokens a script could read', () => {
  it('call nothing without the key: the apptoken alone, or with another session’s key, is 4003', async () => {
    const member = await register();
    const other = await register();
    expect((await profile(member.apptoken!, member.key)).json.code).toBe(2000);
    expect((await profile(member.apptoken!)).json).toMatchObject({ code: 4003, msg: 'Login expired, please log in again.' });
    expect((await profile(member.apptoken!, other.key)).json.code).toBe(4003);
    expect((await profile(member.apptoken!, `session-key-us=${'A'.repeat(43)}`)).json.code).toBe(4003);
  });

  it('refresh nothing without the key, and cannot end the member’s session either', async () => {
    const member = await register();
    // A stolen reftoken, replayed without the key (twice, as a reuse would be): refused, nothing spent.
    for (let i = 0; i < 2; i++) expect((await refresh(member.user_id!, member.reftoken!)).json.code).toBe(4003);
    expect((await refresh(member.user_id!, member.reftoken!, (await register()).key)).json.code).toBe(4003);
    // The browser with the key refreshes with that very reftoken, and its cookie lasts as long again.
    const { res, json } = await refresh(member.user_id!, member.reftoken!, member.key);
    expect(json.code).toBe(2000);
    expect(json.data.reftoken).not.toBe(member.reftoken);
    expect(res.headers.getSetCookie()).toEqual([`${member.key}; Max-Age=2592000; Path=/account/user; HttpOnly; SameSite=Strict`]);
    expect((await profile(json.data.apptoken!, member.key)).json.code).toBe(2000);
  });

  it('still end the session when the browser itself replays a spent reftoken (reuse detection)', async () => {
    const member = await register();
    const first = await refresh(member.user_id!, member.reftoken!, member.key);
    expect(first.json.code).toBe(2000);
    await spentLongAgo(member.user_id!);
    expect((await refresh(member.user_id!, member.reftoken!, member.key)).json.code).toBe(4003);
    expect((await refresh(member.user_id!, first.json.data.reftoken!, member.key)).json.code).toBe(4003);
    expect((await profile(first.json.data.apptoken!, member.key)).json.code).toBe(4003);
  });

  it('survive a late tab: a reftoken spent by another tab moments ago gets a successor of its own, and both tabs stay logged in (decision 0044)', async () => {
    const member = await register();
    // Tab A refreshes; tab B, whose storage has not yet seen A's tokens, spends the same reftoken.
    const a = await refresh(member.user_id!, member.reftoken!, member.key);
    const b = await refresh(member.user_id!, member.reftoken!, member.key);
    expect([a.json.code, b.json.code]).toEqual([2000, 2000]);
    expect(b.json.data.reftoken).not.toBe(a.json.data.reftoken);
    for (const tab of [a, b]) {
      expect((await profile(tab.json.data.apptoken!, member.key)).json.code).toBe(2000);
      expect((await refresh(member.user_id!, tab.json.data.reftoken!, member.key)).json.code).toBe(2000);
    }
    // Without the key the grace is nothing: the spent token is refused, and the session lives on.
    expect((await refresh(member.user_id!, member.reftoken!)).json.code).toBe(4003);
    expect((await profile(b.json.data.apptoken!, member.key)).json.code).toBe(2000);
  });

  it('survive two tabs refreshing at the same instant: the loser of the claim gets a successor, not a revoked family', async () => {
    const member = await register();
    const answers = await Promise.all([0, 1].map(() => refresh(member.user_id!, member.reftoken!, member.key)));
    expect(answers.map((answer) => answer.json.code)).toEqual([2000, 2000]);
    for (const answer of answers) expect((await profile(answer.json.data.apptoken!, member.key)).json.code).toBe(2000);
  });

  it('give a late tab nothing once the family is revoked, within the grace or not', async () => {
    const member = await register();
    const first = await refresh(member.user_id!, member.reftoken!, member.key);
    await call('/account/user/sign_out', { body: {}, headers: { apptoken: first.json.data.apptoken!, Cookie: member.key } });
    expect((await refresh(member.user_id!, member.reftoken!, member.key)).json.code).toBe(4003);
  });

  it('are of no use once the member logs out here: the cookie is removed and the session ended', async () => {
    const member = await register();
    const { res, json } = await call('/account/user/sign_out', { body: {}, headers: { apptoken: member.apptoken!, Cookie: member.key } });
    expect(json.code).toBe(2000);
    expect(res.headers.getSetCookie()).toEqual(['session-key-us=; Max-Age=0; Path=/account/user; HttpOnly; SameSite=Strict']);
    expect((await profile(member.apptoken!, member.key)).json.code).toBe(4003);
    expect((await refresh(member.user_id!, member.reftoken!, member.key)).json.code).toBe(4003);
  });

  it('of a session stored before keys existed no longer count: the member logs in again', async () => {
    const member = await register();
    await env.ACCOUNTS_US.prepare('UPDATE sessions SET key_hash = NULL WHERE user_id = ?').bind(member.user_id).run();
    expect((await profile(member.apptoken!, member.key)).json.code).toBe(4003);
    expect((await refresh(member.user_id!, member.reftoken!, member.key)).json.code).toBe(4003);
  });
});

describe('two registrations of one address at once', () => {
  const twice = (email: string, passwords: [string, string]) =>
    Promise.all(passwords.map((password) => call('/account/user/register_or_login', { body: { email, password, agree: true } })));
  const users = async (email: string) =>
    (await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())!.n;

  it('with the same password (a double submit, two tabs): both are logged in to the one new account, each with a session of its own', async () => {
    const email = fresh();
    const answers = await twice(email, [STRONG, STRONG]);
    expect(answers.map((a) => a.json.code)).toEqual([2000, 2000]);
    const [a, b] = answers.map((answer) => ({ ...answer.json.data, key: keyCookie(answer.res)! }));
    expect(a!.user_id).toBe(b!.user_id);
    expect(a!.reftoken).not.toBe(b!.reftoken);
    expect(a!.key).not.toBe(b!.key);
    expect(await users(email)).toBe(1);
    for (const session of [a!, b!]) expect((await profile(session.apptoken!, session.key)).json.data.email).toBe(email);
  });

  it('with different passwords: one account; the other hears the address was just registered, never “Incorrect email or password”', async () => {
    const email = fresh();
    const answers = await twice(email, [STRONG, 'Quartz-Harbor-77-Willow']);
    const codes = answers.map((a) => a.json.code).sort();
    // 4001 here would mean the two did not meet: the second came after the first had finished.
    expect(codes).toEqual([2000, 4009]);
    const loser = answers.find((a) => a.json.code === 4009)!;
    expect(loser.res.status).toBe(409);
    expect(loser.json.msg).toBe(
      'This email address was registered a moment ago with a different password. Log in with that password, or use “Forgot your password?” below.',
    );
    expect(loser.res.headers.getSetCookie()).toEqual([]);
    expect(await users(email)).toBe(1);
  });
});

describe('a hostile session-key cookie', () => {
  // What a script, a sibling host or a broken client may put in the Cookie header beside the
  // tokens (decision 0036): never a 5xx, never a session, and the member's real session goes on.
  const VALUE = 'A'.repeat(43);
  const hostile: [string, (key: string) => string][] = [
    ['a key of 9,000 characters', () => `session-key-us=${'k'.repeat(9_000)}`],
    ['a key of 200 characters', () => `session-key-us=${'k'.repeat(200)}`],
    ['an empty key', () => 'session-key-us='],
    ['a key with a tab in it', () => `session-key-us=${VALUE.slice(0, 20)}\t${VALUE.slice(20)}`],
    ['a key of raw non-ASCII bytes', () => `session-key-us=${'é'.repeat(43)}`],
    ['a key percent-encoding non-ASCII and a bidi override', () => `session-key-us=%E2%80%AE${'%C3%A9'.repeat(20)}`],
    ['a broken percent-encoding', () => `session-key-us=%E0%A4%A${VALUE}`],
    ['a quoted key', () => `session-key-us="${VALUE}"`],
    ['the key under the other groups’ names', (key) => `session-key-eu=${key.split('=')[1]}; session-key-cn=${key.split('=')[1]}`],
    ['the key under its __Secure- name on a local host', (key) => `__Secure-${key}`],
    ['prototype names and values', () => '__proto__=x; constructor=y; session-key-us=__proto__; toString=session-key-us'],
    ['forty cookies of the name, none the key', () => Array.from({ length: 40 }, (_, i) => `session-key-us=${VALUE.slice(0, 40)}${i}`).join('; ')],
    ['a name with spaces around it', () => ` session-key-us = ${VALUE} `],
  ];

  it.each(hostile)('of %s answers 4003 to the profile and the refresh, and the member’s real session goes on', async (_, cookie) => {
    const member = await register();
    const sent = cookie(member.key);
    const read = await profile(member.apptoken!, sent);
    expect(read.res.status).toBeLessThan(500);
    expect(read.json.code).toBe(4003);
    const renewed = await refresh(member.user_id!, member.reftoken!, sent);
    expect(renewed.res.status).toBeLessThan(500);
    expect(renewed.json.code).toBe(4003);
    expect(renewed.res.headers.getSetCookie()).toEqual([]);
    // The browser's own key still reads the profile and refreshes with the very reftoken tried.
    expect((await profile(member.apptoken!, member.key)).json.code).toBe(2000);
    expect((await refresh(member.user_id!, member.reftoken!, member.key)).json.code).toBe(2000);
  });

  it('planted before the real one under the same name (a cookie set by a sibling host) does not lock the member out', async () => {
    const member = await register();
    // The browser sends the cookie with the longer path first: a planted one on the refresh path comes before the real one.
    const planted = `session-key-us=${VALUE}; ${member.key}`;
    expect((await profile(member.apptoken!, planted)).json.code).toBe(2000);
    const renewed = await refresh(member.user_id!, member.reftoken!, planted);
    expect(renewed.json.code).toBe(2000);
    // The answer renews the real key, never the planted one.
    expect(renewed.res.headers.getSetCookie()).toEqual([`${member.key}; Max-Age=2592000; Path=/account/user; HttpOnly; SameSite=Strict`]);
    // Forty planted, of the key's very shape, before it: the real one still counts.
    const many = `${Array.from({ length: 40 }, (_, i) => `session-key-us=${VALUE.slice(0, 41)}${String(i).padStart(2, '0')}`).join('; ')}; ${member.key}`;
    expect((await profile(renewed.json.data.apptoken!, many)).json.code).toBe(2000);
  });

  it('of another member, sent with this member’s reftoken, refreshes nothing and ends neither session', async () => {
    const member = await register();
    const other = await register();
    // The other member's key with this member's tokens, and this member's key with the other's tokens.
    expect((await refresh(member.user_id!, member.reftoken!, other.key)).json.code).toBe(4003);
    expect((await refresh(member.user_id!, other.reftoken!, member.key)).json.code).toBe(4003);
    expect((await refresh(other.user_id!, member.reftoken!, member.key)).json.code).toBe(4003);
    expect((await refresh(other.user_id!, member.reftoken!, other.key)).json.code).toBe(4003);
    for (const session of [member, other]) {
      expect((await profile(session.apptoken!, session.key)).json.code).toBe(2000);
      expect((await refresh(session.user_id!, session.reftoken!, session.key)).json.code).toBe(2000);
    }
  });

  it('of a registration that found the address taken (4009) is not set: no key, no created flag, no session', async () => {
    const email = fresh();
    const answers = await Promise.all(
      [STRONG, 'Quartz-Harbor-77-Willow'].map((password) => call('/account/user/register_or_login', { body: { email, password, agree: true } })),
    );
    const loser = answers.find((a) => a.json.code === 4009)!;
    expect(loser.json.data).toEqual({});
    const winner = answers.find((a) => a.json.code === 2000)!;
    expect(winner.json.data.created).toBe(true);
    // The same address and password again is a log-in: a session, without `created`.
    const again = await call('/account/user/register_or_login', { body: { email, password: STRONG, agree: true } });
    expect(again.json.code).toBe(2000);
    expect(again.json.data.created).toBeUndefined();
  });
});
