import type { Context, Handler } from 'hono';
import type { SubscribeOutcome } from '../../../content/schema/api';
import { SUBSCRIBE_SOURCES } from '../../../kernel/rules';
import { CACHE } from '../../cache';
import type { After, AppEnv } from '../../context/types';
import { pathWith } from '../../edition/redirect';
import { confirmAfter } from '../../post/confirm';
import { readInput } from '../../post/input';
import { confirmSubscription, subscribe, unsubscribe } from '../../records/subscriptions';

/**
 * POST /account/user/subscribe/create from a browser's plain form post (the footer block,
 * the pre-launch block and the popup work without JavaScript): the subscribe form's action,
 * on the rule of worker/records/subscriptions.ts. Answered with a 303 back to the page it
 * came from, `?subscribe=<outcome>&source=<form>#<form>`, where that form shows the message.
 */
export const subscribeAction: Handler<AppEnv> = async (c) => {
  const input = await readInput(c);
  const subscribed = await subscribe(c.env, input.fields, input.client, Date.now());
  // Stored, but its confirmation mail not taken by the outbox: the form says so and offers to send it again.
  const outcome = (await confirmAfter(c, subscribed.pending)) === false ? 'unsent' : subscribed.outcome;
  const source = SUBSCRIBE_SOURCES.find((s) => s === input.fields.source) ?? 'footer';
  const next = typeof input.fields.next === 'string' ? input.fields.next : '/';
  c.header('Cache-Control', CACHE.none);
  return c.redirect(pathWith(next, { subscribe: outcome, source }, source), 303);
};

/** Back to the edition's footer form, which says what happened (`?subscribe=<outcome>`). */
const footerWith = (c: Context<After<'site'>>, outcome: SubscribeOutcome) => {
  c.header('Cache-Control', CACHE.none);
  return c.redirect(pathWith(c.var.site.href('/'), { subscribe: outcome, source: 'footer' }, 'footer'), 303);
};

/**
 * GET /{region}/subscribe/confirm?t=… (the China edition: /subscribe/confirm): the link of a
 * double opt-in mail (decision 0033). It confirms the sign-up once, before it expires, and
 * goes to the edition's home, whose footer says whether it did.
 */
export const confirmAction: Handler<After<'site'>> = async (c) => {
  const secret = c.var.config.sessionSecret;
  const result = secret ? await confirmSubscription(c.env, secret, c.req.query('t') ?? '', Date.now()) : { outcome: 'invalid' as const };
  return footerWith(c, result.outcome === 'confirmed' ? 'confirmed' : 'expired');
};

/**
 * /{region}/unsubscribe?t=… from a subscription mail: one POST does it (RFC 8058: a mail
 * client's `List-Unsubscribe=One-Click`, answered 200), and so does the visible link
 * (GET, or a browser's form post), which then shows the edition's footer saying so.
 */
export const unsubscribeAction: Handler<After<'site'>> = async (c) => {
  const secret = c.var.config.sessionSecret;
  const done = secret ? await unsubscribe(c.env.DB, secret, c.req.query('t') ?? '') : false;
  if (c.req.method === 'POST') {
    const { fields } = await readInput(c);
    if (fields['List-Unsubscribe'] === 'One-Click') return c.text(done ? 'Unsubscribed.' : 'Unknown link.', done ? 200 : 400, { 'Cache-Control': CACHE.none });
  }
  return footerWith(c, done ? 'unsubscribed' : 'expired');
};
