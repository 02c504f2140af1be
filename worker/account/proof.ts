import { sameSignature, sign } from '../signature';
import { newRefreshToken } from './tokens';

/**
 * Signed values the account hands out and takes back without storing them (docs/decisions/0054,
 * 0055), each an HMAC-SHA256 with the session secret over what it stands for:
 * - an address proof, the token of the link mailed to a new account's address: it names the
 *   account and the address, and works until it expires;
 * - a device cookie, given to a browser where the member signed in: it names the address, so
 *   a stranger's failed guesses never slow the member's own browser.
 */

/** How long a mailed proof link works: 48 hours, as a sign-up's confirmation. */
export const PROOF_TTL_MS = 48 * 60 * 60 * 1000;

/** The token of a proof link: `<user id>.<expiry, s>.<signature over the user, the address and the expiry>`. */
export async function proofToken(secret: string, member: { user_id: string; email: string }, now: number): Promise<string> {
  const expires = Math.floor((now + PROOF_TTL_MS) / 1000);
  return `${member.user_id}.${expires}.${await sign(secret, `prove:${member.user_id}:${member.email}:${expires}`)}`;
}

/** What a proof token claims, if it has the form of one (the signature is checked against the account's address: `proofHolds`). */
export function readProofToken(token: string): { userId: string; expires: number; signature: string } | undefined {
  const match = /^((?:us|eu|cn)_[0-9a-f-]{36})\.(\d{9,11})\.([\w-]{43})$/.exec(token);
  return match ? { userId: match[1]!, expires: Number(match[2]) * 1000, signature: match[3]! } : undefined;
}

/** Whether a proof token was made for this account and address (`invalid` otherwise), and is still in time (`expired` after). */
export async function proofState(
  secret: string,
  claim: NonNullable<ReturnType<typeof readProofToken>>,
  email: string,
  now: number,
): Promise<'ok' | 'expired' | 'invalid'> {
  if (!sameSignature(claim.signature, await sign(secret, `prove:${claim.userId}:${email}:${claim.expires / 1000}`))) return 'invalid';
  return claim.expires > now ? 'ok' : 'expired';
}

/** A device cookie entry for an address: `<id>.<signature over the address and the id>`; a new random id unless one is given (the browser's own, renewed). */
export async function deviceEntry(secret: string, email: string, id = newRefreshToken().slice(0, 22)): Promise<string> {
  return `${id}.${await sign(secret, `device:${email}:${id}`)}`;
}

/** The id of the one of a browser's device entries made for this address, if any. */
export async function deviceFor(secret: string, email: string, entries: readonly string[]): Promise<string | undefined> {
  for (const entry of entries) {
    const [id = '', signature = ''] = entry.split('.');
    if (sameSignature(signature, await sign(secret, `device:${email}:${id}`))) return id;
  }
  return undefined;
}
