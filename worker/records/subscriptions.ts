import { z } from 'zod';
import { REGIONS } from '../../content/editions';
import { EMAIL_MAX, normalizeEmail, SUBSCRIBE_SOURCES } from '../../kernel/rules';
import type { SubscribeOutcome } from '../../content/schema/api';
import { ProductKey } from '../../content/schema/catalogue';
import { allow } from './rate-limit';
import type { Bindings } from '../env';
import { logError } from '../log';
import { countEvent } from '../metrics';

/** A subscription request as sent, JSON or a form (docs/decisions/0005); every field capped. */
const SubscribeBody = z.object({
  /** The address to subscribe; normalised and checked by `normalizeEmail`. */
  email: z.string().max(EMAIL_MAX + 64),
  /** Edition the visitor subscribed from; picks the list and the reply's language. */
  region: z.enum(REGIONS),
  /** Which form it came from. */
  source: z.enum(SUBSCRIBE_SOURCES).default('footer'),
  /** Product the visitor wants news of (pre-launch block); one subscription per product. */
  product: ProductKey.optional(),
  /** A form post's page to go back to (same-origin path). */
  next: z.string().max(1024).optional(),
});

/** What became of a subscription request, and whether it made a new record. */
interface Subscribed {
  outcome: SubscribeOutcome;
  created: boolean;
}

/**
 * Subscribes an address to an edition's newsletter: validated, rate-limited per client, and
 * stored in D1 before it is acknowledged; a repeat of the same (email, region, source,
 * product) succeeds without a second record. A new record is counted (`subscription`).
 */
export async function subscribe(env: Pick<Bindings, 'DB' | 'METRICS' | 'CF_VERSION_METADATA'>, body: unknown, client: string, now: number): Promise<Subscribed> {
  const db = env.DB;
  const parsed = SubscribeBody.safeParse(body);
  const email = parsed.success ? normalizeEmail(parsed.data.email) : undefined;
  if (!parsed.success || !email) return { outcome: 'invalid', created: false };
  const { region, source, product } = parsed.data;
  try {
    if (!(await allow(db, 'subscribe', client, now))) return { outcome: 'busy', created: false };
    const result = await db
      .prepare(
        'INSERT INTO subscriptions (email, region, source, product, created_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email, region, source, product) DO NOTHING',
      )
      .bind(email, region, source, product ?? '', now)
      .run();
    const created = result.meta.changes > 0;
    if (created) countEvent(env, 'subscription', region, product ? 'product' : 'newsletter');
    return { outcome: 'ok', created };
  } catch (error) {
    logError('subscribe: D1 failed', error);
    return { outcome: 'error', created: false };
  }
}
