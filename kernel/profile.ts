import * as z from 'zod/mini';

/**
 * A member's profile: what the account API answers (`GET /account/user/profile`, and after a
 * log-in), what the worker reads from its records (worker/account/records.ts `Member`) and
 * what the browser keeps under the session's `userInfo` key (client/runtime/session.ts). One
 * schema, so both sides infer the same type from it, and the browser parses what it stored
 * or received with it. zod/mini, whose functions tree-shake: a few kB where the browser
 * parses, where zod's chained API would bring all of zod (some 90 kB gzip).
 */
export const Profile = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  /** The edition the member registered in. */
  region: z.string(),
  /** Signed up for the newsletter from the account, and confirmed where the edition asks for double opt-in. */
  newsletter: z.boolean(),
  /** A sign-up from the account waiting for its mailed link (double opt-in, docs/decisions/0054). */
  newsletterPending: z.optional(z.boolean()),
  /** Whether the member has proven the address by a mailed link: until then the account reaches nothing else filed under it (docs/decisions/0054). */
  proven: z.optional(z.boolean()),
  /** ms since epoch. */
  created_at: z.number(),
});
export type Profile = z.infer<typeof Profile>;
