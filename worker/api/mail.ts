import type { AccountRecords } from '../account/records';
import type { Bindings } from '../env';
import { configOf } from '../env';

/** A plain-text mail. */
export interface Mail {
  to: string;
  subject: string;
  body: string;
}

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** The mail as RFC 5322 text: UTF-8, the subject as an encoded word, the body base64 in 76-column lines. */
export function mime(from: string, mail: Mail, now: number): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: =?UTF-8?B?${base64(mail.subject)}?=`,
    `Date: ${new Date(now).toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1]}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    (base64(mail.body).match(/.{1,76}/g) ?? []).join('\r\n'),
  ].join('\r\n');
}

/**
 * Sends a mail through the `send_email` binding where it is configured, and keeps it in the
 * outbox (locally the outbox is where a developer reads it: /__outbox).
 */
export async function sendMail(env: Bindings, records: AccountRecords, mail: Mail, now: number): Promise<void> {
  await records.outbox(mail, now);
  if (!env.SEND_EMAIL) return;
  const from = configOf(env).mailFrom;
  const { EmailMessage } = await import('cloudflare:email');
  await env.SEND_EMAIL.send(new EmailMessage(from, mail.to, mime(from, mail, now)));
}
