import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ctx, fetchWorker, unphrased } from '../fetch';
import { isEmail, normalizeEmail } from '../../../kernel/rules';

let ip = 0;

/** Posts a subscription as a fresh client (each test gets its own rate-limit bucket). */
function subscribe(body: unknown, client = `10.0.0.${++ip}`) {
  return fetchWorker('http://localhost/account/user/subscribe/create', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions').first<{ n: number }>())!.n;

describe('email rule', () => {
  it.each([
    ['ada@example.com', true],
    ['  ada.lovelace+robots@mail.example.co.uk ', true],
    ['ADA@EXAMPLE.COM', true],
    ['ada@example', false],
    ['ada@@example.com', false],
    ['ada example@example.com', false],
    ['@example.com', false],
    ['ada@-example.com', false],
    ['ada@example.c', false],
    ['<script>@example.com', false],
    [`${'a'.repeat(250)}@example.com`, false],
    ['', false],
    ['nul\u0000@example.com', false],
    ['rlo\u202eevil@example.com', false],
    ['ltr\u200e@example.com', false],
    ['zero\u200bwidth@example.com', false],
    ['bom\ufeff@example.com', false],
    ['bad\ufffd@example.com', false],
    ['=HYPERLINK("x")@example.com', false],
    ['=cmd@example.com', false],
    ['+cmd@example.com', false],
    ['-cmd@example.com', false],
    ['a..b@example.com', false],
    ['.a@example.com', false],
    ['a@example.com/path', false],
    ['a@example.com:25', false],
    ['a@ex%61mple.com', false],
    ['a@[127.0.0.1]', false],
    ['user+tag@example.com', true],
    ["o'neil@example.ie", true],
    ['josé@example.com', true],
    ['fan@bücher.example', true],
  ])('%j → %s', (email, ok) => {
    expect(isEmail(email)).toBe(ok);
  });

  it.each([
    ['  Ada@Example.COM  ', 'ada@example.com'],
    ['Rene\u0301@example.com', 'ren\u00e9@example.com'],
    ['fan@Bücher.Example', 'fan@xn--bcher-kva.example'],
  ])('stores %j as %j', (email, normal) => {
    expect(normalizeEmail(email)).toBe(normal);
  });
});

describe('POST /account/user/subscribe/create', () => {
  it('stores the subscription before answering, in the edition’s language', async () => {
    const before = await count();
    const res = await subscribe({ email: 'Fan@Example.com', region: 'de', source: 'footer' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 2000, msg: 'Erfolgreich angemeldet!', data: { created: true } });
    expect(await count()).toBe(before + 1);
    const row = await env.DB.prepare('SELECT email, region, source FROM subscriptions WHERE email = ?').bind('fan@example.com').first();
    expect(row).toEqual({ email: 'fan@example.com', region: 'de', source: 'footer' });
  });

  it('is idempotent per (email, region, source)', async () => {
    const body = { email: 'twice@example.com', region: 'us', source: 'footer' };
    await subscribe(body);
    const before = await count();
    const again = await subscribe({ ...body, email: ' TWICE@example.com ' });
    expect(await again.json()).toEqual({ code: 2000, msg: 'Subscription successful!', data: { created: false } });
    expect(await count()).toBe(before);
    await subscribe({ ...body, region: 'uk' });
    expect(await count()).toBe(before + 1);
  });

  it.each([
    ['us', 'Incorrect email address format.'],
    ['uk', 'Please enter a valid email address'],
    ['eu', 'Please enter a valid email address'],
    ['de', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
  ])('rejects an invalid address in %s with “%s” and stores nothing', async (region, msg) => {
    const before = await count();
    const res = await subscribe({ email: 'not-an-email', region, source: 'footer' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 4000, msg, data: {} });
    expect(await count()).toBe(before);
  });

  it.each([['not json'], [{}], [{ email: 'a@example.com', region: 'mars' }], [{ email: 'a@example.com', region: 'us', source: 'evil' }], [[1, 2]]])(
    'answers malformed input %j with 400, never 5xx',
    async (body) => {
      const res = await subscribe(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: number }).code).toBe(4000);
    },
  );

  it('rate-limits one client to 10 requests a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await subscribe({ email: `burst${i}@example.com`, region: 'us' }, '192.0.2.1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers a clear localized error and stores nothing when D1 fails', async () => {
    const { default: worker } = await import('../../../worker/index');
    const broken = {
      ...env,
      DB: {
        prepare: () => {
          throw new Error('D1 is down');
        },
      } as unknown as D1Database,
    };
    const res = await worker.fetch(
      new Request('http://localhost/account/user/subscribe/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'down@example.com', region: 'fr' }),
      }),
      broken,
      ctx,
    );
    expect(res.status).toBe(503);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(5000);
    expect(body.msg).not.toBe('');
    expect(body.msg).not.toContain('D1');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?').bind('down@example.com').first('n')).toBe(0);
  });
});

describe('footer subscribe without JavaScript', () => {
  const post = (fields: Record<string, string>, client = `10.9.0.${++ip}`) =>
    fetchWorker('http://localhost/account/user/subscribe/create', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': client },
      body: new URLSearchParams(fields).toString(),
    });

  it('stores a form post and sends the visitor back to the page with the outcome', async () => {
    const res = await post({ email: 'form@example.com', region: 'uk', source: 'footer', next: '/uk/flagship-bumblebee' });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/uk/flagship-bumblebee?subscribe=ok&source=footer#footer');
    const page = await (await fetchWorker('http://localhost/uk/flagship-bumblebee?subscribe=ok&source=footer')).text();
    expect(page).toMatch(/data-outcome="ok"[^>]*>Subscribed Successfully!</);
  });

  it('shows the edition’s invalid message after an invalid address', async () => {
    const res = await post({ email: 'nope', region: 'us', source: 'footer', next: '/us' });
    expect(res.headers.get('Location')).toBe('/us?subscribe=invalid&source=footer#footer');
    const page = await (await fetchWorker('http://localhost/us?subscribe=invalid&source=footer')).text();
    expect(page).toMatch(/data-outcome="invalid"[^>]*>Incorrect email address format\.</);
    expect(page).toContain('aria-invalid="true"');
  });

  it('never sends the visitor to another site', async () => {
    for (const next of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      const res = await post({ email: 'x@example.com', region: 'us', next });
      expect(res.headers.get('Location')).toBe('/?subscribe=ok&source=footer#footer');
    }
  });

  it('stores a pre-launch “Notify Me” request with its product, and answers beside that block', async () => {
    // The block is there only while the product cannot be bought: the Japanese Flagship
    // Bumblebee was a pre-order until it shipped in August 2025 (docs/decisions/0031).
    const res = await post({ email: 'notify@example.com', region: 'jp', source: 'prelaunch', product: 'flagshipBumblebee', next: '/jp/flagship-bumblebee' });
    expect(res.headers.get('Location')).toBe('/jp/flagship-bumblebee?subscribe=ok&source=prelaunch#prelaunch');
    const row = await env.DB.prepare('SELECT source, product FROM subscriptions WHERE email = ?').bind('notify@example.com').first();
    expect(row).toEqual({ source: 'prelaunch', product: 'flagshipBumblebee' });
    const before = { Cookie: `timestamp=${Date.parse('2025-05-01T00:00:00+09:00')}` };
    const page = unphrased(await (await fetchWorker('http://localhost/jp/flagship-bumblebee?subscribe=ok&source=prelaunch', { headers: before })).text());
    expect(page).toMatch(/id="prelaunch-status"[^>]*data-outcome="ok"[^>]*>登録が完了しました！</);
    expect(page).toMatch(/id="footer-status"[^>]*><\/p>/);
    expect(page).toContain('>入荷通知を受け取る</button>');
  });

  it('ignores an outcome it does not know', async () => {
    const page = await (await fetchWorker('http://localhost/us?subscribe=<script>')).text();
    expect(page).not.toContain('data-outcome=');
    expect(page).not.toContain('<script>"');
  });
});
