import type { ApiGroup } from '../../content/editions';
import type { Bindings } from '../env';
import { normalizeEmail } from '../../kernel/rules';
import { drawIdentity } from '../records/draw-entries';
import { API_GROUPS, groupStorage } from '../records/groups';
import { addressKey } from '../records/rate-limit';
import type { Member } from './records';

/**
 * A member's data (decision 0040): what the site holds tied to their address,
 * gathered for a copy (GDPR art. 15 and 20, PIPA, PIPL, APPI) and erased with the account.
 * Where each record lives: the member and their sessions in their API group's database; a
 * support form and its attachments in the group of the edition it was sent from (a German
 * member may write through the us support page), so every group's database is read and
 * swept; the newsletter sign-ups and lucky-draw entries in the shared database (decisions
 * 0005, 0019). What is filed under the address reaches the member only once they proved the
 * address (a mailed link followed), and only under that exact address: never a draw entry
 * found by its folded identity (`ann+draw@` is `ann@` to the draw, not to this), never a form
 * whose address only resembles it (docs/decisions/0054).
 */

/** One newsletter or product-news sign-up, and the record of the consent behind it. */
interface SubscriptionCopy {
  edition: string;
  source: string;
  product: string | null;
  status: 'pending' | 'confirmed';
  signedUpAt: string;
  /** When the mailed link was followed (double opt-in): the proof of consent; null where single opt-in applied (us) or still pending. */
  confirmedAt: string | null;
}

/** The copy a member downloads: JSON, dates in ISO 8601, no secret (no password hash, token or session key). */
export interface MemberCopy {
  exportedAt: string;
  /** Whether the address is proven: when false, the records filed under it (sign-ups, draw entries, support forms) are not in the copy. */
  addressProven: boolean;
  profile: { userId: string; email: string; name: string; edition: string; newsletter: boolean; memberSince: string };
  sessions: { startedAt: string; endedAt: string | null; current: boolean }[];
  subscriptions: SubscriptionCopy[];
  luckyDraw: { edition: string; campaign: string; size: string; sizeChosenBy: string; enteredAt: string }[];
  supportForms: {
    reference: string;
    kind: string;
    edition: string;
    submittedAt: string;
    fields: Record<string, unknown>;
    attachments: { name: string; type: string; size: number }[];
  }[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Support forms in one API group's database sent with exactly this address (as the address rule writes it). */
async function formsOf(db: D1Database, email: string) {
  const { results } = await db
    .prepare('SELECT id, reference, kind, region, email, fields, attachments, created_at FROM form_submissions WHERE lower(email) = ?1')
    .bind(email)
    .all<{ id: number; reference: string; kind: string; region: string; email: string; fields: string; attachments: string; created_at: number }>();
  return results.filter((form) => normalizeEmail(form.email) === email);
}

/** Everything held tied to a member, as the copy they download: what is filed under the address only once it is proven. */
export async function memberCopy(env: Bindings, group: ApiGroup, member: Member, currentSession: string, now: number): Promise<MemberCopy> {
  const { db } = groupStorage(env, group);
  const email = member.email;
  const proven = member.proven === true;
  const none = { results: [] as never[] };
  const [sessions, subscriptions, entries, forms] = await Promise.all([
    db
      .prepare('SELECT id, created_at, revoked_at FROM sessions WHERE user_id = ?1 ORDER BY created_at')
      .bind(member.user_id)
      .all<{ id: string; created_at: number; revoked_at: number | null }>(),
    proven
      ? env.DB.prepare('SELECT region, source, product, status, created_at, confirmed_at FROM subscriptions WHERE email = ?1 ORDER BY created_at')
          .bind(email)
          .all<{ region: string; source: string; product: string; status: 'pending' | 'confirmed'; created_at: number; confirmed_at: number | null }>()
      : none,
    proven
      ? env.DB.prepare('SELECT region, campaign, size, size_chosen, created_at FROM lucky_draw_entries WHERE email = ?1 ORDER BY created_at')
          .bind(email)
          .all<{ region: string; campaign: string; size: string; size_chosen: string; created_at: number }>()
      : none,
    proven
      ? Promise.all(API_GROUPS.map((g) => formsOf(groupStorage(env, g).db, email))).then((all) => ({
          results: all.flat().sort((a, b) => a.created_at - b.created_at),
        }))
      : none,
  ]);
  return {
    exportedAt: iso(now)!,
    addressProven: proven,
    profile: { userId: member.user_id, email, name: member.name, edition: member.region, newsletter: member.newsletter, memberSince: iso(member.created_at)! },
    sessions: sessions.results.map((s) => ({ startedAt: iso(s.created_at)!, endedAt: iso(s.revoked_at), current: s.id === currentSession })),
    subscriptions: subscriptions.results.map((s) => ({
      edition: s.region,
      source: s.source,
      product: s.product || null,
      status: s.status,
      signedUpAt: iso(s.created_at)!,
      confirmedAt: iso(s.confirmed_at),
    })),
    luckyDraw: entries.results.map((e) => ({
      edition: e.region,
      campaign: e.campaign,
      size: e.size,
      sizeChosenBy: e.size_chosen,
      enteredAt: iso(e.created_at)!,
    })),
    supportForms: forms.results.map((f) => ({
      reference: f.reference,
      kind: f.kind,
      edition: f.region,
      submittedAt: iso(f.created_at)!,
      fields: JSON.parse(f.fields) as Record<string, unknown>,
      attachments: (JSON.parse(f.attachments) as { name: string; type: string; size: number }[]).map(({ name, type, size }) => ({ name, type, size })),
    })),
  };
}

/**
 * Erases what is filed under a member's proven address beyond the account itself (decisions
 * 0040, 0054): their support forms and their attachments, their sign-ups and lucky-draw
 * entries (a draw not yet drawn goes on without them), each under exactly this address, and
 * the rate-limit counts keyed by it (by its hash: docs/decisions/0055). Deleted, not
 * anonymised: nothing of it is needed once the member is gone, and the counters the site
 * keeps (Analytics Engine) never held an address. The account's own rows go after, in one
 * transaction (AccountRecords.delete).
 */
export async function eraseMemberData(env: Bindings, email: string): Promise<void> {
  const key = await addressKey(email);
  const identity = drawIdentity(email)?.identity;
  for (const group of API_GROUPS) {
    const { db, bucket } = groupStorage(env, group);
    const forms = await formsOf(db, email);
    const keys = forms.flatMap((f) => (JSON.parse(f.attachments) as { key: string }[]).map((a) => a.key));
    if (keys.length) await bucket.delete(keys);
    await db.batch([
      ...forms.map((f) => db.prepare('DELETE FROM form_submissions WHERE id = ?1').bind(f.id)),
      // Mail kept for the address on local runs, in whichever group sent it (a draw's result goes from the draw's edition).
      db.prepare('DELETE FROM outbox WHERE recipient = ?1').bind(email),
      // Counts keyed by the address's hash (`account-address:<hash>`, `account-guess:<hash>|<client>`, the mail allowances).
      db
        .prepare(
          "DELETE FROM rate_limits WHERE key IN ('account-address:' || ?1, 'reset-mail:' || ?1, 'confirm-mail:' || ?1) OR substr(key, 1, length(?1) + 15) = 'account-guess:' || ?1 || '|'",
        )
        .bind(key),
    ]);
  }
  await env.DB.batch([
    env.DB.prepare('DELETE FROM subscriptions WHERE email = ?1').bind(email),
    env.DB.prepare('DELETE FROM lucky_draw_entries WHERE email = ?1').bind(email),
    env.DB.prepare('DELETE FROM lucky_draw_duplicates WHERE email = ?1').bind(email),
    // The draw's mail allowance is keyed by the identity's hash; this address's own goes.
    env.DB.prepare("DELETE FROM rate_limits WHERE key > 'lucky-draw-mail:' AND key < 'lucky-draw-mail;' AND substr(key, -length(?1)) = ?1").bind(
      identity ? await addressKey(identity) : key,
    ),
  ]);
}

/**
 * What an account whose address was never proven takes with it (docs/decisions/0054): the
 * newsletter sign-up it made itself (its box, since the account was made); nothing else filed
 * under the address, which may be another person's.
 */
export async function eraseAccountOwn(env: Bindings, member: Member): Promise<void> {
  await env.DB.prepare("DELETE FROM subscriptions WHERE email = ?1 AND source = 'account' AND created_at >= ?2").bind(member.email, member.created_at).run();
}
