import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import worker from '../../../worker/index';
import { enqueueMail, MAIL_SWEEP_CRON, mime, nextAttempt, purgeOutbox, RETRY_DELAYS, sendMail, sweepOutbox } from '../../../worker/records/mail';
import { clearRenderCache } from '../../../worker/pages/render-cache';

// Mail through a durable outbox (docs/decisions/0064): a mail is a row of its API group's outbox
// before anything says it is on its way; it is tried at once, retried by the Cron Trigger's
// sweep with backoff, given up after the last retry or once no longer worth sending, and every
// outcome is counted and a failure logged without the address. Pages say "check your inbox"
// only when the outbox took the mail, and otherwise ask for it again.

/** A send_email binding that keeps what it sends, or fails as Email Service does when it refuses. */
function mailer(fail = 0) {
  const sent: { from: string; to: string; raw: string }[] = [];
  let failures = fail;
  const binding = {
    send: async (message: { from: string; to: string; raw: ReadableStream | string }) => {
      if (failures-- > 0) throw new Error(`Email Service refused: quota exceeded for SESSION_SECRET=shh to ${message.to}`);
      const raw = typeof message.raw === 'string' ? message.raw : await new Response(message.raw).text();
      sent.push({ from: message.from, to: message.to, raw });
    },
  } as unknown as SendEmail;
  return { sent, binding };
}

/** A stand-in for the METRICS dataset that keeps its data points. */
function dataset() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, METRICS: { writeDataPoint: (point?: AnalyticsEngineDataPoint) => void points.push(point!) } as AnalyticsEngineDataset };
}
const mailCounts = (points: AnalyticsEngineDataPoint[]) => points.filter((p) => p.blobs![0] === 'mail').map((p) => p.blobs![2]);

const row = (to: string, db = env.ACCOUNTS_US) =>
  db
    .prepare('SELECT kind, region, language, status, attempts, next_at, last_error, subject, body FROM outbox WHERE recipient = ?1 ORDER BY id DESC')
    .bind(to)
    .first<Record<string, unknown>>();

const address = (name: string) => `${name}-${crypto.randomUUID()}@example.com`;
const errors: string[] = [];
const warnings: string[] = [];

beforeEach(async () => {
  errors.length = 0;
  warnings.length = 0;
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
  vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warnings.push(String(line)));
  // Earlier tests' mail must not be swept into these.
  await Promise.all(
    [env.ACCOUNTS_US, env.ACCOUNTS_EU, env.ACCOUNTS_CN].map((db) => db.prepare("UPDATE outbox SET status = 'sent' WHERE status <> 'sent'").run()),
  );
});
afterEach(() => vi.restoreAllMocks());

describe('the outbox', () => {
  const deployed = (extra: Record<string, unknown>) => ({ ...env, ENVIRONMENT: 'production', ...extra }) as typeof env;

  it('sends a mail at once, in its language, and forgets its words once sent', async () => {
    const { sent, binding } = mailer();
    const { points, METRICS } = dataset();
    const to = address('now');
    const receipt = await sendMail(
      deployed({ SEND_EMAIL: binding, METRICS }),
      env.ACCOUNTS_EU,
      { kind: 'confirmation', region: 'de', to, subject: 'Bestätigen', body: 'Bitte' },
      1_000,
    );
    expect(receipt).toMatchObject({ accepted: true, duplicate: false });
    expect(sent.map((m) => m.to)).toEqual([to]);
    expect(await row(to, env.ACCOUNTS_EU)).toMatchObject({
      kind: 'confirmation',
      region: 'de',
      language: 'de-DE',
      status: 'sent',
      attempts: 1,
      subject: '',
      body: '',
    });
    expect(mailCounts(points)).toEqual(['confirmation:queued', 'confirmation:sent']);
  });

  it('retries a mail the binding refused, after 1, 5, 15, 60 and 240 minutes, then gives it up, logging and counting each', async () => {
    const { sent, binding } = mailer(6);
    const { points, METRICS } = dataset();
    const bindings = deployed({ SEND_EMAIL: binding, METRICS });
    const to = address('retry');
    let now = 10_000_000;
    expect((await sendMail(bindings, env.ACCOUNTS_US, { kind: 'reset', region: 'us', to, subject: 'Reset', body: 'link' }, now)).accepted).toBe(true);
    expect(await row(to)).toMatchObject({ status: 'pending', attempts: 1, next_at: now + 60_000 });
    // Not yet due: the sweep leaves it.
    expect(await sweepOutbox(bindings, now + 59_000)).toEqual({ sent: 0, retry: 0, failed: 0, expired: 0 });
    for (const delay of RETRY_DELAYS) {
      now += delay;
      await sweepOutbox(bindings, now);
    }
    expect(await row(to)).toMatchObject({ status: 'failed', attempts: 6, subject: '', body: '' });
    expect(sent).toEqual([]);
    expect(mailCounts(points)).toEqual(['reset:queued', ...Array<string>(5).fill('reset:retry'), 'reset:failed']);
    // Logged: each retry a warning, the giving up an error; never the address or a secret.
    expect(warnings.filter((w) => w.startsWith('mail: a reset mail could not be sent'))).toHaveLength(5);
    expect(errors).toEqual([
      'mail: a reset mail was given up after 6 attempts: Error: Email Service refused: quota exceeded for SESSION_SECRET=<redacted> to <email>',
    ]);
    expect(String((await row(to))!.last_error)).not.toMatch(/example\.com|shh/);
  });

  it('sends a retried mail once the binding takes it again', async () => {
    const { sent, binding } = mailer(1);
    const bindings = deployed({ SEND_EMAIL: binding });
    const to = address('later');
    await sendMail(bindings, env.ACCOUNTS_US, { kind: 'draw-result', region: 'us', to, subject: 'Draw', body: 'XL' }, 0);
    expect(await sweepOutbox(bindings, 60_000)).toMatchObject({ sent: 1 });
    expect(sent.map((m) => m.to)).toEqual([to]);
    expect(await row(to)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('deployed without a send_email binding, keeps the mail for a retry and says why', async () => {
    const to = address('unbound');
    await sendMail(deployed({ SEND_EMAIL: undefined }), env.ACCOUNTS_US, { kind: 'reset', region: 'us', to, subject: 'S', body: 'B' }, 0);
    expect(await row(to)).toMatchObject({ status: 'pending', last_error: 'Error: no send_email binding SEND_EMAIL' });
  });

  it('gives up a mail no longer worth sending (a reset link past its hour)', async () => {
    const { sent, binding } = mailer(1);
    const bindings = deployed({ SEND_EMAIL: binding });
    const to = address('expired');
    await sendMail(bindings, env.ACCOUNTS_US, { kind: 'reset', region: 'us', to, subject: 'S', body: 'B', expiresAt: 30_000 }, 0);
    await sweepOutbox(bindings, 60_000);
    expect(await row(to)).toMatchObject({ status: 'failed', last_error: 'expired', body: '' });
    expect(sent).toEqual([]);
  });

  it('takes a message once under its key: a double submit is one mail', async () => {
    const { sent, binding } = mailer();
    const to = address('twice');
    const message = {
      kind: 'notify' as const,
      region: 'fr' as const,
      language: 'fr-FR',
      key: `notify:test:${to}`,
      to,
      subject: 'Disponible',
      body: 'Maintenant',
    };
    const first = await enqueueMail(deployed({ SEND_EMAIL: binding }), message, 0);
    const second = await enqueueMail(deployed({ SEND_EMAIL: binding }), message, 0);
    expect(first).toMatchObject({ accepted: true, duplicate: false });
    expect(second).toEqual({ accepted: true, id: (first as { id: number }).id, duplicate: true });
    // fr is the EU group: the address stays in the EU database. The sweep sends it, once.
    expect(await env.ACCOUNTS_EU.prepare('SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?1').bind(to).first('n')).toBe(1);
    await sweepOutbox(deployed({ SEND_EMAIL: binding }), 1_000);
    await sweepOutbox(deployed({ SEND_EMAIL: binding }), 120_000);
    expect(sent.map((m) => m.to)).toEqual([to]);
  });

  it('answers “not accepted” when its database cannot take the mail, and counts it', async () => {
    const { points, METRICS } = dataset();
    const down = {
      prepare: () => ({ bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: network connection lost')) }) }),
    } as unknown as D1Database;
    expect(await sendMail(deployed({ METRICS }), down, { kind: 'confirmation', region: 'fr', to: address('down'), subject: 'S', body: 'B' }, 0)).toEqual({
      accepted: false,
    });
    expect(mailCounts(points)).toEqual(['confirmation:refused']);
    expect(errors).toEqual(['mail: the outbox refused a confirmation mail: Error: D1_ERROR: network connection lost']);
  });

  it('writes the mail in its language, the same message on every attempt', () => {
    const mail = {
      id: 7,
      key: 'confirmation:de:7:1',
      kind: 'confirmation' as const,
      region: 'de',
      language: 'de-DE',
      recipient: 'a@example.com',
      subject: 'Bestätigen',
      body: 'Bitte',
      headers: '{}',
      attempts: 1,
      expires_at: null,
      created_at: 5,
    };
    const text = mime('no-reply@robolux.com', mail, 0);
    expect(text).toMatch(/^Content-Language: de-DE\r$/m);
    expect(text).toMatch(/^Subject: =\?UTF-8\?B\?QmVzdMOkdGlnZW4=\?=\r$/m);
    expect(mime('no-reply@robolux.com', { ...mail, attempts: 3 }, 60_000).match(/^Message-ID: .*$/m)![0]).toBe(text.match(/^Message-ID: .*$/m)![0]);
  });

  it('backs off by a table, and gives up after the sixth attempt', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => nextAttempt(n, 0))).toEqual([60_000, 300_000, 900_000, 3_600_000, 14_400_000, undefined]);
  });
});

describe('the Cron Triggers', () => {
  const scheduled = (cron: string, scheduledTime: number, bindings: Record<string, unknown> = {}) =>
    worker.scheduled!({ cron, scheduledTime, noRetry() {} } as ScheduledController, { ...env, ...bindings } as typeof env);

  it('every minute, sweep the outbox', async () => {
    const { sent, binding } = mailer(1);
    const to = address('cron');
    await sendMail({ ...env, SEND_EMAIL: binding }, env.ACCOUNTS_CN, { kind: 'confirmation', region: 'cn', to, subject: '确认', body: '请确认' }, 0);
    await scheduled(MAIL_SWEEP_CRON, 60_000, { SEND_EMAIL: binding });
    expect(sent.map((m) => m.to)).toEqual([to]);
  });

  it('daily, drop sent and given-up mail after 7 days, and keep what is still pending', async () => {
    const old = address('old');
    const waiting = address('waiting');
    await sendMail(env, env.ACCOUNTS_US, { kind: 'reset', region: 'us', to: old, subject: 'S', body: 'B' }, 0);
    await env.ACCOUNTS_US.prepare(
      "INSERT INTO outbox (kind, region, language, recipient, subject, body, status, next_at, created_at) VALUES ('reset', 'us', 'en-US', ?1, 'S', 'B', 'pending', 0, 0)",
    )
      .bind(waiting)
      .run();
    expect(await purgeOutbox(env, 8 * 24 * 60 * 60_000)).toBeGreaterThanOrEqual(1);
    expect(await row(old)).toBeNull();
    expect(await row(waiting)).toMatchObject({ status: 'pending' });
    await env.ACCOUNTS_US.prepare("UPDATE outbox SET status = 'sent' WHERE recipient = ?1").bind(waiting).run();
  });
});

describe('pages say “check your inbox” only when the outbox took the mail', () => {
  // The EU group's database (fr, de, uk, eu) down: the sign-up and the entry are stored (DB), their mail is not.
  const outboxDown = {
    prepare: (sql: string) => {
      if (!sql.includes('outbox')) return env.ACCOUNTS_EU.prepare(sql);
      return { bind: () => ({ first: () => Promise.reject(new Error('D1_ERROR: database unavailable')) }) };
    },
  };
  let ip = 0;
  const client = () => `198.51.100.${++ip}`;

  async function post(path: string, body: Record<string, string>, bindings: Record<string, unknown>, json: boolean) {
    const ctx = createExecutionContext();
    const headers = {
      'CF-Connecting-IP': client(),
      Origin: 'http://localhost',
      'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded',
    };
    const res = await worker.fetch(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers,
        body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
        redirect: 'manual',
      }),
      { ...env, ...bindings } as typeof env,
      ctx,
    );
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    return { res, text };
  }

  beforeEach(async () => {
    await clearRenderCache();
  });

  it('the newsletter form: its outbox down, it says the mail could not go and asks for the address again', async () => {
    const email = address('optin');
    const form = await post('/account/user/subscribe/create', { email, region: 'de', source: 'footer', next: '/de' }, { ACCOUNTS_EU: outboxDown }, false);
    expect(form.res.status).toBe(303);
    const location = form.res.headers.get('Location')!;
    expect(location).toBe('/de?subscribe=unsent&source=footer#footer');
    const page = await worker.fetch(new Request(`http://localhost${location}`), env, createExecutionContext());
    const html = await page.text();
    expect(html).toContain(
      'Wir konnten die Bestätigungs-E-Mail gerade nicht senden. Bitte geben Sie Ihre Adresse noch einmal ein, dann schicken wir sie Ihnen erneut.',
    );
    expect(html).not.toContain('Bitte sehen Sie in Ihr Postfach');
    // Sent again with the outbox up, it is taken, and the form says to check the inbox.
    const again = await post('/account/user/subscribe/create', { email, region: 'de', source: 'footer', next: '/de' }, {}, false);
    expect(again.res.headers.get('Location')).toBe('/de?subscribe=ok&source=footer#footer');
    expect(await row(email, env.ACCOUNTS_EU)).toMatchObject({ kind: 'confirmation', status: 'sent' });
  });

  it('the newsletter call: 5000 with the same words, never “check your inbox”', async () => {
    const { res, text } = await post(
      '/account/user/subscribe/create',
      { email: address('call'), region: 'fr', source: 'footer' },
      { ACCOUNTS_EU: outboxDown },
      true,
    );
    expect(res.status).toBe(503);
    expect(JSON.parse(text)).toMatchObject({
      code: 5000,
      msg: 'Nous n’avons pas pu envoyer l’e-mail de confirmation pour le moment. Saisissez à nouveau votre adresse et nous vous le renverrons.',
    });
  });

  it('the lucky draw: its outbox down, the entry is in, and the form asks to be sent again for the mail', async () => {
    const inside = String(Date.parse('2024-11-20T12:00:00Z'));
    const email = address('draw');
    const entry = { region: 'de', campaign: 'black-friday', email, size: 'XL' };
    const ctx = createExecutionContext();
    const call = (bindings: Record<string, unknown>) =>
      worker.fetch(
        new Request('http://localhost/campaign/lucky-draw', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), Origin: 'http://localhost', Cookie: `timestamp=${inside}` },
          body: JSON.stringify(entry),
        }),
        { ...env, ...bindings } as typeof env,
        ctx,
      );
    const down = await call({ ACCOUNTS_EU: outboxDown });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      code: 5000,
      msg: 'Ihre Teilnahme am Gewinnspiel ist gespeichert, aber wir konnten Ihnen die Details gerade nicht per E-Mail schicken. Bitte senden Sie das Formular noch einmal ab, dann schicken wir sie Ihnen erneut.',
    });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM lucky_draw_entries WHERE email = ?1').bind(email).first('n')).toBe(1);
    const up = await call({});
    expect(await up.json()).toMatchObject({ code: 2000, msg: expect.stringContaining('Bitte sehen Sie in Ihrem Posteingang nach') });
    await waitOnExecutionContext(ctx);
    expect(await row(email, env.ACCOUNTS_EU)).toMatchObject({ kind: 'draw-result', status: 'sent' });
  });
});
