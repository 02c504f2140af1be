/**
 * Preview timestamps: the `timestamp` cookie moves the site's clock so ops can see it as it
 * will be. In production it must be signed (`<ms>.<hmac>`) with PREVIEW_SECRET.
 */

import { isPreprod } from '../edition/scope';
import type { Config } from '../env';

/** Whether unsigned preview timestamps count: locally and on pre-production hosts. */
export function allowsUnsignedPreview(config: Pick<Config, 'environment' | 'preprodHosts'>, host: string): boolean {
  return config.environment === 'local' || isPreprod(host, config.preprodHosts);
}

/** Name of the cookie that carries a preview timestamp. */
export const PREVIEW_COOKIE = 'timestamp';

const encoder = new TextEncoder();

async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) return undefined;
  return new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** Signs a timestamp (ms since epoch): `<ms>.<hex hmac-sha256>`. */
export async function signPreview(ms: number, secret: string): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await key(secret), encoder.encode(String(ms)));
  return `${ms}.${toHex(sig)}`;
}

// Years 2000 to 2100: anything else is a typo, not a preview.
const MIN = Date.UTC(2000, 0, 1);
const MAX = Date.UTC(2100, 0, 1);

function parseMs(text: string): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const ms = Number(text);
  return ms >= MIN && ms < MAX ? ms : undefined;
}

/**
 * The preview time a cookie value asks for, or undefined when it does not count: unsigned
 * values count only where `allowUnsigned`; signed ones need the right secret.
 */
export async function readPreview(value: string | undefined, allowUnsigned: boolean, secret: string | undefined): Promise<number | undefined> {
  if (!value || value.length > 200) return undefined;
  const [msText, sig, ...extra] = value.split('.');
  if (extra.length > 0 || msText === undefined) return undefined;
  const ms = parseMs(msText);
  if (ms === undefined) return undefined;
  if (sig === undefined) return allowUnsigned ? ms : undefined;
  const bytes = fromHex(sig);
  if (!secret || !bytes) return allowUnsigned ? ms : undefined;
  const ok = await crypto.subtle.verify('HMAC', await key(secret), bytes, encoder.encode(msText));
  return ok || allowUnsigned ? ms : undefined;
}
