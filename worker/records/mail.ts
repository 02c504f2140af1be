import type { Bindings } from '../env';
import { configOf } from '../env';
import { logError } from '../log';

/** A plain-text mail. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
  /**
   * The list the address is on, for mail about a subscription (decision 0033): its one-click
   * unsubscribe URL goes in `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058), and
   * `line` (a sentence ending in the URL) at the foot of the body, where a reader sees it.
   */
  unsubscribe?: { url: string; line: string };
}

/** The list headers of a mail (RFC 2369, RFC 8058), if it is about a subscription. */
function listHeaders(mail: Mail): Record<string, string> {
  if (!mail.unsubscribe) return {};
  return { 'List-Unsubscribe': `<${mail.unsubscribe.url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The body as sent: the unsubscribe line at its foot when there is one. */
const bodyOf = (mail: Mail) => (mail.unsubscribe ? `${mail.body}\n\n--\n${mail.unsubscribe.line}` : mail.body);

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** The mail as RFC 5322 text: UTF-8, the subject as an encoded word, the body base64 in 76-column lines. */
function mime(from: string, mail: Mail, now: number): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: =?UTF-8?B?${base64(mail.subject)}?=`,
    `Date: ${new Date(now).toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1]}>`,
    ...Object.entries(listHeaders(mail)).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    (base64(bodyOf(mail)).match(/.{1,76}/g) ?? []).join('\r\n'),
  ].join('\r\n');
}

/**
 * Sends a mail through the `send_email` binding. Local runs also keep it in the outbox of
 * the API group's database `db`,
 * where a developer reads it (/__outbox); elsewhere nothing is kept: a reset link is a
 * credential, and the database holds only its hash. Without the binding outside local runs
 * the mail cannot go, and the log says so (never the address).
 */
export async function sendMail(env: Bindings, db: D1Database, mail: Mail, now: number): Promise<void> {
  const config = configOf(env);
  if (config.environment === 'local') {
    await db
      .prepare('INSERT INTO outbox (recipient, subject, body, headers, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
      .bind(mail.to, mail.subject, bodyOf(mail), JSON.stringify(listHeaders(mail)), now)
      .run();
  }
  if (!env.SEND_EMAIL) {
    if (config.environment !== 'local') logError('mail: no send_email binding, a mail was not sent');
    return;
  }
  const from = config.mailFrom;
  const { EmailMessage } = await import('cloudflare:email');
  await env.SEND_EMAIL.send(new EmailMessage(from, mail.to, mime(from, mail, now)));
}

/** A mail kept in a local outbox, with the API group whose database holds it. */
interface KeptMail {
  recipient: string;
  subject: string;
  body: string;
  /** The list headers, JSON. */
  headers: string;
  created_at: number;
  group: 'us' | 'eu' | 'cn';
}

/** The newest mail of every API group's outbox (local runs keep them), newest first. */
export async function keptMail(env: Bindings, count = 20): Promise<KeptMail[]> {
  const mails: KeptMail[] = [];
  for (const [group, db] of [
    ['us', env.ACCOUNTS_US],
    ['eu', env.ACCOUNTS_EU],
    ['cn', env.ACCOUNTS_CN],
  ] as const) {
    const rows = await db
      .prepare('SELECT recipient, subject, body, headers, created_at FROM outbox ORDER BY id DESC LIMIT ?1')
      .bind(count)
      .all<Omit<KeptMail, 'group'>>();
    mails.push(...rows.results.map((r) => ({ ...r, group })));
  }
  return mails.sort((a, b) => b.created_at - a.created_at);
}
