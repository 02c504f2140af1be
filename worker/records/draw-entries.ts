import { SIZE_RANGE, type LuckyDrawOutcome, type LuckyDrawRegion, type LuckyDrawProblems, type ShirtSize } from '../../content/lucky-draw';
import { findPage } from '../../content/pages';
import { LuckyDrawBody, randomSize } from '../../kernel/lucky-draw';
import { normalizeEmail } from '../../kernel/rules';
import type { Schedule } from '../../content/schema/schedule';
import type { Translator } from '../../locales';
import { pageLive } from '../clock/stage';
import { parseFields } from './fields';
import { allow } from './rate-limit';
import { logError } from '../log';

/** What an entry came to, before it is put into words. */
export interface DrawResult {
  outcome: LuckyDrawOutcome;
  /** The size on record (entered, already). */
  size?: ShirtSize;
  /** Whether the server picked the size (entered, already). */
  random?: boolean;
  /** Fields to correct (invalid). */
  fields?: LuckyDrawProblems;
}

/** What the draw's rule reads besides the entry: storage, the moment, who sends it. */
interface DrawContext {
  db: D1Database;
  /** The schedule in force and the effective now (a preview included). */
  schedule: Schedule;
  now: number;
  /** The client's address, for the rate limit. */
  client: string;
}

/**
 * Enters an address in a campaign's lucky draw (docs/decisions/0019): accepted only while
 * the campaign page is live in that edition, by the page step's own rule at the same
 * effective now; rate-limited per client; stored in D1 before it is acknowledged. One entry
 * per (email, region, campaign): a repeat answers the size on record. Without a size the
 * server picks one at random from the region's range and says which.
 */
export async function enterDraw(body: Readonly<Record<string, unknown>> | undefined, { db, schedule, now, client }: DrawContext): Promise<DrawResult> {
  // An unreadable body has no field to correct.
  if (!body) return { outcome: 'invalid', fields: {} };
  const parsed = parseFields(LuckyDrawBody, body);
  if (!parsed.ok) {
    // Name the fields a visitor can correct; a missing or tampered region or campaign (the
    // form sends both hidden) names none.
    const fields: LuckyDrawProblems = {};
    if (parsed.problems.email) fields.email = parsed.problems.email;
    if (parsed.problems.size) fields.size = 'invalid';
    return { outcome: 'invalid', fields };
  }
  const { region, campaign, email: given, size: chosen } = parsed.data;
  const page = findPage(campaign);
  if (!page || !page.regions.includes(region) || !pageLive(page, schedule, region, now)) return { outcome: 'closed' };
  const fields: LuckyDrawProblems = {};
  const email = normalizeEmail(given);
  if (!email) fields.email = given.trim() === '' ? 'required' : 'invalid';
  if (chosen && !SIZE_RANGE[region].includes(chosen)) fields.size = 'invalid';
  if (!email || fields.size) return { outcome: 'invalid', fields };

  try {
    if (!(await allow(db, 'lucky-draw', client, now))) return { outcome: 'busy' };
    const size = chosen ?? randomSize(region, () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32);
    const random = chosen === undefined;
    const result = await db
      .prepare(
        'INSERT INTO lucky_draw_entries (email, region, campaign, size, size_chosen, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (email, region, campaign) DO NOTHING',
      )
      .bind(email, region, campaign, size, random ? 'random' : 'visitor', now)
      .run();
    if (result.meta.changes > 0) return { outcome: 'entered', size, random };
    // Entered before: one record, and the answer names the size on record.
    const first = await db
      .prepare('SELECT size, size_chosen FROM lucky_draw_entries WHERE email = ?1 AND region = ?2 AND campaign = ?3')
      .bind(email, region, campaign)
      .first<{ size: ShirtSize; size_chosen: string }>();
    return { outcome: 'already', size: first?.size ?? size, random: first ? first.size_chosen === 'random' : random };
  } catch (error) {
    logError('lucky-draw: D1 failed', error);
    return { outcome: 'error' };
  }
}

/** The range of a region's sizes as a label: `XL–XXXL`. */
export function sizeRangeLabel(region: LuckyDrawRegion): string {
  const range = SIZE_RANGE[region];
  return `${range[0]}–${range[range.length - 1]}`;
}

/** The messages beside the form's fields, in the edition's words: the form shows them, and an answer names one. */
export function drawFieldMessages(t: Translator['t'], region: LuckyDrawRegion): { email: Record<'required' | 'invalid', string>; size: string } {
  return {
    // The invalid-address message is the edition's own (the spec quotes each).
    email: { required: t('lucky-draw.emailRequired'), invalid: t('common.subscribe.invalid') },
    size: t('lucky-draw.sizeInvalid', { sizes: sizeRangeLabel(region) }),
  };
}

/** What an entry came to, in the edition's words (`t`): the same text for a call and a form post. */
export function drawMessage(t: Translator['t'], region: LuckyDrawRegion, result: DrawResult): string {
  switch (result.outcome) {
    case 'entered':
      return t(result.random ? 'lucky-draw.enteredRandom' : 'lucky-draw.entered', { size: result.size! });
    case 'already':
      return t('lucky-draw.already', { size: result.size! });
    case 'invalid':
      if (result.fields?.email) return drawFieldMessages(t, region).email[result.fields.email];
      if (result.fields?.size) return drawFieldMessages(t, region).size;
      return t('common.api.message.4000') || t('common.api.message.default');
    case 'closed':
      return t('lucky-draw.closed');
    case 'busy':
      return t('common.api.message.4029') || t('common.api.message.default');
    case 'error':
      return t('common.api.message.default');
  }
}
