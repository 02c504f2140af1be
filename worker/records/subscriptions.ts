import { z } from 'zod';
import { EDITIONS, REGIONS, type Region } from '../../content/editions';
import type { Translator } from '../../locales';
import { editionUrl, type Origins } from '../edition/paths';
import type { Bindings } from '../env';
import { groupStorage } from './groups';
import { sendMail, type MailReceipt } from './mail';
import { PACKS } from '../../content/packs';
import { EMAIL_MAX, normalizeEmail, SUBSCRIBE_SOURCES } from '../../kernel/rules';
import type { SubscribeOutcome } from '../../kernel/outcomes';
import { ProductKey } from '../../content/schema/catalogue';
import { allow } from './rate-limit';
import { logError } from '../log';
import { countEvent } from '../metrics';
import { base64url, sameSignature, sign } from '../signature';

/** A subscription request as sent, JSON or a form (docs/decisions/0005); every field capped. */
const SubscribeBody = z.object({
  /** The address to subscribe; normalised and checked by `normalizeEmail`. */
  email: z.string().max(EMAIL_MAX + 64),
  /** Edition the visitor subscribed from; picks the list and the reply's language. */
  region: z.enum(REGIONS),
  /** Which form it came from. */
  source: z.enum(SUBSCRIBE_SOURCES).default('footer'),
  /** Product the visitor wants news of (pre-launch block); one subscription per product. */
  product: ProductKey.optional(),
  /** A form post's page to go back to (same-origin path). */
  next: z.string().max(1024).optional(),
});

/** What became of a subscription request, and whether it made a new record. */
export interface Subscribed {
  outcome: SubscribeOutcome;
  created: boolean;
  /** A double opt-in sign-up waiting for its address: the confirmation to mail. */
  pending?: { id: number; email: string; region: Region };
}

/**
 * Subscribes an address to an edition's newsletter: validated, rate-limited per client, and
 * stored in D1 before it is acknowledged; a repeat of the same (email, region, source,
 * product) succeeds without a second record. A new record is counted (`subscription`).
 */
export async function subscribe(
  env: Pick<Bindings, 'DB' | 'METRICS' | 'CF_VERSION_METADATA'>,
  body: unknown,
  client: string,
  now: number,
): Promise<Subscribed> {
  const db = env.DB;
  const parsed = SubscribeBody.safeParse(body);
  const email = parsed.success ? normalizeEmail(parsed.data.email) : undefined;
  if (!parsed.success || !email) return { outcome: 'invalid', created: false };
  const { region, source, product } = parsed.data;
  // Double opt-in where the edition asks for it (decision 0033): stored pending until confirmed.
  const status = PACKS[region].consent.doubleOptIn ? 'pending' : 'confirmed';
  try {
    if (!(await allow(db, 'subscribe', client, now))) return { outcome: 'busy', created: false };
    const result = await db
      .prepare(
        'INSERT INTO subscriptions (email, region, source, product, created_at, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (email, region, source, product) DO NOTHING',
      )
      .bind(email, region, source, product ?? '', now, status)
      .run();
    const created = result.meta.changes > 0;
    if (created) countEvent(env, 'subscription', region, product ? 'product' : 'newsletter');
    if (status === 'confirmed') return { outcome: 'ok', created };
    // A new sign-up, or a repeat of one still pending, gets the mail (again); a confirmed one nothing.
    const row = await db
      .prepare("SELECT id FROM subscriptions WHERE email = ?1 AND region = ?2 AND source = ?3 AND product = ?4 AND status = 'pending'")
      .bind(email, region, source, product ?? '')
      .first<{ id: number }>();
    return { outcome: 'ok', created, ...(row ? { pending: { id: row.id, email, region } } : {}) };
  } catch (error) {
    logError('subscribe: D1 failed', error);
    return { outcome: 'error', created: false };
  }
}

/** The state of the newsletter sign-up an account made (its box, `source: 'account'`), if there is one. */
export async function accountSignUp(db: D1Database, email: string, region: Region): Promise<'pending' | 'confirmed' | undefined> {
  const row = await db
    .prepare("SELECT status FROM subscriptions WHERE email = ?1 AND region = ?2 AND source = 'account' AND product = ''")
    .bind(email, region)
    .first<{ status: 'pending' | 'confirmed' }>();
  return row?.status;
}

/** Withdraws the newsletter sign-up an account made (its box unticked); sign-ups from the pages' forms stay. */
export async function withdrawAccountSignUp(db: D1Database, email: string, region: Region): Promise<void> {
  await db.prepare("DELETE FROM subscriptions WHERE email = ?1 AND region = ?2 AND source = 'account' AND product = ''").bind(email, region).run();
}

/** How long a confirmation link works: 48 hours. */
export const CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** A sign-up never confirmed is deleted by the daily purge once it is 7 days old. */
export const PENDING_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const encoder = new TextEncoder();

/**
 * A confirmation token: `<row id>.<expiry, s>.<signature>`, the signature over the row, its
 * expiry and its address. It works once (the row is pending only until it is followed) and
 * until it expires; nothing of it is stored.
 */
async function confirmationToken(secret: string, pending: { id: number; email: string }, now: number): Promise<string> {
  const expires = Math.floor((now + CONFIRM_TTL_MS) / 1000);
  return `${pending.id}.${expires}.${await sign(secret, `confirm:${pending.id}:${expires}:${pending.email}`)}`;
}

/** What following a confirmation link did. */
export type Confirmation = { outcome: 'confirmed'; region: Region } | { outcome: 'expired' | 'invalid' };

/** Confirms a pending sign-up by its mailed token: once, before it expires. */
export async function confirmSubscription(
  env: Pick<Bindings, 'DB' | 'METRICS' | 'CF_VERSION_METADATA'>,
  secret: string,
  token: string,
  now: number,
): Promise<Confirmation> {
  const db = env.DB;
  const match = /^(\d{1,12})\.(\d{9,11})\.([\w-]{43})$/.exec(token);
  if (!match) return { outcome: 'invalid' };
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const row = await db
    .prepare("SELECT email, region FROM subscriptions WHERE id = ?1 AND status = 'pending'")
    .bind(Number(id))
    .first<{ email: string; region: Region }>();
  if (!row || !sameSignature(signature, await sign(secret, `confirm:${id}:${expires}:${row.email}`))) return { outcome: 'invalid' };
  if (Number(expires) * 1000 <= now) return { outcome: 'expired' };
  const done = await db
    .prepare("UPDATE subscriptions SET status = 'confirmed', confirmed_at = ?2 WHERE id = ?1 AND status = 'pending'")
    .bind(Number(id), now)
    .run();
  if (done.meta.changes === 0) return { outcome: 'invalid' };
  countEvent(env, 'confirmation', row.region);
  return { outcome: 'confirmed', region: row.region };
}

/** An unsubscribe token: the address and edition, signed; it does not expire (RFC 8058 links must keep working). */
async function unsubscribeToken(secret: string, email: string, region: Region): Promise<string> {
  const payload = base64url(encoder.encode(JSON.stringify([email, region])).buffer as ArrayBuffer);
  return `${payload}.${await sign(secret, `unsubscribe:${email}:${region}`)}`;
}

/** Removes every subscription of an address in an edition, by its token; whether the token was good. */
export async function unsubscribe(db: D1Database, secret: string, token: string): Promise<boolean> {
  const match = /^([\w-]{1,1400})\.([\w-]{43})$/.exec(token);
  if (!match) return false;
  let email: unknown, region: unknown;
  try {
    const text = new TextDecoder().decode(Uint8Array.from(atob(match[1]!.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0)));
    [email, region] = JSON.parse(text) as unknown[];
  } catch {
    return false;
  }
  if (typeof email !== 'string' || !REGIONS.includes(region as Region)) return false;
  if (!sameSignature(match[2]!, await sign(secret, `unsubscribe:${email}:${region as string}`))) return false;
  await db.prepare('DELETE FROM subscriptions WHERE email = ?1 AND region = ?2').bind(email, region).run();
  return true;
}

/** Deletes sign-ups never confirmed that are older than PENDING_TTL_MS (the daily Cron Trigger); how many. */
export async function purgePending(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare("DELETE FROM subscriptions WHERE status = 'pending' AND created_at <= ?1")
    .bind(now - PENDING_TTL_MS)
    .run();
  return result.meta.changes;
}

/**
 * Mails the confirmation of a pending sign-up, in the edition's words, through the outbox of its
 * API group (decisions 0033, 0064): the signed link, and, as every subscription mail, one-click
 * unsubscribe (which here withdraws the sign-up). Links are on the configured origins, never the
 * request's host. The receipt says whether the outbox took it; it is sent after the answer
 * (`defer`), else at once.
 */
export async function mailConfirmation(
  env: Bindings,
  words: { t: Translator['t']; origins: Origins; secret: string },
  pending: { id: number; email: string; region: Region },
  now: number,
  defer?: (work: Promise<unknown>) => void,
): Promise<MailReceipt> {
  const { t, origins, secret } = words;
  const link = `${editionUrl(pending.region, 'subscribe/confirm', origins)}?t=${await confirmationToken(secret, pending, now)}`;
  const url = `${editionUrl(pending.region, 'unsubscribe', origins)}?t=${await unsubscribeToken(secret, pending.email, pending.region)}`;
  return sendMail(
    env,
    groupStorage(env, EDITIONS[pending.region].apiGroup).db,
    {
      kind: 'confirmation',
      region: pending.region,
      to: pending.email,
      subject: t('privacy.mail.confirmSubject'),
      body: t('privacy.mail.confirmBody', { link }),
      unsubscribe: { url, line: t('privacy.mail.unsubscribeLine', { link: url }) },
      expiresAt: now + CONFIRM_TTL_MS,
    },
    now,
    defer,
  );
}
