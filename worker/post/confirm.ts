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
 * After a double opt-in sign-up is answered (decision 0033): its confirmation mail, in the
 * edition's words, on the configured origins, a few a day per address at most; a failure is logged without the address. The
 * JSON call and the plain form both come here.
 */
export function confirmAfter<E extends AppEnv>(c: Context<E>, pending: { id: number; email: string; region: Parameters<typeof wordsOf>[1] } | undefined): void {
  if (!pending) return;
  const config = c.var.config;
  const origins = siteOrigins(new URL(c.req.url), config);
  const secret = config.sessionSecret;
  if (!origins || !secret) {
    logError('subscribe: no origin or secret to sign a confirmation link; none was sent');
    return;
  }
  const work = (async () => {
    // A few confirmation mails a day to one address, whoever asks (docs/decisions/0055): past
    // them a repeat sign-up is answered the same, and mails nothing.
    const now = Date.now();
    const { db } = groupStorage(c.env, EDITIONS[pending.region].apiGroup);
    if (!(await allow(db, 'confirm-mail', await addressKey(pending.email), now))) return;
    await mailConfirmation(c.env, { t: (await wordsOf(c, pending.region)).t, origins, secret }, pending, now);
  })().catch((error: unknown) => logError('subscribe: confirmation mail failed', error instanceof Error ? error.name : 'error'));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a test calling the app directly): the mail goes as the promise runs.
  }
}
