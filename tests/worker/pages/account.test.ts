import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fetchWorker, get, pick, pickAll } from '../fetch';
import { keyCookie } from '../session-keys';

// The log-in and account pages, and the log-in form without JavaScript: a plain
// form post to the page that hands the session to the browser (docs/decisions/0017).

const STRONG = 'Orbit-Lantern-42-Maple';
let ip = 0;
let n = 0;
const fresh = () => `form${++n}-${Date.now()}@example.com`;

function postForm(
  path: string,
  fields: Record<string, string>,
  { host = 'localhost', origin = 'http://localhost' }: { host?: string; origin?: string } = {},
): Promise<Response> {
  return fetchWorker(`http://${host}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin, 'CF-Connecting-IP': `10.9.${Math.floor(++ip / 250)}.${ip % 250}` },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The value the hand-over lines store under a key, from the page's inline script. */
function handed(html: string): Record<string, string> {
  const json = pick(html, /Object\.entries\((\{.*?\})\)\)localStorage/);
  return json ? (JSON.parse(json) as Record<string, string>) : {};
}

describe('the log-in page', () => {
  it('renders one form to log in or register: email, password with a show button, nothing to tick for a member', async () => {
    const res = await get('/us/login?next=/us/flagship-bumblebee');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Log in</h1>');
    const form = pick(html, /(<form class="account-form login-form"[^>]*>)/)!;
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/us/login"');
    expect(html).toMatch(/<label for="login-email">Email address<\/label>/);
    expect(html).toMatch(/<input[^>]*id="login-password"[^>]*type="password"/);
    expect(html).toContain('Show password');
    // The agreement and the newsletter are asked only when the address turns out new (docs/decisions/0057).
    expect(html).not.toContain('type="checkbox"');
    expect(html).toContain('<input type="hidden" name="next" value="/us/flagship-bumblebee"/>');
    expect(html).toContain('data-island="login"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it('never keeps a next that leaves the site, and falls back to the edition home', async () => {
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', '/us/login']) {
      const html = await (await get(`/de/login?next=${encodeURIComponent(next)}`)).text();
      expect(html, next).toContain('<input type="hidden" name="next" value="/de"/>');
    }
  });

  it('is in each edition’s language, the China edition at the root', async () => {
    expect(await (await get('/de/login')).text()).toContain('Passwort anzeigen');
    expect(await (await get('/jp/login')).text()).toContain('パスワードを表示');
    const cn = await (await get('/login', { host: 'cn.localhost' })).text();
    expect(cn).toContain('显示密码');
    expect(cn).toMatch(/action="\/login"/);
  });
});

describe('the log-in form without JavaScript', () => {
  it('registers, and answers a never-stored page that stores the session under the scope’s keys and opens next', async () => {
    const email = fresh();
    const res = await postForm('/uk/login', { email, password: STRONG, agree: 'on', subscribe: 'on', next: '/uk/flagship-bumblebee' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    // A new member is welcomed here, and on the page they go on to (the header's entry says what the lines leave).
    // The welcome says the link proving the address went, since it did (docs/decisions/0054).
    const welcome = 'Welcome! Your account is ready and you are logged in. We’ve sent a link to your address: follow it to confirm the address is yours.';
    expect(html).toContain(`<p role="status">${welcome}</p>`);
    expect(html).toContain(`sessionStorage.setItem("session-flash","${welcome}")`);
    expect(html).toContain('location.replace("/uk/flagship-bumblebee")');
    // The session's key goes in a cookie no script reads, sent only to the account API (docs/decisions/0036).
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('session-key-eu='));
    expect(cookie).toMatch(/^session-key-eu=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/account\/user; HttpOnly; SameSite=Strict$/);
    expect(html).not.toContain(cookie!.split(';')[0]!.split('=')[1]);
    const stored = handed(html);
    // The session under the scope's keys, and the new-user popup marked seen (a member is not a new visitor).
    expect(Object.keys(stored).sort()).toEqual(['/eu/apptoken', '/eu/reftoken', '/eu/userId', '/eu/userInfo', 'newUserPopupSeen']);
    expect(stored['/eu/userId']).toMatch(/^eu_/);
    expect(JSON.parse(stored['/eu/userInfo']!)).toMatchObject({ email, newsletter: false, newsletterPending: true, proven: false, region: 'uk' }); // the box is a double opt-in sign-up in uk (docs/decisions/0054)
    expect(stored['/eu/userInfo']).not.toContain('password');
    // The inline lines carry the page's nonce, which the CSP allows.
    const nonce = pick(res.headers.get('Content-Security-Policy') ?? '', /'nonce-([^']+)'/);
    expect(html).toContain(`<script nonce="${nonce}">try{for(const[k,v]of Object.entries(`);
    // The member landed in the EU group's database, and the box is a sign-up waiting for its mailed link.
    expect(await env.ACCOUNTS_EU.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).not.toBeNull();
    const signUp = await env.DB.prepare("SELECT status FROM subscriptions WHERE email = ?1 AND source = 'account'").bind(email).first<string>('status');
    expect(signUp).toBe('pending');
  });

  it('logs an existing member in, the session working against the API', async () => {
    const email = fresh();
    await postForm('/us/login', { email, password: STRONG, agree: 'on' });
    const res = await postForm('/us/login', { email, password: STRONG, agree: 'on' });
    const html = await res.text();
    const stored = handed(html);
    expect(html).toContain('location.replace("/us")');
    // A member logging in is not welcomed as new.
    expect(html).toContain('<p role="status">You are logged in.</p>');
    expect(html).not.toContain('session-flash');
    const profile = await fetchWorker('http://localhost/account/user/profile', {
      headers: { apptoken: stored['/us/apptoken']!, region: 'us', Cookie: keyCookie(res)! },
    });
    expect(((await profile.json()) as { code: number; data: { email: string } }).data.email).toBe(email);
  });

  it.each([
    ['an invalid address', { email: 'not-an-address', password: STRONG, agree: 'on' }, 400, 'login-email-error', 'Incorrect email address format.'],
    ['a short password', { email: 'short@example.com', password: 'abc', agree: 'on' }, 400, 'login-password-error', 'Use 8 to 128 characters.'],
    [
      'a weak password',
      { email: 'weak@example.com', password: 'password123', agree: 'on' },
      400,
      'login-password-error',
      'Choose a password of 8 to 128 characters that is hard to guess.',
    ],
  ])('says what is wrong beside the field for %s, keeping the address and never the password', async (_, fields, status, id, text) => {
    const res = await postForm('/us/login', { ...fields, next: '/us/account' });
    expect(res.status).toBe(status);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(pick(html, new RegExp(`<p id="${id}" class="field-error">([^<]+)</p>`))).toBe(text);
    expect(html).toContain(`value="${fields.email}"`);
    expect(html).not.toContain(fields.password);
    expect(html).toContain('<input type="hidden" name="next" value="/us/account"/>');
    expect(html).not.toContain('localStorage.setItem');
  });

  it('answers a wrong password with 401 and the edition’s message above the form', async () => {
    const email = fresh();
    await postForm('/de/login', { email, password: STRONG, agree: 'on' });
    const wrong = await postForm('/de/login', { email, password: 'Wrong-Lantern-42-Maple', agree: 'on' });
    expect(wrong.status).toBe(401);
    const html = await wrong.text();
    expect(pick(html, /<p id="login-form-error"[^>]*>([^<]+)<\/p>/)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(html).toContain('lang="de-DE"');
    expect(html).not.toContain('localStorage.setItem');
  });

  it('refuses a post from another site before reading it, and a post to a page that takes none', async () => {
    expect((await postForm('/us/login', { email: fresh(), password: STRONG, agree: 'on' }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postForm('/us/account', { email: fresh(), password: STRONG, agree: 'on' })).status).toBe(405);
    expect((await postForm('/kr/no-such/login', { email: fresh() })).status).toBe(405);
  });
});

describe('the account page', () => {
  it('is an island on the session, with a log-in link for a visitor without JavaScript', async () => {
    const res = await get('/fr/account');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-island="account"');
    expect(html).toContain('Chargement de votre compte…');
    expect(html).toMatch(/<noscript>.*href="\/fr\/login\?next=%2Ffr%2Faccount".*<\/noscript>/s);
  });
});

describe('the header account entry', () => {
  it('reads "Log in" for everyone, linking to log-in and back, and loads only for members', async () => {
    const html = await (await get('/us/flagship-bumblebee')).text();
    const entry = pick(html, /(<div class="island" data-island="account-entry"[^>]*>.*?<\/div>)/s)!;
    expect(entry).toContain('data-island-when="member"');
    expect(entry).toContain('<a class="account-entry" href="/us/login?next=%2Fus%2Fflagship-bumblebee">Log in</a>');
    const jp = await (await get('/jp')).text();
    expect(jp).toContain('<a class="account-entry" href="/jp/login?next=%2Fjp">ログイン</a>');
  });
});

describe('a forgotten password without JavaScript', () => {
  /** The reset link of the newest mail to `email`, in the API group's outbox. */
  async function resetLink(db: D1Database, email: string): Promise<URL> {
    const mail = await db.prepare('SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC').bind(email).first<{ body: string }>();
    return new URL(/https?:\/\/\S+/.exec(mail!.body)![0]);
  }

  it('asks for a link from the log-in page, opens it, refuses a short password, then sets a new one, ending every session', async () => {
    const email = fresh();
    const registration = await postForm('/de/login', { email, password: STRONG, agree: 'on' });
    const registered = handed(await registration.text());
    const key = keyCookie(registration)!;
    const before = await fetchWorker('http://localhost/account/user/profile', {
      headers: { apptoken: registered['/eu/apptoken']!, region: 'de', Cookie: key },
    });
    expect(((await before.json()) as { code: number }).code).toBe(2000);
    const login = await (await get('/de/login')).text();
    expect(login).toContain('<summary>Passwort vergessen?</summary>');
    expect(login).toMatch(/<input type="hidden" name="intent" value="reset-request"\/>/);

    // The same answer whether or not the address is a member's.
    const asked = await postForm('/de/login', { intent: 'reset-request', email });
    const stranger = await postForm('/de/login', { intent: 'reset-request', email: fresh() });
    expect(asked.status).toBe(200);
    expect(stranger.status).toBe(200);
    const said = (html: string) => pick(html, /<p class="form-notice" role="status">([^<]*)<\/p>/)?.replace(/\S+@example\.com/, 'ADDRESS');
    expect(said(await asked.text())).toBe(said(await stranger.text()));

    const link = await resetLink(env.ACCOUNTS_EU, email);
    expect(link.pathname).toBe('/de/login');
    const token = link.searchParams.get('reset')!;
    const page = await get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const form = await page.text();
    expect(pick(form, /<head>([\s\S]*)<\/head>/)).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(form).toContain('Neues Passwort wählen');
    expect(form).toContain(`<input type="hidden" name="token" value="${token}"/>`);

    // A password the rules refuse keeps the link usable.
    const short = await postForm('/de/login', { intent: 'reset-confirm', token, password: 'kurz' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('<p id="reset-password-error" class="field-error">Verwenden Sie 8 bis 128 Zeichen.</p>');
    const common = await postForm('/de/login', { intent: 'reset-confirm', token, password: 'password123' });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain(`<input type="hidden" name="token" value="${token}"/>`);

    const done = await postForm('/de/login', { intent: 'reset-confirm', token, password: 'Reset-Comet-58-Cedar' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Ihr Passwort wurde geändert.');
    // Spent: a second use says the link has expired, and offers a new one.
    const again = await postForm('/de/login', { intent: 'reset-confirm', token, password: 'Other-Comet-58-Cedar' });
    expect(again.status).toBe(401);
    expect(await again.text()).toContain('Dieser Link ist abgelaufen oder wurde bereits verwendet.');
    // Every session of the account ended; the new password logs in.
    const profile = await fetchWorker('http://localhost/account/user/profile', {
      headers: { apptoken: registered['/eu/apptoken']!, region: 'de', Cookie: key },
    });
    expect(((await profile.json()) as { code: number }).code).toBe(4003);
    expect(handed(await (await postForm('/de/login', { email, password: 'Reset-Comet-58-Cedar', agree: 'on' })).text())['/eu/userId']).toMatch(/^eu_/);
  });

  it('says a malformed or unknown link has expired, with the request form open', async () => {
    for (const path of ['/us/login?reset=short', `/us/login?reset=${'0'.repeat(72)}`]) {
      const res = path.endsWith('short')
        ? await get(path)
        : await postForm('/us/login', { intent: 'reset-confirm', token: '0'.repeat(72), password: 'Reset-Comet-58-Cedar' });
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('This link has expired or has already been used.');
      expect(html).toContain('<details class="forgot" open="">');
    }
  });

  it('refuses an address that is not one, beside its field', async () => {
    const res = await postForm('/us/login', { intent: 'reset-request', email: 'not-an-address' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<details class="forgot" open="">');
    expect(html).toContain('<p id="forgot-email-error" class="field-error">Incorrect email address format.</p>');
  });
});

// Agreement only at account creation (docs/decisions/0057): a member logs in with nothing to
// tick; a new address is answered with the boxes its edition asks for, each linking that
// edition's own terms and privacy policy; Korea asks for two separate required boxes.
describe('the agreement, asked only when an account is created', () => {
  it('lets a returning member log in without ticking anything', async () => {
    const email = fresh();
    expect((await postForm('/fr/login', { email, password: STRONG, agree: 'on' })).status).toBe(200);
    const res = await postForm('/fr/login', { email, password: STRONG });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<p role="status">Vous êtes connecté.</p>');
  });

  it('answers a new address with the box, its links to the edition’s own pages, the address kept and the password asked again', async () => {
    const email = fresh();
    const res = await postForm('/de/login', { email, password: STRONG, next: '/de/account' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Zu dieser Adresse gibt es noch kein Konto.');
    expect(html).toContain('<input id="login-agree" type="checkbox" required="" name="agree"/>');
    expect(html).toContain('<input type="hidden" name="creating" value="1"/>');
    expect(pick(html, /<label for="login-agree">([\s\S]*?)<\/label>/)).toBe(
      'Ich akzeptiere die <a href="/de/terms-use">Nutzungsbedingungen</a> und habe die <a href="/de/privacy-policy">Datenschutzerklärung</a> zur Kenntnis genommen.',
    );
    expect(html).toContain(`value="${email}"`);
    expect(pick(html, /<p id="login-password-error" class="field-error">([^<]+)<\/p>/)).toBe(
      'Bitte geben Sie Ihr Passwort erneut ein: Wir senden es nie an Ihren Browser zurück.',
    );
    expect(html).not.toContain(STRONG);
    expect(await env.ACCOUNTS_EU.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
    // Ticked and sent again, the account is created.
    const created = await postForm('/de/login', { email, password: STRONG, creating: '1', agree: 'on' });
    expect(created.status).toBe(200);
    expect(await created.text()).toContain('Willkommen!');
  });

  it('asks in Korea for two separate required boxes, each with its items, purposes and retention, and refuses without both', async () => {
    const email = fresh();
    const asked = await (await postForm('/kr/login', { email, password: STRONG })).text();
    expect(pickAll(asked, /<div class="field check" data-agreement="(\w+)">/)).toEqual(['terms', 'privacy']);
    const terms = pick(asked, /(<div class="field check" data-agreement="terms">[\s\S]*?<\/details>)/)!;
    expect(terms).toMatch(/<input[^>]*id="login-agree"[^>]*required/);
    expect(terms).toContain('<label for="login-agree">[필수] <a href="/kr/terms-use">이용약관</a> 동의</label>');
    const privacy = pick(asked, /(<div class="field check" data-agreement="privacy">[\s\S]*?<\/details>)/)!;
    expect(privacy).toContain('<input id="login-agree-privacy" type="checkbox" required="" name="agree-privacy"/>');
    expect(privacy).toContain('[필수] 개인정보 수집·이용 동의');
    expect(pickAll(privacy, /<th scope="col">([^<]+)<\/th>/)).toEqual(['수집·이용 목적', '수집 항목', '보유·이용 기간']);
    expect(privacy).toContain('이메일 주소, 비밀번호(일방향 암호화하여 저장)');
    expect(privacy).toContain('회원 탈퇴 시까지');
    expect(privacy).toContain('동의를 거부할 권리가 있습니다');
    expect(privacy).toContain('<a href="/kr/privacy-policy">개인정보 처리방침</a>');
    // One box is not both: the other is named beside it, and no account is made.
    const one = await postForm('/kr/login', { email, password: STRONG, creating: '1', agree: 'on' });
    expect(one.status).toBe(400);
    const html = await one.text();
    expect(pick(html, /<p id="login-agree-privacy-error" class="field-error">([^<]+)<\/p>/)).toBe('개인정보 수집·이용에 동의해 주세요.');
    expect(html).not.toContain('login-agree-error');
    expect(await env.ACCOUNTS_US.prepare('SELECT id FROM users WHERE email = ?').bind(email).first()).toBeNull();
    const both = await postForm('/kr/login', { email, password: STRONG, creating: '1', agree: 'on', 'agree-privacy': 'on' });
    expect(both.status).toBe(200);
    expect(await env.ACCOUNTS_US.prepare('SELECT region FROM users WHERE email = ?').bind(email).first()).toEqual({ region: 'kr' });
  });

  it('asks in China for the transfer abroad apart, linking the China edition’s own pages', async () => {
    const html = await (await postForm('/login', { email: fresh(), password: STRONG }, { host: 'cn.localhost', origin: 'http://cn.localhost' })).text();
    expect(pickAll(html, /<div class="field check" data-agreement="(\w+)">/)).toEqual(['terms', 'transfer']);
    expect(html).toContain('<a href="/terms-use">使用条款</a>');
    expect(html).toContain('<a href="/privacy-policy">隐私政策</a>');
    expect(html).not.toContain('/us/terms-use');
  });
});
