/**
 * Consent to cookies and third-party scripts (docs/decisions/0033-consent-and-privacy.md),
 * the part both the worker and the browser read: the categories, the choice as its cookie
 * holds it, and what a choice means to Google's Consent Mode v2, which tag managers read.
 */

/** The categories a shopper chooses among; `necessary` is always on and never asked. */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing', 'functional'] as const;

/** The categories a shopper can turn on or off. */
export const OPTIONAL_CATEGORIES = ['analytics', 'marketing', 'functional'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];

/** What is granted, per optional category. */
export type Grants = Record<OptionalCategory, boolean>;

/**
 * How an edition asks (its region pack's `consent.model`):
 * - `opt-in` (GDPR/ePrivacy, UK PECR): nothing optional before the shopper says yes; Accept
 *   all and Reject all side by side on the first layer.
 * - `opt-out` (California, CPRA): the pack's defaults run after a notice; "Do not sell or
 *   share my personal information" turns marketing off, and so does Global Privacy Control.
 * - `notice` (Korea's PIPA, Japan's APPI, China's PIPL): a notice with the pack's defaults,
 *   where what needs consent (marketing; in China every transfer to a foreign tool) starts off.
 */

/** The cookie that holds the choice, one per edition (its path is the edition's). */
export const CONSENT_COOKIE = 'consent';
/** A choice is asked again after 12 months (decision 0033). */
export const CONSENT_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/** A choice as stored: the version of the categories it answered, when, and what it granted. */
export interface Choice {
  version: string;
  /** ms since epoch (the cookie keeps seconds). */
  at: number;
  grants: Grants;
}

const LETTER: Record<OptionalCategory, string> = { analytics: 'a', marketing: 'm', functional: 'f' };

/** The cookie value: `<version>.<seconds>.<letters of what is granted, or ->`, e.g. `3f2a9c1d.1764115200.af`. */
export function encodeChoice(choice: Choice): string {
  const letters = OPTIONAL_CATEGORIES.filter((c) => choice.grants[c])
    .map((c) => LETTER[c])
    .join('');
  return `${choice.version}.${Math.floor(choice.at / 1000)}.${letters || '-'}`;
}

/** A cookie value read back; undefined when it is not one this site wrote. */
export function decodeChoice(value: string | undefined): Choice | undefined {
  const match = /^([0-9a-f]{8})\.(\d{9,11})\.(-|a?m?f?)$/.exec(value ?? '');
  if (!match || match[3] === '') return undefined;
  const letters = match[3]!;
  return {
    version: match[1]!,
    at: Number(match[2]) * 1000,
    grants: { analytics: letters.includes('a'), marketing: letters.includes('m'), functional: letters.includes('f') },
  };
}

/** Whether a stored choice still answers: the same categories, made within the last 12 months (and not in the future). */
export function choiceStands(choice: Choice | undefined, version: string, now: number): choice is Choice {
  return !!choice && choice.version === version && choice.at > now - CONSENT_TTL_MS && choice.at <= now + 24 * 60 * 60 * 1000;
}

/** The grants as Consent Mode v2's signals (`gtag('consent', 'default' | 'update', …)`). */
export function consentMode(grants: Grants): Record<string, 'granted' | 'denied'> {
  const g = (on: boolean) => (on ? 'granted' : 'denied');
  return {
    ad_storage: g(grants.marketing),
    ad_user_data: g(grants.marketing),
    ad_personalization: g(grants.marketing),
    analytics_storage: g(grants.analytics),
    functionality_storage: g(grants.functional),
    personalization_storage: g(grants.functional),
    security_storage: 'granted',
  };
}

/** The grants in the shape page views carry them (`consent` of each `virtual_page_view`). */
export function consentState(grants: Grants): Record<OptionalCategory, 'granted' | 'denied'> {
  return { analytics: grants.analytics ? 'granted' : 'denied', marketing: grants.marketing ? 'granted' : 'denied', functional: grants.functional ? 'granted' : 'denied' };
}

/** A stable short hash (FNV-1a, 32 bits, hex) of a text: the version of a set of categories. */
export function versionOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
