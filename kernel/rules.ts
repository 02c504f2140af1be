import type { AgreementId } from '../content/schema/legal';
import { EMAIL_MAX } from './email-field';

/** Longest address accepted (RFC 5321); written beside the email field, kernel/email-field.tsx says why. */
export { EMAIL_MAX };

/**
 * Validation rules shared by the worker (zod, at the edge) and the islands (before a
 * request is sent), so both say the same thing about the same input.
 */

// Characters an address may never carry, even where a standard would allow them: controls,
// bidirectional overrides and marks, zero-width and other invisible format characters, and
// U+FFFD, which is what invalid UTF-8 decodes to.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u{fffd}]/u;

// A local part: dot-separated runs of RFC 5322 atext, letters and digits of any script
// included (RFC 6531). No leading `=`, `+`, `-` or `@`: a spreadsheet opening an export
// would read those as a formula (CSV injection).
const LOCAL = /^(?![=+\-@])[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;

// A domain after IDNA: dot-separated LDH labels, a letter TLD (or an IDN one, xn--).
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * An email address as the newsletter and the account forms accept it, in its one stored
 * form, or undefined. Normalised first (trimmed, Unicode NFC, the domain through IDNA to
 * lower-case ASCII, the local part lower-cased: no mainstream provider tells case apart, so
 * one person is one subscription), then checked. See docs/decisions/0005-newsletter.md.
 */
export function normalizeEmail(value: string): string | undefined {
  const email = value.trim().normalize('NFC');
  if (email.length > EMAIL_MAX || INVISIBLE.test(email)) return undefined;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).toLowerCase();
  if (at < 1 || local.length > 64 || !LOCAL.test(local)) return undefined;
  const written = email.slice(at + 1);
  // Letters, digits, hyphens and dots only, before the URL parser sees it (it would drop a
  // port, a path or a query, and decode percent-escapes).
  if (!/^[\p{L}\p{M}\p{N}.-]+$/u.test(written)) return undefined;
  let domain: string;
  try {
    domain = new URL(`http://${written}`).hostname;
  } catch {
    return undefined;
  }
  if (!DOMAIN.test(domain)) return undefined;
  const normal = `${local}@${domain}`;
  return normal.length <= EMAIL_MAX ? normal : undefined;
}

/**
 * An account's address (docs/decisions/0054): the address rule, for an address whose Unicode
 * NFKC form is its own. One with compatibility characters (full-width letters, ligatures,
 * circled digits) looks like another person's address and is refused, so no two accounts
 * differ only by them; accounts are stored in NFKC, which is then their NFC form.
 */
export function accountEmail(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.normalize('NFKC') !== trimmed.normalize('NFC')) return undefined;
  return normalizeEmail(trimmed);
}

/** Whether a string is an acceptable email address. */
export function isEmail(value: string): boolean {
  return normalizeEmail(value) !== undefined;
}

/** Password length the account forms and the API accept (OWASP ASVS 5.0 §6.2). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * The log-in form's fields that break their rules: an address, a password of 8-128 characters.
 * The agreements are asked only when the address is new (`missingAgreements`, docs/decisions/0057).
 */
export function loginProblems(input: { email: string; password: string }): ('email' | 'password')[] {
  const length = [...input.password].length;
  return [...(isEmail(input.email) ? [] : (['email'] as const)), ...(length >= PASSWORD_MIN && length <= PASSWORD_MAX ? [] : (['password'] as const))];
}

/**
 * The boxes account creation needs (its edition's, content/legal/markets.ts) that `given` leaves
 * unticked (docs/decisions/0057). `true` is the one box of the form every edition had before
 * Korea's two, `terms`; an edition that asks for more needs each by name.
 */
export function missingAgreements(required: readonly AgreementId[], given: true | readonly string[] | undefined): AgreementId[] {
  const ticked: readonly string[] = given === true ? ['terms'] : (given ?? []);
  return required.filter((id) => !ticked.includes(id));
}

/** The name of an agreement's box in the log-in form: `agree` for the terms (the form's one box before decision 0057), else `agree-<id>`. */
export const agreementField = (id: AgreementId): string => (id === 'terms' ? 'agree' : `agree-${id}`);

/** Where a subscription was made: a form of the pages, or the account's newsletter box (the same rule, docs/decisions/0054). */
export const SUBSCRIBE_SOURCES = ['footer', 'prelaunch', 'popup', 'account'] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];
