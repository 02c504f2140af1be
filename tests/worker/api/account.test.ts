import { env } from 'cloudflare:test';
import { addressKey } from '../../../worker/records/rate-limit';
import { fetchWorker } from '../fetch';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../../worker/account/password';
import { signAppToken } from '../../../worker/account/tokens';
import { Profile } from '../../../kernel/profile';
import { keepKey, spentLongAgo, withKey } from '../session-keys';

// The account API (docs/decisions/0013), through the worker in workerd.

let ip = 0;
const STRONG = 'Orbit-Lantern-42-Maple';

interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}
interface Tokens {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Envelope<T> }> {
  const res = await fetchWorker(`http://localhost${path}`, {
    method,
    headers: withKey({ 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.6.${Math.floor(++ip / 250)}.${ip % 250}`, region: 'us', ...headers }),
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const json = (await res.json()) as Envelope<T>;
  keepKey(res, json.data);
  return { status: res.status, json };
}

let n = 0;
const fresh = () => `member${++n}-${Date.now()}@example.com`;

async function register(email = fresh(), region = 'us'): Promise<Tokens & { email: string }> {
  const { json } = await call<Tokens>('POST', '/account/user/register_or_login', { body: { email, password: STRONG, agree: true }, headers: { region } });
  expect(json.code, json.msg).toBe(2000);
  return { ...json.data, email };
}

describe('register_or_login', () => {
  it('creates an account and answers user_id, a short-lived apptoken and an opaque reftoken of at least 128 bits', async () => {
    const { user_id, apptoken, reftoken } = await register();
    expect(user_id).toMatch(/^us_[0-9a-f-]{36}$/);
    expect(apptoken.split('.')).toHaveLength(3);
    const claims = JSON.parse(atob(apptoken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number; iat: number };
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
    expect(reftoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores the password as a salted PBKDF2 hash and the reftoken only as a hash', async () => {
    const { email, reftoken } = await register();
    const row = await env.ACCOUNTS_US.prepare('SELECT password_hash FROM users WHERE email = ?').bind(email).first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(row!.password_hash).not.toContain(STRONG);
    const tokens = await env.ACCOUNTS_US.prepare('SELECT token_hash FROM refresh_tokens').all<{ token_hash: string }>();
    expect(tokens.results.some((t) => t.token_hash === reftoken)).toBe(false);
  });

  it('logs an existing member in with the right password, and refuses a wrong one like sign_in', async () => {
    const { email, user_id } = await register();
    const again = await call<Tokens>('POST', '/account/user/register_or_login', { body: { email, password: STRONG, agree: true } });
    expect(again.json.data.user_id).toBe(user_id);
    const wrong = await call('POST', '/account/user/register_or_login', { body: { email, password: 'Another-Lantern-43', agree: true } });
    expect(wrong.json).toEqual({ code: 4001, msg: 'Incorrect email or password.', data: {} });
  });

  it.each([
    ['without the agreement', { password: STRONG }, 4004],
    ['with a short password', { password: 'Ab1!', agree: true }, 4002],
    ['with a common password', { password: 'password123', agree: true }, 4002],
    ['with the address as the password', { password: 'EMAIL', agree: true }, 4002],
    ['with a 129-character password', { password: 'x'.repeat(129), agree: true }, 4002],
  ])('refuses a new account %s, storing nothing', async (_, fields, code) => {
    const email = fresh();
    const body = { email, ...fields, password: fields.password === 'EMAIL' ? email : fields.password };
    const { json } = await call('POST', '/account/user/register_or_login', { body });
    expect(json.code).toBe(code);
    expect(await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(0);
  });

  it('logs a member in without an agreement: it is asked only of a new address, which hears 4004 and what to tick (decision 0057)', async () => {
    const { email, user_id } = await register();
    const again = await call<Tokens>('POST', '/account/user/register_or_login', { body: { email, password: STRONG } });
    expect(again.json.data.user_id).toBe(user_id);
    const fresher = await call('POST', '/account/user/register_or_login', { body: { email: fresh(), password: STRONG } });
    expect(fresher.json.code).toBe(4004);
    expect(fresher.json.data).toEqual({ agreements: ['terms'] });
  });

  it('creates a Korean account only with both separate agreements, and a Chinese one only with the transfer abroad', async () => {
    const tries = [
      ['kr', true, 4004],
      ['kr', ['terms'], 4004],
      ['kr', ['privacy'], 4004],
      ['kr', ['terms', 'privacy'], 2000],
      ['cn', true, 4004],
      ['cn', ['terms', 'transfer'], 2000],
    ] as const;
    for (const [region, agree, code] of tries) {
      const { json } = await call('POST', '/account/user/register_or_login', { body: { email: fresh(), password: STRONG, agree }, headers: { region } });
      expect(json.code, `${region} ${JSON.stringify(agree)}`).toBe(code);
      if (code === 4004) expect(json.data).toEqual({ agreements: region === 'kr' ? ['terms', 'privacy'] : ['terms', 'transfer'] });
    }
  });

  it('keeps EU members’ records in the EU database', async () => {
    const { email, user_id } = await register(fresh(), 'de');
    expect(user_id).toMatch(/^eu_/);
    expect(await env.ACCOUNTS_EU.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(1);
    expect(await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(0);
  });
});

describe('sign_in', () => {
  it('answers the same for an unknown address and a wrong password', async () => {
    const { email } = await register();
    const wrong = await call('POST', '/account/user/sign_in', { body: { email, password: 'Wrong-Lantern-99' } });
    const unknown = await call('POST', '/account/user/sign_in', { body: { email: fresh(), password: 'Wrong-Lantern-99' } });
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(401);
  });

  it('answers in the edition’s language', async () => {
    const { json } = await call('POST', '/account/user/sign_in', { body: { email: fresh(), password: 'x-x-x-x-x' }, headers: { region: 'de' } });
    expect(json.msg).toBe('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('limits attempts per address: five guesses a minute from one client, thirty in a quarter-hour from everyone', { timeout: 60_000 }, async () => {
    // The limits count in fixed windows: start the guesses at a window's start, so none straddles two.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.ceil(Date.now() / 900_000) * 900_000);
    onTestFinished(() => void vi.useRealTimers());
    const email = fresh();
    const from = (client: string) => ({ 'CF-Connecting-IP': client });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await call('POST', '/account/user/sign_in', { body: { email, password: `Guess-${i}-Lantern` }, headers: from('192.0.2.60') })).json.code);
    expect(codes.slice(0, 5)).toEqual([4001, 4001, 4001, 4001, 4001]);
    expect(codes.slice(5)).toEqual([4029, 4029]);
    // A guess spread over many clients meets the address's own ceiling (decision 0027).
    const spread: number[] = [];
    for (let i = 0; i < 27; i++) spread.push((await call('POST', '/account/user/sign_in', { body: { email, password: `Spread-${i}-Lantern` } })).json.code);
    expect(spread.slice(0, 25).every((code) => code === 4001)).toBe(true);
    expect(spread.slice(25)).toEqual([4029, 4029]);
  });

  it('counts an EU address in the EU database only', async () => {
    const email = fresh();
    await call('POST', '/account/user/sign_in', { body: { email, password: 'Guess-0-Lantern' }, headers: { region: 'de' } });
    // The address's own count (its key ends with the address's hash, never the address), wherever the limiter names it.
    const hash = await addressKey(email);
    const count = (db: D1Database) => db.prepare('SELECT COUNT(*) AS n FROM rate_limits WHERE substr(key, -64) = ?1').bind(hash).first<{ n: number }>();
    for (const db of [env.ACCOUNTS_EU, env.ACCOUNTS_US, env.DB])
      expect(await db.prepare('SELECT COUNT(*) AS n FROM rate_limits WHERE instr(key, ?1) > 0').bind(email).first<number>('n')).toBe(0);
    expect((await count(env.ACCOUNTS_EU))?.n).toBe(1);
    expect((await count(env.ACCOUNTS_US))?.n).toBe(0);
    expect((await count(env.DB))?.n).toBe(0);
  });

  it.each([
    ['not json'],
    [[1, 2]],
    [{}],
    [{ email: 'a@example.com' }],
    [{ email: 'nope', password: STRONG }],
    [{ email: 'a@example.com', password: 'x'.repeat(2000) }],
  ])('answers the malformed body %j with 4000', async (body) => {
    const { status, json } = await call('POST', '/account/user/sign_in', { body });
    expect(status).toBe(400);
    expect(json.code).toBe(4000);
  });
});

describe('session', () => {
  it('answers the profile for a valid apptoken, and 4003 for a missing, forged or expired one', async () => {
    const { email, apptoken, user_id } = await register();
    const ok = await call('GET', '/account/user/profile', { headers: { apptoken } });
    expect(ok.json.data).toMatchObject({ user_id, email, newsletter: false });
    expect(JSON.stringify(ok.json)).not.toContain('pbkdf2');
    // The profile both sides infer from kernel/profile.ts, field for field: nothing more leaves.
    expect(Profile.safeParse(ok.json.data).success).toBe(true);
    expect(Object.keys(ok.json.data).sort()).toEqual(Object.keys(Profile.shape).sort());
    const expired = await signAppToken({ sub: user_id, sid: 'x' }, 'local-development-session-secret-not-for-production', Date.now() - 3_600_000);
    for (const token of [undefined, 'garbage', `${apptoken}x`, expired]) {
      const res = await call('GET', '/account/user/profile', { headers: token ? { apptoken: token } : {} });
      expect(res.json).toEqual({ code: 4003, msg: 'Login expired, please log in again.', data: {} });
    }
  });

  it('rotates the reftoken on every refresh, and revokes the family when an old one is reused', async () => {
    const { user_id, reftoken } = await register();
    const refresh = (token: string) => call<Tokens>('GET', `/account/user/sign_in/refresh?user_id=${user_id}`, { headers: { reftoken: token } });
    const first = await refresh(reftoken);
    expect(first.json.code).toBe(2000);
    expect(first.json.data.user_id).toBe(user_id);
    expect(first.json.data.reftoken).not.toBe(reftoken);
    // A replay comes later than the grace a late tab of the same browser has (decision 0044).
    await spentLongAgo(user_id);
    const reuse = await refresh(reftoken);
    expect(reuse.json.code).toBe(4003);
    // The thief's replay ended the family: the legitimate newest token is dead too, and so is its apptoken.
    expect((await refresh(first.json.data.reftoken)).json.code).toBe(4003);
    expect((await call('GET', '/account/user/profile', { headers: { apptoken: first.json.data.apptoken } })).json.code).toBe(4003);
  });

  it('refuses a refresh for another user’s id', async () => {
    const a = await register();
    const b = await register();
    const res = await call('GET', `/account/user/sign_in/refresh?user_id=${b.user_id}`, { headers: { reftoken: a.reftoken } });
    expect(res.json.code).toBe(4003);
  });

  it('signs out here, or everywhere', async () => {
    const { email, apptoken, user_id, reftoken } = await register();
    const other = await call<Tokens>('POST', '/account/user/sign_in', { body: { email, password: STRONG } });
    expect((await call('POST', '/account/user/sign_out', { headers: { apptoken }, body: {} })).json.code).toBe(2000);
    expect((await call('GET', '/account/user/profile', { headers: { apptoken } })).json.code).toBe(4003);
    expect((await call('GET', `/account/user/sign_in/refresh?user_id=${user_id}`, { headers: { reftoken } })).json.code).toBe(4003);
    expect((await call('GET', '/account/user/profile', { headers: { apptoken: other.json.data.apptoken } })).json.code).toBe(2000);
    const third = await call<Tokens>('POST', '/account/user/sign_in', { body: { email, password: STRONG } });
    await call('POST', '/account/user/sign_out', { headers: { apptoken: third.json.data.apptoken }, body: { everywhere: true } });
    expect((await call('GET', '/account/user/profile', { headers: { apptoken: other.json.data.apptoken } })).json.code).toBe(4003);
  });
});

describe('profile, password, reset and deletion', () => {
  it('updates the name and newsletter choice, refusing control characters', async () => {
    const { apptoken } = await register();
    const res = await call('POST', '/account/user/profile', { headers: { apptoken }, body: { name: ' Ada ', newsletter: true } });
    expect(res.json.data).toMatchObject({ name: 'Ada', newsletter: true });
    expect((await call('POST', '/account/user/profile', { headers: { apptoken }, body: { name: 'A\u202eda' } })).json.code).toBe(4000);
  });

  it('changes the password with the current one, ending every other session', async () => {
    const { email, apptoken } = await register();
    const other = await call<Tokens>('POST', '/account/user/sign_in', { body: { email, password: STRONG } });
    expect(
      (await call('POST', '/account/user/password', { headers: { apptoken }, body: { current: 'Wrong-1-Lantern', password: 'New-Harbor-77-Birch' } })).json
        .code,
    ).toBe(4001);
    expect(
      (await call('POST', '/account/user/password', { headers: { apptoken }, body: { current: STRONG, password: 'New-Harbor-77-Birch' } })).json.code,
    ).toBe(2000);
    expect((await call('GET', '/account/user/profile', { headers: { apptoken } })).json.code).toBe(2000);
    expect((await call('GET', '/account/user/profile', { headers: { apptoken: other.json.data.apptoken } })).json.code).toBe(4003);
    expect((await call('POST', '/account/user/sign_in', { body: { email, password: 'New-Harbor-77-Birch' } })).json.code).toBe(2000);
  });

  it('resets a forgotten password by a mailed one-time link, telling nobody who is a member', async () => {
    const { email } = await register();
    const known = await call('POST', '/account/user/password/reset', { body: { email } });
    const unknown = await call('POST', '/account/user/password/reset', { body: { email: fresh() } });
    expect(known).toEqual(unknown);
    const mail = await env.ACCOUNTS_US.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC').bind(email).first<{ body: string }>();
    const token = /reset=([0-9a-f-]+)/.exec(mail!.body)![1]!;
    expect((await call('POST', '/account/user/password/reset/confirm', { body: { token, password: 'Reset-Comet-58-Cedar' } })).json.code).toBe(2000);
    expect((await call('POST', '/account/user/password/reset/confirm', { body: { token, password: 'Again-Comet-58-Cedar' } })).json.code).toBe(4003);
    expect((await call('POST', '/account/user/sign_in', { body: { email, password: STRONG } })).json.code).toBe(4001);
    expect((await call('POST', '/account/user/sign_in', { body: { email, password: 'Reset-Comet-58-Cedar' } })).json.code).toBe(2000);
  });

  it('deletes the account only with the password and a confirmation', async () => {
    const { email, apptoken } = await register();
    expect((await call('POST', '/account/user/delete', { headers: { apptoken }, body: { password: STRONG } })).json.code).toBe(4000);
    expect((await call('POST', '/account/user/delete', { headers: { apptoken }, body: { password: 'Wrong-7-Lantern', confirm: true } })).json.code).toBe(4001);
    expect((await call('POST', '/account/user/delete', { headers: { apptoken }, body: { password: STRONG, confirm: true } })).json.code).toBe(2000);
    expect(await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first('n')).toBe(0);
    expect((await call('POST', '/account/user/sign_in', { body: { email, password: STRONG } })).json.code).toBe(4001);
  });
});

describe('PBKDF2 (NOTE: Cloudflare Workers refuse more than 100,000 iterations in production)', () => {
  it('is pinned at the Workers cap', async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(await hashPassword('x')).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/]{22}==\$/);
  });

  it('never verifies a stored hash that asks for more iterations than the cap', async () => {
    const over = (await hashPassword('Orbit-Lantern-42-Maple')).replace('$100000$', '$200000$');
    expect(await verifyPassword('Orbit-Lantern-42-Maple', over)).toBe(false);
  });
});

describe('the local outbox', () => {
  it('shows a developer the reset mail, locally only', async () => {
    const { email } = await register();
    await call('POST', '/account/user/password/reset', { body: { email } });
    const res = await fetchWorker('http://localhost/__outbox');
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    expect(await res.text()).toContain(`To: ${email}`);
    const { default: worker } = await import('../../../worker/index');
    const production = await worker.fetch(new Request('http://localhost/__outbox'), { ...env, ENVIRONMENT: 'production' }, {
      waitUntil() {},
      passThroughOnException() {},
      props: {},
    } as unknown as ExecutionContext);
    expect(production.status).toBe(404);
  });
});

describe('password reset, in order', () => {
  it('keeps the link usable after a weak password, so the member can try another', async () => {
    const { email } = await register();
    await call('POST', '/account/user/password/reset', { body: { email } });
    const mail = await env.ACCOUNTS_US.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC').bind(email).first<{ body: string }>();
    const token = /reset=([0-9a-f-]+)/.exec(mail!.body)![1]!;
    expect((await call('POST', '/account/user/password/reset/confirm', { body: { token, password: 'password123' } })).json.code).toBe(4002);
    expect((await call('POST', '/account/user/password/reset/confirm', { body: { token, password: 'Reset-Comet-58-Cedar' } })).json.code).toBe(2000);
  });

  it('forgets the mail kept for a member when the account is deleted', async () => {
    const { email, apptoken } = await register();
    await call('POST', '/account/user/password/reset', { body: { email } });
    expect(await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?').bind(email).first('n')).toBe(2); // the link proving the address, and the reset link
    expect((await call('POST', '/account/user/delete', { headers: { apptoken }, body: { password: STRONG, confirm: true } })).json.code).toBe(2000);
    expect(await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?').bind(email).first('n')).toBe(0);
  });

  it('keeps a sent mail whole on local runs only: deployed, the outbox forgets its subject and body once sent (the database holds only the reset token’s hash)', async () => {
    const { sendMail } = await import('../../../worker/records/mail');
    const records = env.ACCOUNTS_US;
    const sent: unknown[] = [];
    const binding = { send: async (message: unknown) => void sent.push(message) } as unknown as SendEmail;
    const kept = (to: string) => env.ACCOUNTS_US.prepare('SELECT status, subject, body FROM outbox WHERE recipient = ?').bind(to).first();
    const now = Date.now();
    await sendMail({ ...env, ENVIRONMENT: 'production', SEND_EMAIL: binding }, records, { to: 'prod@example.com', subject: 'S', body: 'B' }, now);
    expect(sent).toHaveLength(1);
    expect(await kept('prod@example.com')).toEqual({ status: 'sent', subject: '', body: '' });
    await sendMail({ ...env, ENVIRONMENT: 'local', SEND_EMAIL: binding }, records, { to: 'dev@example.com', subject: 'S', body: 'B' }, now);
    expect(sent).toHaveLength(2);
    expect(await kept('dev@example.com')).toEqual({ status: 'sent', subject: 'S', body: 'B' });
  });
});
