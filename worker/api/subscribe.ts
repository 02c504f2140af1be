import type { Handler } from 'hono';
import { z } from 'zod';
import { isRegion, type Region } from '../../content/editions';
import { EMAIL_MAX, isEmail, SUBSCRIBE_SOURCES } from '../../content/rules';
import { ProductKey } from '../../content/schema/catalogue';
import { API_CODES } from '../../content/schema/api';
import { store } from '../bundle/middleware';
import type { AppEnv } from '../context';
import { createTranslator } from '../pages/site';
import { withinLimit } from './rate-limit';

/** The request body (DESIGN.md, "Calls and errors"). */
export const SubscribeBody = z.object({
  /** The address to subscribe. */
  email: z.string().max(EMAIL_MAX + 20),
  /** Edition the visitor subscribed from; picks the list and the reply's language. */
  region: z.string().refine(isRegion),
  /** Which form it came from. */
  source: z.enum(SUBSCRIBE_SOURCES).default('footer'),
  /** Product the visitor wants news of (pre-launch block). */
  product: ProductKey.optional(),
});

/** Error codes of this call, beside the shared 2000 success. */
export const SUBSCRIBE_CODES = { invalid: 4000, tooMany: 4029, unavailable: 5000 } as const;

/**
 * POST /account/user/subscribe/create. Validates at the edge, rate-limits per client, and
 * stores the subscription in D1 before answering; a repeat of the same (email, region,
 * source) succeeds without a second record. Every answer is in the edition's language.
 */
export const subscribeHandler: Handler<AppEnv> = async (c) => {
  c.header('Cache-Control', 'no-store');
  const body: unknown = await c.req.json().catch(() => null);
  const parsed = SubscribeBody.safeParse(body);
  const claimed = (body as { region?: unknown } | null)?.region;
  const region: Region = parsed.success ? (parsed.data.region as Region) : isRegion(String(claimed)) ? (claimed as Region) : isRegion(c.req.header('region')) ? (c.req.header('region') as Region) : 'us';
  const { t } = createTranslator(await store.bundle(c.env.CONTENT, region));
  const fail = (code: number, msg: string, status: 400 | 429 | 503) => c.json({ code, msg, data: {} }, status);

  if (!parsed.success || !isEmail(parsed.data.email)) return fail(SUBSCRIBE_CODES.invalid, t('common.subscribe.invalid'), 400);
  const { source, product } = parsed.data;
  const email = parsed.data.email.trim().toLowerCase();
  try {
    const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
    if (!(await withinLimit(c.env.DB, `subscribe:${client}`, Date.now()))) {
      return fail(SUBSCRIBE_CODES.tooMany, t('common.api.message.4029') || t('common.api.message.default'), 429);
    }
    const result = await c.env.DB.prepare(
      'INSERT INTO subscriptions (email, region, source, product, created_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email, region, source) DO NOTHING',
    )
      .bind(email, region, source, product ?? null, Date.now())
      .run();
    return c.json({ code: API_CODES.success, msg: t('common.subscribe.success'), data: { created: result.meta.changes > 0 } });
  } catch (error) {
    console.error('subscribe: D1 failed:', error instanceof Error ? error.message : error);
    return fail(SUBSCRIBE_CODES.unavailable, t('common.api.message.default'), 503);
  }
};
