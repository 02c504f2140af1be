import type { Handler } from 'hono';
import { CACHE } from '../cache';
import type { AppEnv } from '../context/types';
import { keptMail } from '../records/mail';

/**
 * GET /__outbox, locally only: the newest mail of every API group's outbox (password resets,
 * confirmations, lucky-draw results), as plain text with each one's kind and state (pending,
 * sending, sent, failed; decision 0064), so a developer can follow a reset link or read an
 * entry's result without a mail server. `?to=<address>`: only that address's newest mail.
 */
export const outboxHandler: Handler<AppEnv> = async (c) => {
  if (c.var.config.environment !== 'local') return c.notFound();
  const to = c.req.query('to');
  const mails = await keptMail(c.env, 20, to ? to.slice(0, 320) : undefined);
  const text = mails.length
    ? mails
        .map((m) => {
          const list = Object.entries(JSON.parse(m.headers) as Record<string, string>).map(([name, value]) => `${name}: ${value}\n`);
          const state = `${m.kind}, ${m.status}${m.attempts > 1 ? ` after ${m.attempts} attempts` : ''}`;
          return `To: ${m.recipient} (${m.group})\nDate: ${new Date(m.created_at).toISOString()}\nSubject: ${m.subject}\nOutbox: ${state}\n${list.join('')}\n${m.body}\n`;
        })
        .join('\n---\n\n')
    : 'No mail yet.\n';
  return c.text(text, 200, { 'Cache-Control': CACHE.none });
};
