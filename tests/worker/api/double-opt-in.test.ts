import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../../worker/index';
import { CONFIRM_TTL_MS, confirmSubscription, PENDING_TTL_MS } from '../../../worker/records/subscriptions';
import { fetchWorker } from '../fetch';

let ip = 0;

/** Signs an address up from the de footer (JSON), as a fresh client. */
const signUp = (email: string, region = 'de') =>
  fetchWorker('http://localhost/account/user/subscribe/create', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `10.27.0.${++ip}` },
    body: JSON.stringify({ email, region, source: 'footer' }),
  });

/** Confirmed sign-ups of an address: what counts. */
/** Presses the one button of a mailed link's page (its GET changes nothing, docs/decisions/0054). */
const press = (url: string) =>
  fetchWorker(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
    body: '',
  });

const confirmed = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?1 AND status = 'confirmed'").bind(email).first<{ n: number }>())!.n;
const rows = async (email: string) => (await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?1').bind(email).first<{ n: number }>())!.n;

/** The newest mail to an address in the EU group's outbox (de's API group). */
async function mailTo(email: string) {
  return (await env.ACCOUNTS_EU.prepare('SELECT subject, body, headers FROM outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT 1')
    .bind(email)
    .first<{ subject: string; body: string; headers: string }>())!;
}
const linkIn = (body: string, path: string) => new URL(new RegExp(`(https?://\\S+${path}\\?t=\\S+)`).exec(body)![1]!);

describe('double opt-in (decision 0033)', () => {
  it('a de sign-up answers the spec’s message, is pending and does not count until its mail’s link is followed, once', async () => {
    const email = 'doi-once@example.com';
    const res = await signUp(email);
    expect(await res.json()).toMatchObject({ code: 2000, msg: 'Erfolgreich angemeldet!' });
    expect(await confirmed(email)).toBe(0);
    expect(await rows(email)).toBe(1);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre Anmeldung zum Robolux-Newsletter');
    const link = linkIn(mail.body, '/de/subscribe/confirm');
    const first = await press(link.href.replace(link.origin, 'http://localhost'));
    expect(first.status).toBe(303);
    expect(first.headers.get('Location')).toBe('/de?subscribe=confirmed&source=footer#footer');
    expect(await confirmed(email)).toBe(1);
    const home = await (await fetchWorker(`http://localhost${first.headers.get('Location')!.split('#')[0]}`)).text();
    expect(home).toContain('Ihre Anmeldung ist bestätigt. Willkommen!');

    const again = await press(link.href.replace(link.origin, 'http://localhost'));
    expect(again.headers.get('Location')).toBe('/de?subscribe=expired&source=footer#footer');
  });

  it('the link expires after 48 hours, and a changed link does nothing', async () => {
    const email = 'doi-late@example.com';
    await signUp(email);
    const token = linkIn((await mailTo(email)).body, '/de/subscribe/confirm').searchParams.get('t')!;
    const secret = 'local-development-session-secret-not-for-production';
    expect(await confirmSubscription(env, secret, token, Date.now() + CONFIRM_TTL_MS + 1000)).toEqual({ outcome: 'expired' });
    expect(await confirmSubscription(env, secret, `${token.slice(0, -2)}AA`, Date.now())).toEqual({ outcome: 'invalid' });
    expect(await confirmed(email)).toBe(0);
    expect(await confirmSubscription(env, secret, token, Date.now())).toEqual({ outcome: 'confirmed', region: 'de' });
  });

  it('every subscription mail carries one-click unsubscribe (RFC 8058) and a visible link; one POST unsubscribes', async () => {
    const email = 'doi-leave@example.com';
    await signUp(email);
    const mail = await mailTo(email);
    const headers = JSON.parse(mail.headers) as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe']!)![1]!);
    expect(url.pathname).toBe('/de/unsubscribe');
    expect(mail.body).toContain(`Mit einem Klick abmelden: ${url.href}`);
    await press(linkIn(mail.body, '/de/subscribe/confirm').href.replace(/^https?:\/\/[^/]+/, 'http://localhost'));
    expect(await confirmed(email)).toBe(1);

    // A mail provider's one-click POST: no Origin, the RFC's body.
    const res = await fetchWorker(`http://localhost${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await rows(email)).toBe(0);
  });

  it('us stays single opt-in: counted at once, no mail', async () => {
    const email = 'doi-us@example.com';
    await signUp(email, 'us');
    expect(await confirmed(email)).toBe(1);
    expect(await env.ACCOUNTS_US.prepare('SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?1').bind(email).first('n')).toBe(0);
  });

  it('the daily purge deletes sign-ups never confirmed once they are 7 days old, and nothing confirmed', async () => {
    const stale = 'doi-stale@example.com';
    const fresh = 'doi-fresh@example.com';
    await signUp(stale);
    await signUp(fresh);
    await signUp('doi-kept@example.com', 'us');
    const now = Date.now();
    // Eight days on, the first is stale; the second signed up "later" (its row moved forward).
    await env.DB.prepare('UPDATE subscriptions SET created_at = ?2 WHERE email = ?1')
      .bind(fresh, now + 7 * 24 * 3600 * 1000)
      .run();
    await worker.scheduled(createScheduledController({ scheduledTime: now + PENDING_TTL_MS + 24 * 3600 * 1000, cron: '17 3 * * *' }), env);
    expect(await rows(stale)).toBe(0);
    expect(await rows(fresh)).toBe(1);
    expect(await rows('doi-kept@example.com')).toBe(1);
  });
});
