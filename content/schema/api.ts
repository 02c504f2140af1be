import { z } from 'zod';

/** Envelope codes every client knows (docs/spec/platform.md §8). */
export const API_CODES = { success: 2000, invalidSession: 4003 } as const;

/** What became of a subscription request; also the `?subscribe=` value after a form post. */
const SUBSCRIBE_OUTCOMES = ['ok', 'invalid', 'busy', 'error'] as const;
export type SubscribeOutcome = (typeof SUBSCRIBE_OUTCOMES)[number];

/** Code, HTTP status and message key of each outcome (docs/decisions/0005-newsletter.md). */
export const OUTCOMES: Record<SubscribeOutcome, { code: number; status: 200 | 400 | 429 | 503; message: string }> = {
  ok: { code: API_CODES.success, status: 200, message: 'common.subscribe.success' },
  invalid: { code: 4000, status: 400, message: 'common.subscribe.invalid' },
  busy: { code: 4029, status: 429, message: 'common.api.message.4029' },
  error: { code: 5000, status: 503, message: 'common.api.message.default' },
};

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
