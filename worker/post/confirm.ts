import type { Context } from 'hono';
import type { AppEnv } from '../context/types';
import { siteOrigins } from '../edition/origins';
import { logError } from '../log';
import { EDITIONS } from '../../content/editions';
import { groupStorage } from '../records/groups';
import { addressKey, allow } from '../records/rate-limit';
import { mailConfirmation } from '../records/subscriptions';
import { wordsOf } from './codes';

/**
 * Before a double opt-in sign-up is answered (decisions 0033, 0064): its confirmation mail, in
 * the edition's words, on the configured origins, put in the outbox, and sent after the answer.
 * Whether the outbox took it (undefined: nothing was to be sent), so the answer says "check
 * your inbox" only when it did; a failure is logged without the address. A few confirmation
 * mails a day go to one address, whoever asks (docs/decisions/0055): past them a repeat
 * sign-up is answered as the first was, whose mail is in the inbox, and mails nothing. The
 * JSON call and the plain form both come here.
 */
export async function confirmAfter<E extends AppEnv>(
  c: Context<E>,
  pending: { id: number; email: string; region: Parameters<typeof wordsOf>[1] } | undefined,
): Promise<boolean | undefined> {
  if (!pending) return undefined;
  const config = c.var.config;
  const origins = siteOrigins(new URL(c.req.url), config);
  const secret = config.sessionSecret;
  if (!origins || !secret) {
    logError('subscribe: no origin or secret to sign a confirmation link; none was sent');
    return false;
  }
  const defer = (work: Promise<unknown>) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // No execution context (a test calling the app directly): the attempt runs as the promise does.
    }
  };
  try {
    const now = Date.now();
    const { db } = groupStorage(c.env, EDITIONS[pending.region].apiGroup);
    if (!(await allow(db, 'confirm-mail', await addressKey(pending.email), now))) return undefined;
    const receipt = await mailConfirmation(c.env, { t: (await wordsOf(c, pending.region)).t, origins, secret }, pending, now, defer);
    return receipt.accepted;
  } catch (error) {
    logError('subscribe: confirmation mail failed', error instanceof Error ? error.name : 'error');
    return false;
  }
}
