import type { Context, Handler } from 'hono';
import { createElement } from 'react';
import { z } from 'zod';
import { EDITIONS } from '../../content/editions';
import {
  hasLuckyDraw,
  LUCKY_DRAW_CAMPAIGNS,
  LUCKY_DRAW_CODES,
  SIZE_RANGE,
  type LuckyDrawCampaign,
  type LuckyDrawOutcome,
  type LuckyDrawProblems,
  type LuckyDrawRegion,
  type LuckyDrawState,
  type ShirtSize,
} from '../../content/lucky-draw';
import { LuckyDrawBody, randomSize } from '../../kernel/lucky-draw';
import { findPage } from '../../content/pages';
import { EMAIL_MAX, normalizeEmail } from '../../kernel/rules';
import { CACHE } from '../cache';
import { pageLive } from '../clock/stage';
import { store } from '../context/content';
import { createSite, type Site } from '../context/site';
import type { After } from '../context/types';
import { LuckyDrawAnswer, luckyDrawCopy, LuckyDrawClosed } from '../pages/campaign/lucky-draw';
import { renderPage } from '../pages/respond';
import { viewFor } from '../pages/registry';
import { withinLimit } from './rate-limit';

type Env = After<'origins' | 'now' | 'previewing'>;

/** What an entry came to, before it is put into words. */
interface Result {
  outcome: LuckyDrawOutcome;
  /** The size on record (entered, already). */
  size?: ShirtSize;
  /** Whether the server picked the size (entered, already). */
  random?: boolean;
  /** Fields to correct (invalid). */
  fields?: LuckyDrawProblems;
}

/** The body as sent, JSON or a form, or undefined when it is neither an object nor a form. */
async function readBody(c: Context<Env>, json: boolean): Promise<Record<string, unknown> | undefined> {
  try {
    if (json) {
      const body: unknown = await c.req.json();
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    }
    // Repeated fields arrive as lists, which the schema then refuses.
    return await c.req.parseBody({ all: true });
  } catch {
    return undefined;
  }
}

const Claimed = z.object({
  region: z.string().refine(hasLuckyDraw).catch('us'),
  campaign: z.enum(LUCKY_DRAW_CAMPAIGNS).catch('black-friday'),
});

/** Which edition answers and which draw it is about: the body's, else the `region` header's, else us. */
function claimed(c: Context<Env>, body: Record<string, unknown> | undefined): { region: LuckyDrawRegion; campaign: LuckyDrawCampaign } {
  const header = c.req.header('region');
  const fallback = header && hasLuckyDraw(header) ? header : 'us';
  const region = typeof body?.region === 'string' && hasLuckyDraw(body.region) ? body.region : fallback;
  return { region: region as LuckyDrawRegion, campaign: Claimed.parse(body ?? {}).campaign };
}

/** Records the entry (or finds the one on record) and says what became of it. */
async function enter(c: Context<Env>, site: Site, body: Record<string, unknown> | undefined): Promise<Result> {
  const parsed = LuckyDrawBody.safeParse(body);
  if (!parsed.success) {
    // Name the fields a visitor can correct; a missing or tampered region or campaign (the
    // form sends both hidden) names none.
    const fields: LuckyDrawProblems = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      const given = body?.[String(field)];
      const blank = given === undefined || (typeof given === 'string' && given.trim() === '');
      if (field === 'size') fields.size = 'invalid';
      if (field === 'email') fields.email = blank ? 'required' : 'invalid';
    }
    return { outcome: 'invalid', fields };
  }
  const { region, campaign, email: given, size: chosen } = parsed.data;
  const page = findPage(campaign);
  // The draw is open exactly while its campaign page is live in this edition, by the page
  // step's own rule at the same effective now (a preview included).
  if (!page || !page.regions.includes(region) || !pageLive(page, site.schedule, region, site.now)) return { outcome: 'closed' };
  const fields: LuckyDrawProblems = {};
  const email = normalizeEmail(given);
  if (!email) fields.email = given.trim() === '' ? 'required' : 'invalid';
  if (chosen && !SIZE_RANGE[region].includes(chosen)) fields.size = 'invalid';
  if (!email || fields.size) return { outcome: 'invalid', fields };

  try {
    const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
    if (!(await withinLimit(c.env.DB, `lucky-draw:${client}`, Date.now()))) return { outcome: 'busy' };
    const size = chosen ?? randomSize(region, () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32);
    const random = chosen === undefined;
    const result = await c.env.DB.prepare(
      'INSERT INTO lucky_draw_entries (email, region, campaign, size, size_chosen, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (email, region, campaign) DO NOTHING',
    )
      .bind(email, region, campaign, size, random ? 'random' : 'visitor', Date.now())
      .run();
    if (result.meta.changes > 0) return { outcome: 'entered', size, random };
    // Entered before: one record, and the answer names the size on record.
    const first = await c.env.DB.prepare('SELECT size, size_chosen FROM lucky_draw_entries WHERE email = ?1 AND region = ?2 AND campaign = ?3')
      .bind(email, region, campaign)
      .first<{ size: ShirtSize; size_chosen: string }>();
    return { outcome: 'already', size: first?.size ?? size, random: first ? first.size_chosen === 'random' : random };
  } catch (error) {
    console.error('lucky-draw: D1 failed:', error instanceof Error ? error.message : error);
    return { outcome: 'error' };
  }
}

/** The message of a result, in the edition's language. */
function messageOf(site: Site, result: Result): string {
  const { t } = site;
  const copy = luckyDrawCopy(site);
  switch (result.outcome) {
    case 'entered':
      return t(result.random ? 'lucky-draw.enteredRandom' : 'lucky-draw.entered', { size: result.size! });
    case 'already':
      return t('lucky-draw.already', { size: result.size! });
    case 'invalid':
      if (result.fields?.email) return copy.errors.email[result.fields.email];
      if (result.fields?.size) return copy.errors.size;
      return t('common.api.message.4000') || t('common.api.message.default');
    case 'closed':
      return t('lucky-draw.closed');
    case 'busy':
      return t('common.api.message.4029') || t('common.api.message.default');
    case 'error':
      return t('common.api.message.default');
  }
}

/**
 * POST /campaign/lucky-draw (after `postGuard`): an entry in a campaign's lucky draw,
 * `{region, campaign, email, size?}` as JSON or a plain form post. Validated at the edge,
 * accepted only while the campaign page is live in that edition, rate-limited per client
 * like the newsletter, and stored in D1 before it is acknowledged; one entry per (email,
 * region, campaign), a repeat answers the size on record. Without a size the server picks
 * one at random from the region's range and says which.
 *
 * JSON callers get the `{code, msg, data}` envelope (`data`: `{created, size, random}`, or
 * `{fields}` naming what to correct). A form post (the form works without JavaScript) is
 * answered with the campaign page itself, the form showing the visitor's values and the
 * message beside the field, or the confirmation.
 */
export const luckyDrawHandler: Handler<Env> = async (c) => {
  const json = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json');
  const body = await readBody(c, json);
  const { region, campaign } = claimed(c, body);
  const [bundle, schedule] = await Promise.all([store.bundle(c.env.CONTENT, region), store.schedule(c.env.CONTENT)]);
  const resolved = createSite(c, {
    origins: c.var.origins,
    edition: EDITIONS[region],
    slug: campaign,
    bundle,
    schedule,
    now: c.var.now,
    previewing: c.var.previewing,
  });
  // The answer is the campaign page: its links, forms and canonical are the page's own.
  const site: Site = { ...resolved, url: new URL(resolved.href(`/${campaign}`), resolved.url.origin) };
  const result = await enter(c, site, body);
  const message = messageOf(site, result);
  const { code, status } = LUCKY_DRAW_CODES[result.outcome];

  if (json) {
    const data =
      result.outcome === 'entered' || result.outcome === 'already'
        ? { created: result.outcome === 'entered', size: result.size, random: result.random }
        : result.fields && Object.keys(result.fields).length > 0
          ? { fields: result.fields }
          : {};
    return c.json({ code, msg: message, data }, status, { 'Cache-Control': CACHE.none });
  }

  const sent = (name: string) => (typeof body?.[name] === 'string' ? (body[name] as string).slice(0, EMAIL_MAX + 64) : '');
  const state: LuckyDrawState = { outcome: result.outcome, message, fields: result.fields, email: sent('email'), size: sent('size') };
  const page = findPage(campaign)!;
  const view = viewFor(page);
  const answered =
    result.outcome === 'closed'
      ? { ...view, render: () => createElement(LuckyDrawClosed, { message }), islands: [] }
      : {
          ...view,
          render: () => createElement(LuckyDrawAnswer, { value: { campaign, state } }, view.render()),
        };
  const page200 = await renderPage(c, { ...site, page }, page, answered);
  const headers = new Headers(page200.headers);
  headers.set('Cache-Control', CACHE.none);
  return new Response(page200.body, { status, headers });
};
