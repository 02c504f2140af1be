import { EDITIONS } from '../../content/editions';
import { SIZE_RANGE, type LuckyDrawOutcome, type LuckyDrawRegion, type LuckyDrawProblems, type ShirtSize } from '../../content/lucky-draw';
import { findPage } from '../../content/pages';
import { LuckyDrawBody, randomSize } from '../../kernel/lucky-draw';
import { normalizeEmail } from '../../kernel/rules';
import type { Schedule } from '../../content/schema/schedule';
import type { Translator } from '../../locales';
import { pageLive } from '../clock/stage';
import { logError } from '../log';
import { countEvent } from '../metrics';
import type { Caller } from './caller';
import { parseFields } from './fields';
import { groupStorage } from './groups';
import { sendMail } from './mail';
import { addressKey, allow } from './rate-limit';

/** What an entry came to, before it is put into words: the same for a new entry and a repeat. */
export interface DrawResult {
  outcome: LuckyDrawOutcome;
  /** Fields to correct (invalid). */
  fields?: LuckyDrawProblems;
  /** The entry is in, but the outbox could not take its mail: the visitor sends the form again for it. */
  unsent?: boolean;
}

/** What the draw's rule reads besides the entry: storage, the moment, who sends it, the edition's words. */
interface DrawContext extends Caller {
  /** The schedule in force and the effective now (a preview included). */
  schedule: Schedule;
  now: number;
  /** The words of the edition the entry is for, for its mail. */
  words: (region: LuckyDrawRegion) => Promise<Translator['t']>;
}

/**
 * The address as the draw tells people apart (docs/decisions/0030): Unicode NFKC (full-width
 * letters are letters), then the address rule of the newsletter (trimmed, lower case, the
 * domain through IDNA); a plus-tag is dropped (`ann+draw@` is `ann@`); at gmail.com and
 * googlemail.com, which are one mailbox, dots are ignored. Undefined when it is no address.
 */
export function drawIdentity(given: string): { email: string; identity: string } | undefined {
  const email = normalizeEmail(given.normalize('NFKC'));
  if (!email) return undefined;
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return { email, identity: `${local}@${domain}` };
}

/**
 * Enters an address in a campaign's lucky draw (docs/decisions/0019, 0030): accepted only
 * while the campaign page is live in that edition, by the page step's own rule at the same
 * effective now; CAPTCHA-checked where configured; rate-limited per client; stored in D1
 * before it is acknowledged. One entry per person per campaign, across editions (the
 * address's `drawIdentity`). The answer is the same for a new entry and a repeat, in the same
 * time: what became of it (entered with size X, or already entered with size Y) goes only to
 * the address, by a mail the outbox takes before the answer and sends after it. Without a size
 * the server picks one at random from the region's range. Nothing here looks an address up for
 * the caller.
 */
export async function enterDraw(body: Readonly<Record<string, unknown>> | undefined, context: DrawContext): Promise<DrawResult> {
  const { env, schedule, now, client } = context;
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
  const person = drawIdentity(given);
  if (!person) fields.email = given.trim() === '' ? 'required' : 'invalid';
  if (chosen && !SIZE_RANGE[region].includes(chosen)) fields.size = 'invalid';
  if (!person || fields.size) return { outcome: 'invalid', fields };
  if (!(await context.human())) return { outcome: 'invalid', fields: { captcha: 'invalid' } };

  const db = env.DB;
  let stored: boolean;
  const size = chosen ?? randomSize(region, () => crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32);
  const random = chosen === undefined;
  try {
    if (!(await allow(db, 'lucky-draw', client, now))) return { outcome: 'busy' };
    const result = await db
      .prepare(
        'INSERT INTO lucky_draw_entries (email, identity, region, campaign, size, size_chosen, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (campaign, identity) DO NOTHING',
      )
      .bind(person.email, person.identity, region, campaign, size, random ? 'random' : 'visitor', now)
      .run();
    stored = result.meta.changes > 0;
    if (stored) countEvent(env, 'draw_entry', region, campaign);
  } catch (error) {
    logError('lucky-draw: D1 failed', error);
    return { outcome: 'error' };
  }
  // The result goes by mail before the answer says so (decision 0064): the answer says "check
  // your inbox" only once the outbox has taken it, else that the entry is in and to send the
  // form again for the mail. New entries and repeats make the same queries, so they still
  // answer in the same time.
  let mailed: boolean;
  try {
    mailed = await mailResult(context, { region, campaign, to: person.email, identity: person.identity, stored, size, random });
  } catch (error) {
    logError('lucky-draw: result mail failed', error);
    mailed = false;
  }
  return mailed ? { outcome: 'entered' } : { outcome: 'error', unsent: true };
}

/**
 * The entry's result, to the address alone, in the edition's words: a new entry names its
 * size, a repeat the size on record. At most `lucky-draw-mail`'s allowance of mails a day reach
 * one person, so the draw cannot be used to flood a mailbox (past it, the mails already sent
 * today stand). Whether the outbox took it; its sending happens after the answer.
 */
async function mailResult(
  context: DrawContext,
  entry: { region: LuckyDrawRegion; campaign: string; to: string; identity: string; stored: boolean; size: ShirtSize; random: boolean },
): Promise<boolean> {
  const { env, now } = context;
  if (!(await allow(env.DB, 'lucky-draw-mail', `${entry.campaign}:${await addressKey(entry.identity)}`, now))) return true;
  // The size on record, read for a new entry too: both answer after the same queries.
  const first = await env.DB.prepare('SELECT size FROM lucky_draw_entries WHERE campaign = ?1 AND identity = ?2')
    .bind(entry.campaign, entry.identity)
    .first<{ size: ShirtSize }>();
  const t = await context.words(entry.region);
  const text = entry.stored
    ? t(entry.random ? 'lucky-draw.enteredRandom' : 'lucky-draw.entered', { size: entry.size })
    : t('lucky-draw.already', { size: first?.size ?? entry.size });
  const mail = {
    kind: 'draw-result' as const,
    region: entry.region,
    to: entry.to,
    subject: t('lucky-draw.mailSubject'),
    body: `${text}\n\n${t('lucky-draw.mailFooter')}`,
  };
  const receipt = await sendMail(env, groupStorage(env, EDITIONS[entry.region].apiGroup).db, mail, now, context.defer);
  return receipt.accepted;
}

/** The range of a region's sizes as a label: `XL–XXXL`. */
export function sizeRangeLabel(region: LuckyDrawRegion): string {
  const range = SIZE_RANGE[region];
  return `${range[0]}–${range[range.length - 1]}`;
}

/** The messages beside the form's fields, in the edition's words: the form shows them, and an answer names one. */
export function drawFieldMessages(
  t: Translator['t'],
  region: LuckyDrawRegion,
): { email: Record<'required' | 'invalid', string>; size: string; captcha: string } {
  return {
    // The invalid-address message is the edition's own (the spec quotes each).
    email: { required: t('lucky-draw.emailRequired'), invalid: t('common.subscribe.invalid') },
    size: t('lucky-draw.sizeInvalid', { sizes: sizeRangeLabel(region) }),
    captcha: t('forms.captcha'),
  };
}

/** What an entry came to, in the edition's words (`t`): the same text for a call and a form post, and for a new entry and a repeat. */
export function drawMessage(t: Translator['t'], region: LuckyDrawRegion, result: DrawResult): string {
  switch (result.outcome) {
    case 'entered':
      return t('lucky-draw.inbox');
    case 'invalid':
      if (result.fields?.captcha) return drawFieldMessages(t, region).captcha;
      if (result.fields?.email) return drawFieldMessages(t, region).email[result.fields.email];
      if (result.fields?.size) return drawFieldMessages(t, region).size;
      return t('common.api.message.4000') || t('common.api.message.default');
    case 'closed':
      return t('lucky-draw.closed');
    case 'busy':
      return t('common.api.message.4029') || t('common.api.message.default');
    case 'error':
      return result.unsent ? t('lucky-draw.unsent') : t('common.api.message.default');
  }
}
