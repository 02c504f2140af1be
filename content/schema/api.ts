import { z } from 'zod';

/** The envelope of every API answer (platform spec §3, "API response"). */
export const ApiResponse = <T extends z.ZodType>(data: T) =>
  z.object({
    /** 2000 on success; anything else is an error. */
    code: z.number().int(),
    /** Human-readable message, localized. */
    msg: z.string(),
    /** The payload. */
    data,
  });

export const API_CODES = { success: 2000, invalidSession: 4003 } as const;

/** What became of a subscription request; also the `?subscribe=` value after a form post. */
export const SUBSCRIBE_OUTCOMES = ['ok', 'invalid', 'busy', 'error'] as const;
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

/** A logged-in session as the browser keeps it (platform spec §3, "User session"). */
export const UserSession = z.object({
  /** The user's id. */
  user_id: z.string().min(1),
  /** Access token. */
  apptoken: z.string().min(1),
  /** Refresh token. */
  reftoken: z.string().min(1),
  /** Profile object; its shape is not specified. */
  userInfo: z.record(z.string(), z.unknown()).optional(),
});
export type UserSession = z.infer<typeof UserSession>;

/** The US new-user popup's copy (platform spec §3). */
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

/** What the browser remembers of the visitor's region (platform spec §3, "Region store"). */
export const RegionStore = z.object({
  /** Current region, from the path. */
  region: z.enum(['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp', 'cn']),
  /** Its language-region code, e.g. `de-DE`. */
  locale: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/),
  /** Current language: the part of the locale before the dash. */
  language: z.string().regex(/^[a-z]{2}$/),
  /** The visitor's country, when chosen or known (persisted). */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});
export type RegionStore = z.infer<typeof RegionStore>;
