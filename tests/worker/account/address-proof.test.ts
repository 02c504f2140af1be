import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MemberCopy } from '../../../worker/account/member-data';
import { Browser, follow, lastMail, linkIn, STRONG } from './helpers';

// A member's data only to its owner (docs/decisions/0054): records filed under an address
// (support forms in every API group's database, sign-ups, draw entries) reach an account's
// copy and erasure only once the account proved the address by a mailed link, and only under
// that exact address. Each reproduction of the outside probe ends without a copy or an
// erasure of someone else's data.

const unique = () => crypto.randomUUID().slice(0, 8);

/** Everything a victim has filed under an address, without an account: a sign-up, a draw entry (under `drawAs`), a support form in the US group. */
async function victimData(email: string, drawAs = email) {
  const now = Date.now();
  await env.DB.prepare("INSERT INTO subscriptions (email, region, source, product, created_at, status) VALUES (?1, 'us', 'footer', '', ?2, 'confirmed')")
    .bind(email, now)
    .run();
  const identity = drawAs.replace(/\+[^@]*/, '').replace(/^(.*)@gmail\.com$/, (_, local: string) => `${local.replaceAll('.', '')}@gmail.com`);
  await env.DB.prepare(
    "INSERT INTO lucky_draw_entries (email, identity, region, campaign, size, size_chosen, created_at) VALUES (?1, ?2, 'us', 'black-friday', 'XL', 'visitor', ?3)",
  )
    .bind(drawAs, identity, now)
    .run();
  await env.ACCOUNTS_US.prepare(
    "INSERT INTO form_submissions (reference, kind, region, email, fields, attachments, fingerprint, created_at) VALUES (?1, 'rma', 'us', ?2, ?3, '[]', ?4, ?5)",
  )
    .bind(`RMA-${unique()}`, email, JSON.stringify({ name: 'Victim', phone: '+1 555 0100', description: 'private' }), unique(), now)
    .run();
}

/** How many of the victim's records are still there. */
async function stillThere(email: string, drawAs = email) {
  const n = async (db: D1Database, sql: string, value: string) => (await db.prepare(sql).bind(value).first<number>('n')) ?? 0;
  return {
    subscriptions: await n(env.DB, 'SELECT COUNT(*) AS n FROM subscriptions WHERE email = ?1', email),
    draw: await n(env.DB, 'SELECT COUNT(*) AS n FROM lucky_draw_entries WHERE email = ?1', drawAs),
    forms: await n(env.ACCOUNTS_US, 'SELECT COUNT(*) AS n FROM form_submissions WHERE email = ?1', email),
  };
}

const nothingOf = { subscriptions: [], luckyDraw: [], supportForms: [] };

describe('an address proven before anything filed under it (docs/decisions/0054)', () => {
  it('an address with no account: registering it gives a session, but no copy and no erasure of what others filed under it', async () => {
    const victim = `victim-${unique()}@example.com`;
    await victimData(victim);
    const attacker = new Browser();
    const registered = await attacker.call('/account/user/register_or_login', { email: victim, password: STRONG, agree: true });
    expect(registered.code, registered.msg).toBe(2000);
    const copy = await attacker.call<MemberCopy>('/account/user/data');
    expect(copy.code).toBe(2000);
    expect(copy.data).toMatchObject({ addressProven: false, ...nothingOf });
    expect(JSON.stringify(copy.data)).not.toContain('private');
    expect((await attacker.call('/account/user/delete', { password: STRONG, confirm: true })).code).toBe(2000);
    expect(await stillThere(victim)).toEqual({ subscriptions: 1, draw: 1, forms: 1 });
  });

  it('an address with an account in another API group: registering it from another edition is a log-in to that account, refused without its password', async () => {
    const owner = new Browser();
    const email = `owner-${unique()}@example.com`;
    expect((await owner.call('/account/user/register_or_login', { email, password: STRONG, agree: true })).code).toBe(2000);
    const attacker = new Browser();
    for (const region of ['de', 'cn']) {
      const tried = await attacker.call('/account/user/register_or_login', { email, password: 'Another-Harbour-77-Fern', agree: true }, { region });
      expect(tried.code).toBe(4001);
    }
    for (const db of [env.ACCOUNTS_EU, env.ACCOUNTS_CN]) expect(await db.prepare('SELECT id FROM users WHERE email = ?1').bind(email).first()).toBeNull();
    // The owner, signing in from the German edition, reaches the one US account.
    const signedIn = await owner.call<{ user_id: string }>('/account/user/sign_in', { email, password: STRONG }, { region: 'de' });
    expect(signedIn.code).toBe(2000);
    expect(signedIn.data.user_id).toMatch(/^us_/);
  });

  it('a folded draw variant: a proven account of `vic.tim+x@gmail.com` gets no copy or erasure of `victim@gmail.com`’s entry', async () => {
    const tag = unique();
    const victim = `victim${tag}@gmail.com`;
    await victimData(victim);
    const attacker = new Browser();
    const variant = `vic.tim${tag}+x@gmail.com`;
    expect((await attacker.call('/account/user/register_or_login', { email: variant, password: STRONG, agree: true })).code).toBe(2000);
    // Even proven (the attacker reads this mailbox here), the variant is another address.
    expect((await follow(attacker, linkIn(await lastMail(variant), '/us/account/confirm'))).status).toBe(200);
    const copy = await attacker.call<MemberCopy>('/account/user/data');
    expect(copy.data).toMatchObject({ addressProven: true, ...nothingOf });
    expect((await attacker.call('/account/user/delete', { password: STRONG, confirm: true })).code).toBe(2000);
    expect(await stillThere(victim)).toEqual({ subscriptions: 1, draw: 1, forms: 1 });
  });

  it('refuses an account address whose NFKC form is another (full-width letters, a ligature)', async () => {
    const browser = new Browser();
    for (const email of [`ｖｉｃ${unique()}@example.com`, `ﬁn${unique()}@example.com`])
      expect((await browser.call('/account/user/register_or_login', { email, password: STRONG, agree: true })).code).toBe(4000);
  });

  it('the owner proves the address by the mailed link’s button (a GET or HEAD proves nothing), then gets and erases everything filed under it', async () => {
    const email = `owner-${unique()}@example.com`;
    await victimData(email);
    const owner = new Browser();
    const registered = await owner.call<{ proofMailed?: boolean }>('/account/user/register_or_login', { email, password: STRONG, agree: true });
    expect(registered.data.proofMailed).toBe(true);
    const link = linkIn(await lastMail(email), '/us/account/confirm');
    // A mail scanner fetches the link: the page shows a button, and nothing changes.
    expect((await owner.fetch(link, { method: 'HEAD' })).status).toBe(200);
    const page = await (await owner.fetch(link)).text();
    expect(page).toMatch(/<form [^>]*method="post"/);
    expect(page).toContain('Confirm my address');
    expect((await owner.call<MemberCopy>('/account/user/data')).data.addressProven).toBe(false);
    const proven = await follow(owner, link);
    expect(await proven.text()).toContain('Your address is confirmed');
    expect((await owner.call<{ proven: boolean }>('/account/user/profile')).data.proven).toBe(true);
    const copy = (await owner.call<MemberCopy>('/account/user/data')).data;
    expect(copy.addressProven).toBe(true);
    expect(copy.subscriptions).toHaveLength(1);
    expect(copy.luckyDraw).toHaveLength(1);
    expect(copy.supportForms).toEqual([expect.objectContaining({ fields: expect.objectContaining({ description: 'private' }) })]);
    expect((await owner.call('/account/user/delete', { password: STRONG, confirm: true })).code).toBe(2000);
    expect(await stillThere(email)).toEqual({ subscriptions: 0, draw: 0, forms: 0 });
  });

  it('an expired or changed proof link proves nothing and says how to get a new one', async () => {
    const email = `late-${unique()}@example.com`;
    const browser = new Browser();
    await browser.call('/account/user/register_or_login', { email, password: STRONG, agree: true });
    const link = linkIn(await lastMail(email), '/us/account/confirm');
    const changed = link.replace(/.(?=$)/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await follow(browser, changed);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This link has expired');
    expect((await browser.call<{ proven: boolean }>('/account/user/profile')).data.proven).toBe(false);
  });
});
