import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../kernel/rules';
import { PRODUCT_KEYS } from '../../content/schema/catalogue';

/**
 * PBKDF2-SHA256 iterations.
 * NOTE: 100,000 is the most Cloudflare Workers allow in production (deriveBits refuses more);
 * workerd locally accepts more, so a test pins this value. Do not raise it without moving to
 * another KDF that runs within Workers' limits.
 */
export const PBKDF2_ITERATIONS = 100_000;

// The length rule lives with the other input rules the islands share (kernel/rules.ts).

const encoder = new TextEncoder();
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

/** A stored password: `pbkdf2-sha256$<iterations>$<salt>$<hash>` (base64), with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${b64(salt)}$${b64(await derive(password, salt, PBKDF2_ITERATIONS))}`;
}

// Checked against when the address is unknown, so both answers take the same time.
const DUMMY = `pbkdf2-sha256$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

/**
 * Whether a password matches a stored hash, compared in constant time. With no stored hash
 * it still derives one (and answers false), so an unknown address costs what a wrong
 * password costs.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, rounds, salt, hash] = (stored ?? DUMMY).split('$');
  const iterations = Number(rounds);
  if (scheme !== 'pbkdf2-sha256' || !salt || !hash || !(iterations > 0 && iterations <= PBKDF2_ITERATIONS)) return false;
  const expected = unb64(hash);
  const actual = await derive(password, unb64(salt), iterations);
  const same = actual.length === expected.length && constantTimeEqual(actual, expected);
  return stored !== undefined && same;
}

/** Compares two byte strings of equal length without stopping at the first difference. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/**
 * Words a guesser tries first against this site: the brand, the maker, the product names of
 * the catalogue (each word of each product key: bumblebee, megatron, optimus, grimlock, buzz,
 * lightyear, k1…), and the campaigns and seasons the site runs. zxcvbn ranks them as a
 * dictionary of its own, so `robolux2026!` is a dictionary word, a year and a symbol.
 */
const BRAND_WORDS: readonly string[] = [
  ...new Set([
    'robolux',
    'robosen',
    'transformers',
    'transformer',
    'transform',
    'autobots',
    'autobot',
    'decepticons',
    'decepticon',
    'robot',
    'robots',
    'blackfriday',
    'cybermonday',
    'christmas',
    'xmas',
    'holiday',
    'holidays',
    'backtoschool',
    'newrelease',
    'luckydraw',
    'optimusprime',
    'buzzlightyear',
    'toystory',
    ...PRODUCT_KEYS.flatMap((key) => key.split(/(?=[A-Z])/).map((word) => word.toLowerCase())),
  ]),
].filter((word) => word.length >= 2);

/**
 * The breached-password list checked before any scoring: @zxcvbn-ts/language-common's
 * `passwords-common`, the 49,233 passwords most often found in breach corpora, shipped
 * inside the worker (no request leaves it to check a password; docs/decisions/0030).
 */
let breached: Set<string> | undefined;

let strength: ZxcvbnFactory | undefined;

/**
 * Whether a password holds a character no keyboard types and no field shows: a control, an
 * invisible format character (zero-width space and joiners, bidirectional marks), a line or
 * paragraph separator, or U+FFFD (what broken UTF-8 decodes to). Such a password cannot be
 * typed again on another device, and hides what it holds.
 */
export function hasInvisible(password: string): boolean {
  return /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u{fffd}]/u.test(password);
}

/** The brand's words as a set, for `onlyBrandWords`. */
const BRAND_SET = new Set(BRAND_WORDS);

/** Whether a run of letters is one or more of the brand's words, end to end (`megatronrobolux`). */
function brandWords(run: string): boolean {
  const reach = new Array<boolean>(run.length + 1).fill(false);
  reach[0] = true;
  for (let end = 1; end <= run.length; end++)
    for (let start = 0; start < end && !reach[end]; start++) reach[end] = reach[start]! && BRAND_SET.has(run.slice(start, end));
  return reach[run.length]!;
}

/**
 * Whether every word of a password is the brand's or a product's (`Robolux-robolux`,
 * `Megatron-Robolux-1`): the digits and symbols between them are what a guesser tries first
 * with those words, whatever score a strength estimate gives the whole.
 */
export function onlyBrandWords(password: string): boolean {
  const runs =
    password
      .normalize('NFKC')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  return runs.length > 0 && runs.every(brandWords);
}

/**
 * Why a new password is refused, or undefined, each a rule of its own: its length; a
 * character no one can type (`hasInvisible`); being on the breached list (`breached`, case
 * aside); words that are only the brand's (`onlyBrandWords`); or being easy to
 * guess (zxcvbn-ts with the common-password, keyboard and brand dictionaries, score below 3,
 * with the address itself as a known word).
 */
export function passwordProblem(password: string, email: string): 'length' | 'characters' | 'brand' | 'breached' | 'weak' | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  if (hasInvisible(password)) return 'characters';
  breached ??= new Set(dictionary['passwords-common']);
  if (breached.has(password.normalize('NFKC').toLowerCase())) return 'breached';
  if (onlyBrandWords(password)) return 'brand';
  strength ??= new ZxcvbnFactory({ dictionary: { ...dictionary, brand: [...BRAND_WORDS] }, graphs: adjacencyGraphs });
  return strength.check(password, [email, ...email.split(/[@.+_-]/)]).score < 3 ? 'weak' : undefined;
}
