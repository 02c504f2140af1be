import type { Context } from 'hono';
import { generateCookie } from 'hono/cookie';
import type { ApiGroup } from '../../content/editions';
import { REFTOKEN_TTL_MS } from '../account/tokens';
import { isLocalHost } from '../host';

/**
 * The session's key in the browser (docs/decisions/0036): a cookie no script can read
 * (HttpOnly), sent only to the account API (the only calls that take tokens), only from our
 * own pages (SameSite=Strict), only over https (Secure, and so `__Secure-`, except on a local
 * host, which runs on http). The spec's apptoken and reftoken stay in localStorage and
 * work only beside it. One cookie per API group: us and eu share the global origin and keep
 * a session each, as their storage scopes do.
 */

/** Where the cookie is sent: the account API, nothing else (no page, asset or other call). */
const SESSION_KEY_PATH = '/account/user';

/** The cookie's name for an API group, before the `__Secure-` prefix. */
export const sessionKeyName = (group: ApiGroup) => `session-key-${group}`;

/** Whether the request is to a local host, served over plain http: no Secure cookie there. */
const local = (c: Context) => isLocalHost(new URL(c.req.url).host);

type CookieOptions = NonNullable<Parameters<typeof generateCookie>[2]>;

function options(c: Context, maxAge: number): CookieOptions {
  const base = { path: SESSION_KEY_PATH, httpOnly: true, sameSite: 'Strict', maxAge } as const;
  return local(c) ? base : { ...base, secure: true, prefix: 'secure' };
}

/** A session key as the worker makes them (worker/account/tokens.ts `newRefreshToken`): 32 random bytes, base64url. */
const KEY = /^[A-Za-z0-9_-]{43}$/;
/** How many cookies of the name are read at most (a browser keeps about 50 per host at most: Chrome 180, Firefox 150, Safari no limit is documented). */
const KEYS_MAX = 50;

/**
 * Every key the browser sent for an API group's session, well-formed ones only, in the order
 * sent. A browser sends one cookie of the name, unless another host of the parent domain (or
 * a script there) planted one beside ours: sent with the longer path first, the planted one
 * comes before the real key. The session counts when any of them is its key, so a planted
 * cookie cannot lock the member out; it gives no session either (it is not the key).
 * (hono's `getCookie` reads the first of a name only.)
 */
export function sessionKeysOf(c: Context, group: ApiGroup): string[] {
  const name = `${local(c) ? '' : '__Secure-'}${sessionKeyName(group)}`;
  const keys: string[] = [];
  for (const pair of (c.req.header('Cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    if (KEY.test(value) && keys.push(value) >= KEYS_MAX) break;
  }
  return keys;
}

/** The `Set-Cookie` value that gives the browser a session's key for as long as its refresh token lasts (renewed with each refresh). */
export function sessionKeyCookie(c: Context, group: ApiGroup, key: string): string {
  return generateCookie(sessionKeyName(group), key, options(c, REFTOKEN_TTL_MS / 1000));
}

/** The `Set-Cookie` value that removes it (log-out, deletion). */
export function sessionKeyRemoval(c: Context, group: ApiGroup): string {
  return generateCookie(sessionKeyName(group), '', options(c, 0));
}
