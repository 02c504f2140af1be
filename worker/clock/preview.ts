/**
 * Preview timestamps: the `timestamp` cookie moves the site's clock so ops can see it as it
 * will be. Locally a plain ms value counts. Everywhere else, pre-production hosts included
 * (they are reachable by anyone who finds them), a preview is a signed token,
 * `<ms>.<expires>.<hmac>`: the HMAC-SHA256 of `<ms>.<expires>.<host>` with PREVIEW_SECRET, so
 * a link works only on the host it was minted for and only until it expires
 * (`npm run ops -- preview` mints one; docs/decisions/0030).
 */
import type { Config } from '../env';
import { normalHost } from '../host';

/** Name of the cookie that carries a preview timestamp. */
export const PREVIEW_COOKIE = 'timestamp';

/** How long a minted link works unless ops say otherwise: one day. */
export const PREVIEW_LINK_TTL = 24 * 60 * 60 * 1000;

/** How long the preview cookie itself lives, at most: one hour (a link sets it again). */
export const PREVIEW_COOKIE_MAX_AGE = 60 * 60;

/** Whether unsigned preview timestamps (and the ops timeline page) count: locally only. */
export function allowsUnsignedPreview(config: Pick<Config, 'environment'>): boolean {
  return config.environment === 'local';
}

const encoder = new TextEncoder();

async function key(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function toHex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^(?:[0-9a-f]{2}){32}$/.test(hex)) return undefined;
  return new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));
}

const signed = (ms: number, expires: number, host: string) => encoder.encode(`${ms}.${expires}.${normalHost(host)}`);

/** What a minted preview is for. */
interface PreviewGrant {
  /** The moment to show, ms since epoch. */
  ms: number;
  /** Host the link is for (`www.example.com`). */
  host: string;
  /** When the link stops working, ms since epoch (real time). */
  expires: number;
}

/** Signs a preview: `<ms>.<expires>.<hex hmac-sha256>`. */
export async function signPreview({ ms, host, expires }: PreviewGrant, secret: string): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await key(secret), signed(ms, expires, host));
  return `${ms}.${expires}.${toHex(sig)}`;
}

// Years 2000 to 2100: anything else is a typo, not a preview.
const MIN = Date.UTC(2000, 0, 1);
const MAX = Date.UTC(2100, 0, 1);

function parseMs(text: string | undefined): number | undefined {
  // One spelling per moment: no leading zeros, so a signed link has exactly one form.
  if (text === undefined || !/^[1-9]\d{0,14}$/.test(text)) return undefined;
  const ms = Number(text);
  return ms >= MIN && ms < MAX ? ms : undefined;
}

/**
 * Why a preview value does not count: its date cannot be read; it is signed for another of
 * this site's hosts; its signature does not match (changed, cut short, another key, or no
 * signature where one is needed).
 */
type PreviewFault = 'bad-date' | 'other-host' | 'bad-signature';

/** How a preview value reads: the moment it shows, or why it does not count. */
type PreviewReading = { kind: 'ok'; ms: number } | { kind: 'expired' } | { kind: 'invalid'; fault: PreviewFault };

/** Where and when a preview value is read. */
interface PreviewContext {
  /** Whether plain ms values count here (locally, pre-production). */
  allowUnsigned: boolean;
  /** The secret signed tokens must carry; none means only unsigned values can count. */
  secret: string | undefined;
  /** The request's host: a token counts only on the host it was minted for. */
  host: string;
  /** The real clock, for expiry. */
  now: number;
  /** This site's other hosts: a token that verifies for one of them is reported as made for another host. */
  otherHosts?: readonly string[];
}

/**
 * Reads a preview value (a link's `at`, or the cookie): a plain ms value where unsigned
 * previews are allowed, else a token signed for this host that has not expired.
 */
export async function readPreview(value: string | undefined, context: PreviewContext): Promise<PreviewReading> {
  if (!value || value.length > 200) return { kind: 'invalid', fault: 'bad-date' };
  const parts = value.split('.');
  const ms = parseMs(parts[0]);
  if (ms === undefined) return { kind: 'invalid', fault: 'bad-date' };
  if (parts.length === 1) return context.allowUnsigned ? { kind: 'ok', ms } : { kind: 'invalid', fault: 'bad-signature' };
  const expires = parseMs(parts[1]);
  const sig = parts.length === 3 ? fromHex(parts[2]!) : undefined;
  if (expires === undefined || !sig || !context.secret) return { kind: 'invalid', fault: 'bad-signature' };
  const secret = await key(context.secret);
  const ok = await crypto.subtle.verify('HMAC', secret, sig, signed(ms, expires, context.host));
  if (!ok) {
    for (const host of context.otherHosts ?? []) {
      if (normalHost(host) !== normalHost(context.host) && (await crypto.subtle.verify('HMAC', secret, sig, signed(ms, expires, host)))) {
        return { kind: 'invalid', fault: 'other-host' };
      }
    }
    return { kind: 'invalid', fault: 'bad-signature' };
  }
  return context.now < expires ? { kind: 'ok', ms } : { kind: 'expired' };
}

/**
 * The moment a preview link's `at` names, as ms text, where unsigned previews count: an ISO
 * date (a "+" of its offset that a query decoded as a space is read as "+"), else the value
 * as it is (ms, a signed token). An unreadable date stays as written, so it reads as a bad date.
 */
export function previewValue(at: string, allowUnsigned: boolean): string {
  if (!allowUnsigned || !/^\d{4}-\d{2}-\d{2}T/.test(at)) return at;
  const iso = at.trim().replace(/ (\d{2}(?::?\d{2})?)$/, '+$1');
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? at : String(ms);
}

/** The moment a preview cookie asks for, when it counts here. */
export async function previewMoment(value: string | undefined, context: PreviewContext): Promise<number | undefined> {
  const reading = await readPreview(value, context);
  return reading.kind === 'ok' ? reading.ms : undefined;
}
