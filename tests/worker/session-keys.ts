import { env } from 'cloudflare:test';
import { REUSE_GRACE_MS } from '../../worker/account/records';

/**
 * The browser's part of a session in worker tests (docs/decisions/0036): the account API
 * hands a session's key over in an HttpOnly cookie beside the tokens, and the tokens work
 * only with it. Tests keep each key by the tokens it came with, and send it with a request
 * that carries them, as the browser that received both would.
 */
const keys = new Map<string, string>();

/**
 * Moves the use of a US member's spent refresh tokens back past the grace a late tab has
 * (docs/decisions/0044): presenting one again is then a replay, not a tab that was behind.
 */
export async function spentLongAgo(userId: string): Promise<void> {
  await env.ACCOUNTS_US.prepare(
    'UPDATE refresh_tokens SET used_at = used_at - ?1 WHERE used_at IS NOT NULL AND session_id IN (SELECT id FROM sessions WHERE user_id = ?2)',
  )
    .bind(REUSE_GRACE_MS, userId)
    .run();
}

/** The `name=value` of the session-key cookie an answer sets, if it sets one. */
export function keyCookie(res: Response): string | undefined {
  return res.headers
    .getSetCookie()
    .find((cookie) => /^(__Secure-)?session-key-/.test(cookie))
    ?.split(';')[0];
}

/** Remembers the key an answer set, beside the tokens its data carries. */
export function keepKey(res: Response, data: unknown): void {
  const cookie = keyCookie(res);
  if (!cookie || !data || typeof data !== 'object') return;
  for (const name of ['apptoken', 'reftoken'] as const) {
    const token = (data as Record<string, unknown>)[name];
    if (typeof token === 'string') keys.set(token, cookie);
  }
}

/**
 * The headers of a request with the key its tokens came with, unless it names its own
 * Cookie; `over` then replaces headers (a forged token sent with a real session's key).
 */
export function withKey(headers: Record<string, string>, over: Record<string, string> = {}): Record<string, string> {
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'cookie')) return { ...headers, ...over };
  const cookie = keys.get(headers.apptoken ?? '') ?? keys.get(headers.reftoken ?? '');
  return { ...headers, ...(cookie ? { Cookie: cookie } : {}), ...over };
}
