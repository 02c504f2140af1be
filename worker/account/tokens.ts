import { sign, verify } from 'hono/jwt';

/** How long an apptoken lasts: a few minutes, then the client refreshes it. */
const APPTOKEN_TTL_SECONDS = 10 * 60;
/** How long a reftoken lasts unless it is used (and so rotated) first. */
export const REFTOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** An opaque refresh token: 256 random bits, base64url. */
export function newRefreshToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The only form a token is stored in: its SHA-256, hex. */
export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What an apptoken says: whose it is, and which session (refresh-token family) it belongs to. */
interface AppClaims {
  /** The user id. */
  sub: string;
  /** The session it was issued in. */
  sid: string;
}

/** An apptoken: a JWT (HS256) for `APPTOKEN_TTL_SECONDS`. */
export function signAppToken(claims: AppClaims, secret: string, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return sign({ ...claims, iat, exp: iat + APPTOKEN_TTL_SECONDS }, secret, 'HS256');
}

/** The claims of a valid, unexpired apptoken, else undefined; a token that does not say when it expires is no apptoken of ours. */
export async function readAppToken(token: string | undefined, secret: string): Promise<AppClaims | undefined> {
  if (!token || token.length > 2048) return undefined;
  try {
    const payload = await verify(token, secret, 'HS256');
    if (typeof payload.exp !== 'number') return undefined;
    return typeof payload.sub === 'string' && typeof payload.sid === 'string' ? { sub: payload.sub, sid: payload.sid } : undefined;
  } catch {
    return undefined;
  }
}
