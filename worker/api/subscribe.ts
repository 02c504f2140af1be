import type { Handler } from 'hono';
import { REGIONS } from '../../content/editions';
import { OUTCOMES } from '../../kernel/outcomes';
import type { AppEnv } from '../context/types';
import { envelope, wordsOf } from '../post/codes';
import { confirmAfter } from '../post/confirm';
import { claimedRegion, readInput } from '../post/input';
import { subscribe } from '../records/subscriptions';

/**
 * POST /account/user/subscribe/create as a call (`{email, region, source, product?}`): the
 * rule of worker/records/subscriptions.ts, answered in the envelope in the edition's
 * language (`data.created` says whether it made a new record).
 */
export const subscribeApi: Handler<AppEnv> = async (c) => {
  const input = await readInput(c);
  const subscribed = await subscribe(c.env, input.fields, input.client, Date.now());
  const { created } = subscribed;
  // Stored, but its confirmation mail not taken by the outbox: the answer says so, never "check your inbox".
  const outcome = (await confirmAfter(c, subscribed.pending)) === false ? 'unsent' : subscribed.outcome;
  const region = claimedRegion(c, input, REGIONS, 'us');
  const { t } = await wordsOf(c, region);
  const { code, message } = OUTCOMES[outcome];
  return envelope(c, region, code, outcome === 'ok' ? { created } : {}, t(message) || t('common.api.message.default'));
};
