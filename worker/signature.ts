/**
 * The signed values the worker hands out in links and cookies and takes back without storing
 * them (a sign-up's confirmation, one-click unsubscribe, an address proof, a device cookie:
 * docs/decisions/0054): an HMAC-SHA256 with a secret, base64url, compared in constant time.
 */

const encoder = new TextEncoder();

/** Bytes as base64url without padding, as a URL or a cookie carries them. */
export const base64url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** HMAC-SHA256 of a text with a secret, base64url. */
export async function sign(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
}

/** Compares two signatures in time independent of where they differ. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
