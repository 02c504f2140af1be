import type { Context } from 'hono';
import type { AppEnv } from '../context/types';
import { siteOrigins } from '../edition/origins';
import { logError } from '../log';
import { mailConfirmation } from '../records/subscriptions';
import { wordsOf } from './codes';

/**
 * After a double opt-in sign-up is answered (decision 0033): its confirmation mail, in the
 * edition's words, on the configured origins; a failure is logged without the address. The
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
  const work = (async () => mailConfirmation(c.env, { t: (await wordsOf(c, pending.region)).t, origins, secret }, pending, Date.now()))().catch(
    (error: unknown) => logError('subscribe: confirmation mail failed', error instanceof Error ? error.name : 'error'),
  );
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a test calling the app directly): the mail goes as the promise runs.
  }
}
