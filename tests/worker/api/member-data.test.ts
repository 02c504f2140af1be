import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MemberCopy } from '../../../worker/account/member-data';
import { fetchWorker } from '../fetch';
import { RMA } from '../forms';
import { JPEG } from '../media';
import { keepKey, withKey } from '../session-keys';

// A member's data on request (decision 0040): a copy of every record tied to the proven
// address, and after the account is deleted none of them left, in every API group's database
// (a support form lives in the group of the edition it was sent from) and the shared one that
// holds sign-ups and draw entries, under exactly that address (docs/decisions/0054: a draw
// entry under `ann+bf@` is not `ann@`'s to copy or erase).

let ip = 0;
const client = () => `10.40.${Math.floor(++ip / 250)}.${ip % 250}`;
const STRONG = 'Orbit-Lantern-42-Maple';

async function call<T = Record<string, unknown>>(method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetchWorker(`http://localhost${path}`, {
    method,
    headers: withKey({ 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), region: 'de', ...headers }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  keepKey(res, json.data);
  return { res, json };
}

/** Everything of an address in every API group's database and the shared one, by table. */
async function left(email: string) {
  const groups = [env.ACCOUNTS_US, env.ACCOUNTS_EU, env.ACCOUNTS_CN];
  const count = async (dbs: D1Database[], sql: string) => {
    let n = 0;
    for (const db of dbs) n += (await db.prepare(sql).bind(email).first<number>('n')) ?? 0;
    return n;
  };
  return {
    users: await count(groups, 'SELECT COUNT(*) AS n FROM users WHERE email = ?1'),
    forms: await count(groups, 'SELECT COUNT(*) AS n FROM form_submissions WHERE lower(email) = ?1'),
    outbox: await count(groups, 'SELECT COUNT(*) AS n FROM outbox WHERE recipient = ?1'),
    limits: await count(groups, 'SELECT COUNT(*) AS n FROM rate_limits WHERE instr(key, ?1) > 0'),
    subscriptions: await count([env.DB], 'SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?1'),
    draw: await count([env.DB], 'SELECT COUNT(*) AS n FROM lucky_draw_entries WHERE email = ?1'),
    plusTagged: await count([env.DB], "SELECT COUNT(*) AS n FROM lucky_draw_entries WHERE email = replace(?1, '@', '+bf@')"),
  };
}

describe('a member’s data (decision 0040)', () => {
  it('downloads as JSON with every record tied to the address and no secret; deleting the account leaves none of them', async () => {
    const email = `data-${crypto.randomUUID()}@example.com`;
    const { json: session } = await call<{ apptoken: string; user_id: string }>('POST', '/account/user/register_or_login', {
      email,
      password: STRONG,
      agree: true,
    });
    expect(session.code, session.msg).toBe(2000);
    const apptoken = session.data.apptoken;
    // The address proven by the mailed link's button (docs/decisions/0054).
    const proof = (await env.ACCOUNTS_EU.prepare('SELECT body FROM outbox WHERE recipient = ?1 AND body LIKE ?2')
      .bind(email, '%/account/confirm?t=%')
      .first<{ body: string }>())!;
    const proofLink = new URL(/(https?:\/\/\S+\/de\/account\/confirm\?t=\S+)/.exec(proof.body)![1]!);
    const proven = await fetchWorker(`http://localhost${proofLink.pathname}${proofLink.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', 'CF-Connecting-IP': client() },
      body: '',
    });
    expect(proven.status).toBe(200);

    // A newsletter sign-up from the de footer, confirmed by its mail's link (the consent record).
    await call('POST', '/account/user/subscribe/create', { email, region: 'de', source: 'footer' });
    const mail = (await env.ACCOUNTS_EU.prepare('SELECT body FROM outbox WHERE recipient = ?1 ORDER BY id DESC').bind(email).first<{ body: string }>())!;
    const link = new URL(/(https?:\/\/\S+\/de\/subscribe\/confirm\?t=\S+)/.exec(mail.body)![1]!);
    await fetchWorker(`http://localhost${link.pathname}${link.search}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' },
      body: '',
    });
    // A lucky-draw entry under the address, while the us Black Friday draw is open; and one of
    // an earlier draw under a plus-tag of it: the draw took them for one person, this copy and
    // erasure do not (another address, maybe another person's).
    const entered = await fetchWorker('http://localhost/campaign/lucky-draw', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), Cookie: `timestamp=${Date.parse('2024-11-20T12:00:00Z')}` },
      body: JSON.stringify({ region: 'us', campaign: 'black-friday', email, size: 'XL' }),
    });
    expect(entered.status).toBe(200);
    await env.DB.prepare(
      "INSERT INTO lucky_draw_entries (email, identity, region, campaign, size, size_chosen, created_at) VALUES (?1, ?2, 'us', 'black-friday-2023', 'XL', 'visitor', ?3)",
    )
      .bind(email.replace('@', '+bf@'), email, Date.now())
      .run();
    // A return request from the de support page, with a photo.
    const form = new FormData();
    const fields = { ...RMA, email };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('attachments', new File([JPEG], 'arm.jpg', { type: 'image/jpeg' }));
    const submitted = await fetchWorker('http://localhost/support/forms/rma', {
      method: 'POST',
      headers: { 'CF-Connecting-IP': client(), Accept: 'application/json' },
      body: form,
    });
    expect(((await submitted.json()) as { code: number }).code).toBe(2000);
    // A second one through the us support page: stored in the us group's database.
    const us = new FormData();
    for (const [k, v] of Object.entries({ ...fields, region: 'us', orderNumber: 'US-100234', store: 'Robolux Store US' })) us.append(k, v);
    const viaUs = await fetchWorker('http://localhost/support/forms/rma', {
      method: 'POST',
      headers: { 'CF-Connecting-IP': client(), Accept: 'application/json' },
      body: us,
    });
    expect(((await viaUs.json()) as { code: number }).code).toBe(2000);

    const { res, json } = await call<MemberCopy>('GET', '/account/user/data', undefined, { apptoken });
    expect(json.code).toBe(2000);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const copy = json.data;
    expect(copy.addressProven).toBe(true);
    expect(copy.profile).toMatchObject({ userId: session.data.user_id, email, edition: 'de' });
    expect(copy.sessions).toEqual([expect.objectContaining({ current: true, endedAt: null })]);
    expect(copy.subscriptions).toEqual([
      expect.objectContaining({ edition: 'de', source: 'footer', status: 'confirmed', confirmedAt: expect.stringMatching(/^\d{4}-/) }),
    ]);
    expect(copy.luckyDraw).toEqual([expect.objectContaining({ edition: 'us', campaign: 'black-friday', size: 'XL' })]);
    expect(copy.supportForms).toEqual([
      expect.objectContaining({
        kind: 'rma',
        edition: 'de',
        fields: expect.objectContaining({ serial: 'FB-2024-000123', orderNumber: 'DE-100234' }),
        attachments: [expect.objectContaining({ name: expect.stringContaining('arm') })],
      }),
      expect.objectContaining({ kind: 'rma', edition: 'us', fields: expect.objectContaining({ orderNumber: 'US-100234' }) }),
    ]);
    // No secret: no password hash, token, session key or storage key.
    const text = JSON.stringify(copy);
    for (const secret of ['pbkdf2', apptoken, 'key_hash', 'token_hash', 'forms/']) expect(text).not.toContain(secret);
    // Without a session there is nothing to download.
    expect((await call('GET', '/account/user/data')).json.code).toBe(4003);

    const attachments = (await env.ATTACHMENTS_EU.list({ prefix: `forms/${copy.supportForms[0]!.reference}/` })).objects;
    expect(attachments).toHaveLength(1);
    expect((await call('POST', '/account/user/delete', { password: STRONG, confirm: true }, { apptoken })).json.code).toBe(2000);
    expect(await left(email)).toEqual({ users: 0, forms: 0, outbox: 0, limits: 0, subscriptions: 0, draw: 0, plusTagged: 1 });
    expect((await env.ATTACHMENTS_EU.list({ prefix: `forms/${copy.supportForms[0]!.reference}/` })).objects).toHaveLength(0);
  });
});
