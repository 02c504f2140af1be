import type { ApiGroup } from '../../content/editions';
import type { Bindings } from '../env';
import { drawIdentity } from '../records/draw-entries';
import { API_GROUPS, groupStorage } from '../records/groups';
import type { Member } from './records';

/**
 * A member's data (decision 0040): what the site holds tied to their address,
 * gathered for a copy (GDPR art. 15 and 20, PIPA, PIPL, APPI) and erased with the account.
 * Where each record lives: the member and their sessions in their API group's database; a
 * support form and its attachments in the group of the edition it was sent from (a German
 * member may write through the us support page), so every group's database is read and
 * swept; the newsletter sign-ups and lucky-draw entries in the shared database (decisions
 * 0005, 0019), the draw's by the entrant's identity too (`ann+draw@` is `ann@`, 0030).
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

/** Everything held tied to a member's address, as the copy they download. */
export async function memberCopy(env: Bindings, group: ApiGroup, member: Member, currentSession: string, now: number): Promise<MemberCopy> {
  const { db } = groupStorage(env, group);
  const email = member.email;
  const [sessions, subscriptions, entries, forms] = await Promise.all([
    db
      .prepare('SELECT id, created_at, revoked_at FROM sessions WHERE user_id = ?1 ORDER BY created_at')
      .bind(member.user_id)
      .all<{ id: string; created_at: number; revoked_at: number | null }>(),
    env.DB.prepare('SELECT region, source, product, status, created_at, confirmed_at FROM subscriptions WHERE email = ?1 ORDER BY created_at')
      .bind(email)
      .all<{ region: string; source: string; product: string; status: 'pending' | 'confirmed'; created_at: number; confirmed_at: number | null }>(),
    env.DB.prepare('SELECT region, campaign, size, size_chosen, created_at FROM lucky_draw_entries WHERE email = ?1 OR identity = ?2 ORDER BY created_at')
      .bind(email, drawIdentity(email)?.identity ?? email)
      .all<{ region: string; campaign: string; size: string; size_chosen: string; created_at: number }>(),
    Promise.all(
      API_GROUPS.map((g) =>
        groupStorage(env, g)
          .db.prepare('SELECT reference, kind, region, fields, attachments, created_at FROM form_submissions WHERE lower(email) = ?1')
          .bind(email)
          .all<{ reference: string; kind: string; region: string; fields: string; attachments: string; created_at: number }>(),
      ),
    ).then((all) => ({ results: all.flatMap((r) => r.results).sort((a, b) => a.created_at - b.created_at) })),
  ]);
  return {
    exportedAt: iso(now)!,
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
 * Erases what is tied to a member's address beyond the account itself (decision 0040): their
 * support forms and their attachments, their sign-ups and lucky-draw entries (a draw not yet
 * drawn goes on without them), and the rate-limit counts keyed by the address. Deleted, not
 * anonymised: nothing of it is needed once the member is gone, and the counters the site
 * keeps (Analytics Engine) never held an address. The account's own rows go after, in one
 * transaction (AccountRecords.delete).
 */
export async function eraseMemberData(env: Bindings, email: string): Promise<void> {
  for (const group of API_GROUPS) {
    const { db, bucket } = groupStorage(env, group);
    const forms = await db.prepare('SELECT attachments FROM form_submissions WHERE lower(email) = ?1').bind(email).all<{ attachments: string }>();
    const keys = forms.results.flatMap((f) => (JSON.parse(f.attachments) as { key: string }[]).map((a) => a.key));
    if (keys.length) await bucket.delete(keys);
    await db.batch([
      db.prepare('DELETE FROM form_submissions WHERE lower(email) = ?1').bind(email),
      // Counts keyed by the address (`account-address:<email>`, `account-guess:<email>|<client>`).
      db.prepare("DELETE FROM rate_limits WHERE key = 'account-address:' || ?1 OR substr(key, 1, length(?1) + 15) = 'account-guess:' || ?1 || '|'").bind(email),
    ]);
  }
  await env.DB.batch([
    env.DB.prepare('DELETE FROM subscriptions WHERE email = ?1').bind(email),
    env.DB.prepare('DELETE FROM lucky_draw_entries WHERE email = ?1 OR identity = ?2').bind(email, drawIdentity(email)?.identity ?? email),
    env.DB.prepare('DELETE FROM lucky_draw_duplicates WHERE email = ?1').bind(email),
  ]);
}
