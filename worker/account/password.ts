import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../kernel/rules';

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

let strength: ZxcvbnFactory | undefined;

/**
 * Why a new password is refused, or undefined: its length, or that it is common or easy to
 * guess (zxcvbn-ts with the common-password and keyboard dictionaries, score below 3, with
 * the address itself as a known word).
 */
export function passwordProblem(password: string, email: string): 'length' | 'weak' | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  strength ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return strength.check(password, [email, ...email.split(/[@.+_-]/)]).score < 3 ? 'weak' : undefined;
}
