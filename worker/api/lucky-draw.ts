import type { Handler } from 'hono';
import { LUCKY_DRAW_REGIONS } from '../../content/lucky-draw';
import { LUCKY_DRAW_CODES } from '../../kernel/outcomes';
import { store } from '../context/content';
import type { After } from '../context/types';
import { envelope, wordsOf } from '../post/codes';
import { callerOf, claimedRegion, readInput } from '../post/input';
import { drawMessage, enterDraw } from '../records/draw-entries';

/**
 * POST /campaign/lucky-draw as a call (`{region, campaign, email, size?, cf-turnstile-response?}`):
 * the rule of worker/records/draw-entries.ts at the effective now, answered in the envelope
 * in the edition's language. A valid entry, new or repeat, answers 2000 with empty `data`
 * and "check your inbox": the result goes to the address alone (docs/decisions/0030).
 * Otherwise `data` is `{fields}` naming what to correct, or empty.
 */
export const luckyDrawApi: Handler<After<'origins' | 'now' | 'previewing'>> = async (c) => {
  const input = await readInput(c);
  const region = claimedRegion(c, input, LUCKY_DRAW_REGIONS, 'us');
  const schedule = await store.schedule(c.env.CONTENT, c.env.DB);
  const result = await enterDraw(input.readable ? input.fields : undefined, {
    ...callerOf(c, input.fields['cf-turnstile-response']),
    schedule,
    now: c.var.now,
    words: async (edition) => (await wordsOf(c, edition)).t,
  });
  const { t } = await wordsOf(c, region);
  const data = result.fields && Object.keys(result.fields).length > 0 ? { fields: result.fields } : {};
  return envelope(c, region, LUCKY_DRAW_CODES[result.outcome], data, drawMessage(t, region, result));
};
