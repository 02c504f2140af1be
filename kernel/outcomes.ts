import type { LuckyDrawOutcome } from '../content/lucky-draw';
import { CODES, type Code } from './codes';

// The outcome tables of the sign-up and the prize draw, by envelope code (./codes.ts). Apart from
// the codes themselves: only the worker reads them, and an object whose values read another
// module's is kept whole by the bundler, so beside CODES they would weigh on every page with an island.

/** What became of a subscription request, also the `?subscribe=` value after a form post: a sign-up's outcomes, and those of the double opt-in links that follow it (decision 0033). */
const SUBSCRIBE_OUTCOMES = ['ok', 'invalid', 'busy', 'error', 'unsent', 'confirmed', 'expired', 'unsubscribed'] as const;
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** Envelope code and message key of each outcome (docs/decisions/0005-newsletter.md). */
export const OUTCOMES = {
  ok: { code: CODES.success, message: 'common.subscribe.success' },
  invalid: { code: CODES.invalid, message: 'common.subscribe.invalid' },
  busy: { code: CODES.busy, message: 'common.api.message.4029' },
  error: { code: CODES.unavailable, message: 'common.api.message.default' },
  /** Stored, but the confirmation mail could not be put in the outbox (decision 0064): the form asks for the address again. */
  unsent: { code: CODES.unavailable, message: 'privacy.mail.unsent' },
  confirmed: { code: CODES.success, message: 'privacy.mail.confirmed' },
  expired: { code: CODES.invalid, message: 'privacy.mail.expired' },
  unsubscribed: { code: CODES.success, message: 'privacy.mail.unsubscribed' },
} as const satisfies Record<SubscribeOutcome, { code: Code; message: string }>;

/** The outcome a query value names, if it names one (a listed value: never `toString` or `__proto__`). */
export function subscribeOutcome(value: string | null | undefined): SubscribeOutcome | undefined {
  return SUBSCRIBE_OUTCOMES.find((o) => o === value);
}

/** Envelope code of each lucky-draw outcome (docs/decisions/0019). */
export const LUCKY_DRAW_CODES = {
  entered: CODES.success,
  invalid: CODES.invalid,
  closed: CODES.conflict,
  busy: CODES.busy,
  error: CODES.unavailable,
} as const satisfies Record<LuckyDrawOutcome, Code>;
