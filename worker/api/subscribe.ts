import type { Context, Handler } from 'hono';
import { z } from 'zod';
import { REGIONS, type Region } from '../../content/editions';
import { EMAIL_MAX, normalizeEmail, SUBSCRIBE_SOURCES } from '../../kernel/rules';
import { OUTCOMES, type SubscribeOutcome } from '../../content/schema/api';
import { ProductKey } from '../../content/schema/catalogue';
import { createTranslator } from '../../locales';
import { CACHE } from '../cache';
import { store } from '../context/content';
import type { AppEnv } from '../context/types';
import { pathWith } from '../edition/redirect';
import { withinLimit } from './rate-limit';

/** The request body (DESIGN.md, "Calls and errors"); every field capped. */
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

const ClaimedRegion = z.object({ region: z.enum(REGIONS) });

/** The edition whose language answers: the body's region, else the `region` header, else us. */
function replyRegion(c: Context<AppEnv>, body: unknown): Region {
  return ClaimedRegion.safeParse(body).data?.region ?? z.enum(REGIONS).catch('us').parse(c.req.header('region'));
}

async function record(c: Context<AppEnv>, body: unknown): Promise<{ outcome: SubscribeOutcome; created: boolean }> {
  const parsed = SubscribeBody.safeParse(body);
  const email = parsed.success ? normalizeEmail(parsed.data.email) : undefined;
  if (!parsed.success || !email) return { outcome: 'invalid', created: false };
  const { region, source, product } = parsed.data;
  try {
    const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
    if (!(await withinLimit(c.env.DB, `subscribe:${client}`, Date.now()))) return { outcome: 'busy', created: false };
    const result = await c.env.DB.prepare(
      'INSERT INTO subscriptions (email, region, source, product, created_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email, region, source, product) DO NOTHING',
    )
      .bind(email, region, source, product ?? '', Date.now())
      .run();
    return { outcome: 'ok', created: result.meta.changes > 0 };
  } catch (error) {
    console.error('subscribe: D1 failed:', error instanceof Error ? error.message : error);
    return { outcome: 'error', created: false };
  }
}

async function formBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    // Repeated fields arrive as lists, which the schema then refuses.
    return await c.req.parseBody({ all: true });
  } catch {
    return {};
  }
}

/**
 * POST /account/user/subscribe/create (after `postGuard`). Validates at the edge,
 * rate-limits per client, and stores the subscription in D1 before answering; a repeat of
 * the same (email, region, source, product) succeeds without a second record.
 *
 * JSON in, the `{code, msg, data}` envelope out, in the edition's language. A plain HTML
 * form post (the footer block works without JavaScript) is answered with a 303 back to the
 * page it came from, `?subscribe=<outcome>&source=<form>#<form>`, where that form shows the
 * message.
 */
export const subscribeHandler: Handler<AppEnv> = async (c) => {
  c.header('Cache-Control', CACHE.none);
  const json = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json');
  if (!json) {
    const form = await formBody(c);
    const { outcome } = await record(c, form);
    const source = SUBSCRIBE_SOURCES.find((s) => s === form.source) ?? 'footer';
    return c.redirect(pathWith(typeof form.next === 'string' ? form.next : '/', { subscribe: outcome, source }, source), 303);
  }
  const body: unknown = await c.req.json().catch(() => null);
  const { outcome, created } = await record(c, body);
  const { t } = createTranslator(await store.bundle(c.env.CONTENT, replyRegion(c, body)));
  const { code, status, message } = OUTCOMES[outcome];
  return c.json({ code, msg: t(message) || t('common.api.message.default'), data: outcome === 'ok' ? { created } : {} }, status);
};
