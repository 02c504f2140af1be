import type { Handler } from 'hono';
import { createElement } from 'react';
import { EDITIONS } from '../../../content/editions';
import { LUCKY_DRAW_CAMPAIGNS, LUCKY_DRAW_REGIONS, type LuckyDrawState } from '../../../content/lucky-draw';
import { LUCKY_DRAW_CODES } from '../../../kernel/outcomes';
import { findPage } from '../../../content/pages';
import { EMAIL_MAX } from '../../../kernel/rules';
import { CACHE } from '../../cache';
import { store } from '../../context/content';
import { createSite, type Site } from '../../context/site';
import type { After } from '../../context/types';
import { STATUS } from '../../post/codes';
import { callerOf, claimedRegion, readInput } from '../../post/input';
import { drawMessage, enterDraw } from '../../records/draw-entries';
import { viewFor } from '../registry';
import { renderPage } from '../respond';
import { LuckyDrawAnswer, LuckyDrawClosed } from './lucky-draw';

/**
 * POST /campaign/lucky-draw from a browser's plain form post (the form works without
 * JavaScript): the campaign page's action, on the rule of worker/records/draw-entries.ts at
 * the effective now. The answer is the campaign page itself, never stored, its form showing
 * the visitor's values and the message beside the field, or the confirmation; once the
 * campaign is over, the message and the way home.
 */
export const luckyDrawAction: Handler<After<'origins' | 'now' | 'previewing'>> = async (c) => {
  const input = await readInput(c);
  const region = claimedRegion(c, input, LUCKY_DRAW_REGIONS, 'us');
  const campaign = LUCKY_DRAW_CAMPAIGNS.find((name) => name === input.fields.campaign) ?? 'black-friday';
  const [bundle, schedule] = await Promise.all([store.bundle(c.env.CONTENT, region, c.var.config.release), store.schedule(c.env.CONTENT, c.env.DB)]);
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
  const result = await enterDraw(input.readable ? input.fields : undefined, {
    ...callerOf(c, input.fields['cf-turnstile-response']),
    schedule,
    now: c.var.now,
    words: () => Promise.resolve(site.t),
  });
  const message = drawMessage(site.t, region, result);

  const sent = (name: string) => (typeof input.fields[name] === 'string' ? (input.fields[name] as string).slice(0, EMAIL_MAX + 64) : '');
  const state: LuckyDrawState = { outcome: result.outcome, message, fields: result.fields, email: sent('email'), size: sent('size') };
  const page = findPage(campaign)!;
  const view = viewFor(page);
  const answered =
    result.outcome === 'closed'
      ? { ...view, render: () => createElement(LuckyDrawClosed, { message }), islands: [] }
      : { ...view, render: () => createElement(LuckyDrawAnswer, { value: { campaign, state } }, view.render()) };
  const rendered = await renderPage(c, { ...site, page }, page, answered);
  const headers = new Headers(rendered.headers);
  headers.set('Cache-Control', CACHE.none);
  return new Response(rendered.body, { status: STATUS[LUCKY_DRAW_CODES[result.outcome]], headers });
};
