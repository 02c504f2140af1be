/**
 * Validation rules shared by the worker (zod, at the edge) and the islands (before a
 * request is sent), so both say the same thing about the same input.
 */

/**
 * An email address as the newsletter accepts it: one @, a local part without spaces, and a
 * domain of dot-separated labels ending in a letter TLD of two or more. At most 254
 * characters (RFC 5321). See docs/decisions/0005-newsletter.md.
 */
export const EMAIL_PATTERN = /^[^\s@"<>()[\]\\,;:]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Longest address accepted. */
export const EMAIL_MAX = 254;

/** Whether a string is an acceptable email address (trimmed first). */
export function isEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

/** Where a subscription was made. */
export const SUBSCRIBE_SOURCES = ['footer', 'prelaunch', 'popup'] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];
