import type { Handler } from 'hono';
import { SUBSCRIBE_SOURCES } from '../../../kernel/rules';
import { CACHE } from '../../cache';
import type { AppEnv } from '../../context/types';
import { pathWith } from '../../edition/redirect';
import { readInput } from '../../post/input';
import { subscribe } from '../../records/subscriptions';

/**
 * POST /account/user/subscribe/create from a browser's plain form post (the footer block,
 * the pre-launch block and the popup work without JavaScript): the subscribe form's action,
 * on the rule of worker/records/subscriptions.ts. Answered with a 303 back to the page it
 * came from, `?subscribe=<outcome>&source=<form>#<form>`, where that form shows the message.
 */
export const subscribeAction: Handler<AppEnv> = async (c) => {
  const input = await readInput(c);
  const { outcome } = await subscribe(c.env, input.fields, input.client, Date.now());
  const source = SUBSCRIBE_SOURCES.find((s) => s === input.fields.source) ?? 'footer';
  const next = typeof input.fields.next === 'string' ? input.fields.next : '/';
  c.header('Cache-Control', CACHE.none);
  return c.redirect(pathWith(next, { subscribe: outcome, source }, source), 303);
};
