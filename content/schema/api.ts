import { z } from 'zod';

/** Envelope codes every client knows (docs/spec/platform.md §8). */
export const API_CODES = { success: 2000, invalidSession: 4003 } as const;

/** What became of a subscription request; also the `?subscribe=` value after a form post. */
/** A sign-up's outcomes, and those of the double opt-in links that follow it (decision 0033). */
const SUBSCRIBE_OUTCOMES = ['ok', 'invalid', 'busy', 'error', 'unsent', 'confirmed', 'expired', 'unsubscribed'] as const;
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** Envelope code and message key of each outcome (docs/decisions/0005-newsletter.md); the code's HTTP status is the API's one table's. */
export const OUTCOMES = {
  ok: { code: API_CODES.success, message: 'common.subscribe.success' },
  invalid: { code: 4000, message: 'common.subscribe.invalid' },
  busy: { code: 4029, message: 'common.api.message.4029' },
  error: { code: 5000, message: 'common.api.message.default' },
  /** Stored, but the confirmation mail could not be put in the outbox (decision 0064): the form asks for the address again. */
  unsent: { code: 5000, message: 'privacy.mail.unsent' },
  confirmed: { code: API_CODES.success, message: 'privacy.mail.confirmed' },
  expired: { code: 4000, message: 'privacy.mail.expired' },
  unsubscribed: { code: API_CODES.success, message: 'privacy.mail.unsubscribed' },
} as const satisfies Record<SubscribeOutcome, { code: number; message: string }>;

/** The outcome a query value names, if it names one (a listed value: never `toString` or `__proto__`). */
export function subscribeOutcome(value: string | null | undefined): SubscribeOutcome | undefined {
  return SUBSCRIBE_OUTCOMES.find((o) => o === value);
}

/** The US new-user popup's copy (docs/spec/platform.md §3). */
export const NewUserPopup = z.object({
  title: z.string().min(1),
  describe: z.string().min(1),
  placeholder: z.string().min(1),
  button: z.string().min(1),
  invalid: z.string().min(1),
  privacy: z.string().min(1),
  successTitle: z.string().min(1),
  successSubtitle: z.string().min(1),
  successButton: z.string().min(1),
  successDescribe: z.string().min(1),
});
export type NewUserPopup = z.infer<typeof NewUserPopup>;
