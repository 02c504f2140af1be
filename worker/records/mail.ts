import { EDITIONS, type Region } from '../../content/editions';
import type { Bindings } from '../env';
import { configOf } from '../env';
import { logError, logWarning, scrub } from '../log';
import { countEvent } from '../metrics';
import { API_GROUPS, groupStorage } from './groups';

/**
 * Mail, through a durable outbox (docs/decisions/0064). Every mail is first a row in the
 * `outbox` table of its API group's database (an EU address stays in the EU, decision 0013),
 * committed before a page says it is on its way; the worker then tries it at once, and the
 * Cron Trigger retries what failed every minute, backing off, until it is sent, no longer worth
 * sending (a reset link's hour), or given up after `RETRY_DELAYS`. Each outcome is counted
 * (`mail`, detail `<kind>:<outcome>`) and a failure logged, never with the address. Deployed,
 * a sent mail's subject and body are blanked at once (a reset link is a credential) and its row
 * goes after 7 days; locally it stays whole for /__outbox.
 */

/** The Cron Trigger that sweeps the outbox (wrangler.toml [triggers]): every minute. */
export const MAIL_SWEEP_CRON = '* * * * *';

/** What a mail is about: the counters' detail, and the outbox's record of it. */
type MailKind = 'reset' | 'confirmation' | 'proof' | 'draw-result' | 'notify' | 'mail';

/** A plain-text mail. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
  /** What it is about (`mail` when unsaid). */
  kind?: MailKind;
  /** The edition it is written for (the counters' edition). */
  region?: Region;
  /** The language it is written in, BCP 47: its `Content-Language` (the edition's locale when unsaid). */
  language?: string;
  /** Makes a second enqueue of the same message the first (a double submit); unsaid, every enqueue is a new mail. */
  key?: string;
  /** When it stops being worth sending (ms): a reset link's hour. */
  expiresAt?: number;
  /**
   * The list the address is on, for mail about a subscription (decision 0033): its one-click
   * unsubscribe URL goes in `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058), and
   * `line` (a sentence ending in the URL) at the foot of the body, where a reader sees it.
   */
  unsubscribe?: { url: string; line: string };
}

/**
 * A message for the outbox, as every sender hands it (a product notification per confirmed
 * subscriber, a reset, a confirmation): what it is, to whom, in which edition and language,
 * and the key that makes a second enqueue of it the first.
 */
export interface OutboxMessage extends Mail {
  kind: MailKind;
  region: Region;
  language: string;
  key: string;
}

/** What became of an enqueue: taken by the outbox (or already there under its key), or not (its database could not take it). */
export type MailReceipt = { accepted: true; id: number; duplicate: boolean } | { accepted: false };

/** How long after each failed attempt the next is due: 1, 5, 15 and 60 minutes, then 4 hours; after the sixth attempt it is given up. */
export const RETRY_DELAYS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000] as const;
/** How long an attempt holds its row: past this a sweep may take it again (the isolate sending it died). */
const LEASE_MS = 2 * 60_000;
/** How long a sent or given-up mail's row stays (support can see it went), then the daily purge deletes it. */
const OUTBOX_TTL_MS = 7 * 24 * 60 * 60_000;
/** At most this many mails a sweep sends per database, a few at a time. */
const SWEEP_LIMIT = 200;
const SWEEP_CONCURRENCY = 8;

/** When the attempt after `attempts` failed ones is due, or undefined when it is given up. */
export function nextAttempt(attempts: number, now: number): number | undefined {
  const delay = RETRY_DELAYS[attempts - 1];
  return delay === undefined ? undefined : now + delay;
}

/** The list headers of a mail (RFC 2369, RFC 8058), if it is about a subscription. */
function listHeaders(mail: Pick<Mail, 'unsubscribe'>): Record<string, string> {
  if (!mail.unsubscribe) return {};
  return { 'List-Unsubscribe': `<${mail.unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The body as sent: the unsubscribe line at its foot when there is one. */
const bodyOf = (mail: Mail) => (mail.unsubscribe ? `${mail.body}\n\n--\n${mail.unsubscribe.line}` : mail.body);

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** A row of the outbox, as an attempt reads it. */
export interface OutboxRow {
  id: number;
  key: string | null;
  kind: MailKind;
  region: string;
  language: string;
  recipient: string;
  subject: string;
  body: string;
  /** The extra headers, JSON (the list headers). */
  headers: string;
  attempts: number;
  expires_at: number | null;
  created_at: number;
}

/** The mail as RFC 5322 text: UTF-8, the subject as an encoded word, its language, the body base64 in 76-column lines. */
export function mime(from: string, row: OutboxRow, now: number): string {
  return [
    `From: ${from}`,
    `To: ${row.recipient}`,
    `Subject: =?UTF-8?B?${base64(row.subject)}?=`,
    `Date: ${new Date(now).toUTCString()}`,
    // The row's key (or id) makes the Message-ID: a retry of one mail is the same message to a mail server.
    `Message-ID: <${row.key ? row.key.replace(/[^\w.-]/g, '.') : `outbox.${row.id}`}.${row.created_at}@${from.split('@')[1]}>`,
    ...(row.language ? [`Content-Language: ${row.language}`] : []),
    ...Object.entries(JSON.parse(row.headers) as Record<string, string>).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    (base64(row.body).match(/.{1,76}/g) ?? []).join('\r\n'),
  ].join('\r\n');
}

const RETURNED = 'id, key, kind, region, language, recipient, subject, body, headers, attempts, expires_at, created_at';

/** Counts an outcome of a mail (`mail`, `<kind>:<outcome>`), in its edition. */
const counted = (env: Bindings, kind: string, region: string, outcome: 'queued' | 'refused' | 'sent' | 'retry' | 'failed' | 'expired') =>
  countEvent(env, 'mail', region || undefined, `${kind}:${outcome}`);

/** Puts a mail in `db`'s outbox: its receipt (never a throw: a database that cannot take it is `accepted: false`, logged and counted). */
async function put(env: Bindings, db: D1Database, mail: Mail, now: number): Promise<MailReceipt> {
  const kind = mail.kind ?? 'mail';
  const region = mail.region ?? '';
  const language = mail.language ?? (mail.region ? EDITIONS[mail.region].locale : '');
  try {
    const inserted = await db
      .prepare(
        "INSERT INTO outbox (key, kind, region, language, recipient, subject, body, headers, status, attempts, next_at, expires_at, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'pending', 0, ?9, ?10, ?9) ON CONFLICT (key) DO NOTHING RETURNING id",
      )
      .bind(
        mail.key ?? crypto.randomUUID(),
        kind,
        region,
        language,
        mail.to,
        mail.subject,
        bodyOf(mail),
        JSON.stringify(listHeaders(mail)),
        now,
        mail.expiresAt ?? null,
      )
      .first<{ id: number }>();
    if (inserted) {
      counted(env, kind, region, 'queued');
      return { accepted: true, id: inserted.id, duplicate: false };
    }
    const first = await db
      .prepare('SELECT id FROM outbox WHERE key = ?1')
      .bind(mail.key ?? '')
      .first<{ id: number }>();
    return first ? { accepted: true, id: first.id, duplicate: true } : { accepted: false };
  } catch (error) {
    logError(`mail: the outbox refused a ${kind} mail`, error);
    counted(env, kind, region, 'refused');
    return { accepted: false };
  }
}

/**
 * Enqueues a message in the outbox of its edition's API group (docs/decisions/0064): the one
 * way a sender that mails many (a product notification to every confirmed subscriber) hands
 * mail over. It is sent by the next sweep, within a minute; its key makes a second enqueue
 * of it the first.
 */
export function enqueueMail(env: Bindings, message: OutboxMessage, now: number): Promise<MailReceipt> {
  return put(env, groupStorage(env, EDITIONS[message.region].apiGroup).db, message, now);
}

/**
 * Sends a mail through the outbox of the API group's database `db`: enqueued (the receipt
 * says whether the outbox took it, which is when a page may say "check your inbox"), then tried
 * at once, after the answer when `defer` is given (the request's `waitUntil`). A mail the
 * attempt cannot send waits for the sweep.
 */
export async function sendMail(env: Bindings, db: D1Database, mail: Mail, now: number, defer?: (work: Promise<unknown>) => void): Promise<MailReceipt> {
  const receipt = await put(env, db, mail, now);
  if (receipt.accepted && !receipt.duplicate) {
    const attempt = deliverMail(env, db, receipt.id, now).catch((error: unknown) => logError('mail: an attempt failed unexpectedly', error));
    if (defer) defer(attempt);
    else await attempt;
  }
  return receipt;
}

/** Takes one mail for an attempt, if it is due and no other attempt holds it. */
async function claim(db: D1Database, id: number, now: number): Promise<OutboxRow | null> {
  return db
    .prepare(
      `UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_at = ?2 WHERE id = ?1 AND status IN ('pending', 'sending') AND next_at <= ?3 RETURNING ${RETURNED}`,
    )
    .bind(id, now + LEASE_MS, now)
    .first<OutboxRow>();
}

/** Tries to send one mail now, if it is due: what became of it, or undefined when it was not this attempt's to make. */
async function deliverMail(env: Bindings, db: D1Database, id: number, now: number): Promise<'sent' | 'retry' | 'failed' | 'expired' | undefined> {
  const row = await claim(db, id, now);
  return row ? attempt(env, db, row, now) : undefined;
}

/** One attempt at a claimed mail, and the row's state after it. */
async function attempt(env: Bindings, db: D1Database, row: OutboxRow, now: number): Promise<'sent' | 'retry' | 'failed' | 'expired'> {
  const config = configOf(env);
  const local = config.environment === 'local';
  // Deployed, what was sent or given up keeps no subject or body: a reset link is a credential.
  const blank = local ? '' : ", subject = '', body = ''";
  if (row.expires_at !== null && row.expires_at <= now) {
    await db.prepare(`UPDATE outbox SET status = 'failed', last_error = 'expired'${blank} WHERE id = ?1`).bind(row.id).run();
    logWarning(`mail: a ${row.kind} mail expired before it could be sent (${row.attempts - 1} attempts)`);
    counted(env, row.kind, row.region, 'expired');
    return 'expired';
  }
  try {
    if (env.SEND_EMAIL) {
      const { EmailMessage } = await import('cloudflare:email');
      await env.SEND_EMAIL.send(new EmailMessage(config.mailFrom, row.recipient, mime(config.mailFrom, row, now)));
    } else if (!local) throw new Error('no send_email binding SEND_EMAIL');
    await db.prepare(`UPDATE outbox SET status = 'sent', sent_at = ?2, last_error = NULL${blank} WHERE id = ?1`).bind(row.id, now).run();
    counted(env, row.kind, row.region, 'sent');
    return 'sent';
  } catch (error) {
    const reason = scrub(error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 300);
    const next = nextAttempt(row.attempts, now);
    if (next === undefined) {
      await db.prepare(`UPDATE outbox SET status = 'failed', last_error = ?2${blank} WHERE id = ?1`).bind(row.id, reason).run();
      logError(`mail: a ${row.kind} mail was given up after ${row.attempts} attempts`, error);
      counted(env, row.kind, row.region, 'failed');
      return 'failed';
    }
    await db.prepare("UPDATE outbox SET status = 'pending', next_at = ?2, last_error = ?3 WHERE id = ?1").bind(row.id, next, reason).run();
    logWarning(`mail: a ${row.kind} mail could not be sent (attempt ${row.attempts}), retried at ${new Date(next).toISOString()}`, error);
    counted(env, row.kind, row.region, 'retry');
    return 'retry';
  }
}

/** What a sweep did, per outcome. */
export type SweepResult = Record<'sent' | 'retry' | 'failed' | 'expired', number>;

/**
 * The Cron Trigger's sweep, every minute: in every API group's database, the mails due (new
 * ones an attempt never took, retries whose time has come, attempts whose lease ran out), the
 * oldest first, at most `SWEEP_LIMIT` each, sent a few at a time.
 */
export async function sweepOutbox(env: Bindings, now: number): Promise<SweepResult> {
  const result: SweepResult = { sent: 0, retry: 0, failed: 0, expired: 0 };
  for (const group of API_GROUPS) {
    const { db } = groupStorage(env, group);
    let rows: OutboxRow[];
    try {
      rows = (
        await db
          .prepare(
            `UPDATE outbox SET status = 'sending', attempts = attempts + 1, next_at = ?1 WHERE id IN (SELECT id FROM outbox WHERE status IN ('pending', 'sending') AND next_at <= ?2 ORDER BY next_at LIMIT ?3) RETURNING ${RETURNED}`,
          )
          .bind(now + LEASE_MS, now, SWEEP_LIMIT)
          .all<OutboxRow>()
      ).results;
    } catch (error) {
      logError(`mail: the ${group} outbox could not be swept`, error);
      continue;
    }
    for (let i = 0; i < rows.length; i += SWEEP_CONCURRENCY)
      for (const outcome of await Promise.all(rows.slice(i, i + SWEEP_CONCURRENCY).map((row) => attempt(env, db, row, now)))) result[outcome] += 1;
  }
  return result;
}

/** The daily purge: sent and given-up mail older than `OUTBOX_TTL_MS` leaves every outbox; how many. */
export async function purgeOutbox(env: Bindings, now: number): Promise<number> {
  let purged = 0;
  for (const group of API_GROUPS) {
    const result = await groupStorage(env, group)
      .db.prepare("DELETE FROM outbox WHERE status IN ('sent', 'failed') AND created_at <= ?1")
      .bind(now - OUTBOX_TTL_MS)
      .run();
    purged += result.meta.changes;
  }
  return purged;
}

/** A mail kept in a local outbox, with the API group whose database holds it. */
interface KeptMail {
  recipient: string;
  subject: string;
  body: string;
  /** The list headers, JSON. */
  headers: string;
  kind: string;
  status: string;
  attempts: number;
  created_at: number;
  group: 'us' | 'eu' | 'cn';
}

/** The newest mail of every API group's outbox (local runs keep them whole), newest first; only one address's with `to`. */
export async function keptMail(env: Bindings, count = 20, to?: string): Promise<KeptMail[]> {
  const mails: KeptMail[] = [];
  for (const group of API_GROUPS) {
    const rows = await groupStorage(env, group)
      .db.prepare(
        `SELECT recipient, subject, body, headers, kind, status, attempts, created_at FROM outbox ${to === undefined ? '' : 'WHERE recipient = ?2 '}ORDER BY id DESC LIMIT ?1`,
      )
      .bind(count, ...(to === undefined ? [] : [to]))
      .all<Omit<KeptMail, 'group'>>();
    mails.push(...rows.results.map((r) => ({ ...r, group })));
  }
  return mails.sort((a, b) => b.created_at - a.created_at);
}
