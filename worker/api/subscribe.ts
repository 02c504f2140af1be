import type { Context, Handler } from 'hono';
import { z } from 'zod';
import { isRegion, type Region } from '../../content/editions';
import { EMAIL_MAX, isEmail, SUBSCRIBE_SOURCES } from '../../content/rules';
import { ProductKey } from '../../content/schema/catalogue';
import { OUTCOMES, type SubscribeOutcome } from '../../content/schema/api';
import { createTranslator } from '../../locales';
import { CACHE } from '../cache';
import { store } from '../context/content';
import type { AppEnv } from '../context/types';
import { safeNext } from '../edition/redirect';
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

async function record(c: Context<AppEnv>, body: unknown): Promise<{ region: Region; outcome: SubscribeOutcome; created: boolean }> {
  const parsed = SubscribeBody.safeParse(body);
  const claimed = String((body as { region?: unknown } | null)?.region);
  const region: Region = isRegion(claimed) ? claimed : isRegion(c.req.header('region')) ? (c.req.header('region') as Region) : 'us';
  if (!parsed.success || !isEmail(parsed.data.email)) return { region, outcome: 'invalid', created: false };
  const { source, product } = parsed.data;
  const email = parsed.data.email.trim().toLowerCase();
  try {
    const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
    if (!(await withinLimit(c.env.DB, `subscribe:${client}`, Date.now()))) return { region, outcome: 'busy', created: false };
    const result = await c.env.DB.prepare(
      'INSERT INTO subscriptions (email, region, source, product, created_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email, region, source) DO NOTHING',
    )
      .bind(email, region, source, product ?? null, Date.now())
      .run();
    return { region, outcome: 'ok', created: result.meta.changes > 0 };
  } catch (error) {
    console.error('subscribe: D1 failed:', error instanceof Error ? error.message : error);
    return { region, outcome: 'error', created: false };
  }
}

/**
 * POST /account/user/subscribe/create. Validates at the edge, rate-limits per client, and
 * stores the subscription in D1 before answering; a repeat of the same (email, region,
 * source) succeeds without a second record.
 *
 * JSON in, the `{code, msg, data}` envelope out, in the edition's language. A plain HTML
 * form post (the footer block works without JavaScript) is answered with a 303 back to
 * the page it came from, `?subscribe=<outcome>&source=<form>#<form>`, where that form shows the message.
 */
export const subscribeHandler: Handler<AppEnv> = async (c) => {
  c.header('Cache-Control', CACHE.none);
  const type = c.req.header('Content-Type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const { outcome } = await record(c, form);
    const source = SUBSCRIBE_SOURCES.find((s) => s === form.source) ?? 'footer';
    const back = new URL(safeNext(typeof form.next === 'string' ? form.next : undefined), 'http://x');
    back.searchParams.set('subscribe', outcome);
    back.searchParams.set('source', source);
    back.hash = source;
    return c.redirect(`${back.pathname}${back.search}${back.hash}`, 303);
  }
  const body: unknown = await c.req.json().catch(() => null);
  const { region, outcome, created } = await record(c, body);
  const { t } = createTranslator(await store.bundle(c.env.CONTENT, region));
  const { code, status, message } = OUTCOMES[outcome];
  const msg = t(message) || t('common.api.message.default');
  return c.json({ code, msg, data: outcome === 'ok' ? { created } : {} }, status);
};
