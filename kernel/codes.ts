import type { LuckyDrawOutcome } from '../content/lucky-draw';

/**
 * The API envelope's result codes by name (docs/spec/platform.md §8, docs/decisions/0013): the
 * one list the worker's status table (worker/post/codes.ts) and the islands both read, so
 * neither side checks a raw number. A code's HTTP status is the worker's table's; its message
 * is `common.api.message.{code}` in the edition's language.
 */
export const CODES = {
  /** Success: the data is returned. */
  success: 2000,
  /** The input breaks a rule (a field, the CAPTCHA). */
  invalid: 4000,
  /** Wrong address or password. */
  credentials: 4001,
  /** A new password too weak, too common or of the wrong length. */
  weakPassword: 4002,
  /** No live session: the browser refreshes once, else logs in again. */
  invalidSession: 4003,
  /** The agreement to the terms is missing. */
  agreement: 4004,
  /** A conflict with what just happened: a draw that closed, an address registered a moment ago. */
  conflict: 4009,
  /** The body is larger than the path takes (the POST guard). */
  tooLarge: 4013,
  /** The body is of a type the path does not take (the POST guard). */
  unsupportedType: 4015,
  /** Too many requests: try again later. */
  busy: 4029,
  /** Not from the site's own pages (the POST guard). */
  forbidden: 4030,
  /** No such form or thing. */
  notFound: 4040,
  /** The service cannot answer now. */
  unavailable: 5000,
} as const;

/** A code the site answers. */
export type Code = (typeof CODES)[keyof typeof CODES];

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
