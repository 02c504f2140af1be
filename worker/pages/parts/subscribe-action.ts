import type { Context, Handler } from 'hono';
import type { SubscribeOutcome } from '../../../kernel/outcomes';
import { SUBSCRIBE_SOURCES } from '../../../kernel/rules';
import { CACHE } from '../../cache';
import type { After, AppEnv } from '../../context/types';
import { pathWith } from '../../edition/redirect';
import { confirmAfter } from '../../post/confirm';
import { readInput } from '../../post/input';
import { postedToken } from '../mail-link-page';
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
 * POST /{region}/subscribe/confirm (the China edition: /subscribe/confirm), the button of the
 * page a double opt-in mail's link opens (decision 0033; the GET only shows the page,
 * docs/decisions/0054). It confirms the sign-up once, before it expires, and goes to the
 * edition's home, whose footer says whether it did.
 */
export const confirmAction: Handler<After<'site'>> = async (c) => {
  const secret = c.var.config.sessionSecret;
  const token = postedToken((await readInput(c)).fields, c.req.query('t'));
  const result = secret ? await confirmSubscription(c.env, secret, token, Date.now()) : { outcome: 'invalid' as const };
  return footerWith(c, result.outcome === 'confirmed' ? 'confirmed' : 'expired');
};

/**
 * POST /{region}/unsubscribe?t=… from a subscription mail: a mail client's one-click POST
 * (RFC 8058: `List-Unsubscribe=One-Click`, answered 200 in plain text), or the button of the
 * page the visible link opens (the GET only shows it, docs/decisions/0054), which then shows
 * the edition's footer saying so.
 */
export const unsubscribeAction: Handler<After<'site'>> = async (c) => {
  const secret = c.var.config.sessionSecret;
  const { fields } = await readInput(c);
  const done = secret ? await unsubscribe(c.env.DB, secret, postedToken(fields, c.req.query('t'))) : false;
  if (fields['List-Unsubscribe'] === 'One-Click') return c.text(done ? 'Unsubscribed.' : 'Unknown link.', done ? 200 : 400, { 'Cache-Control': CACHE.none });
  return footerWith(c, done ? 'unsubscribed' : 'expired');
};
