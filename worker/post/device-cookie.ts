import type { Context } from 'hono';
import { generateCookie } from 'hono/cookie';
import { isLocalHost } from '../host';

/**
 * The device cookie (docs/decisions/0055; OWASP, "Slow Down Online Guessing Attacks with
 * Device Cookies"): a browser where a member signed in keeps a signed entry naming their
 * address (worker/account/proof.ts). Failed guesses from clients without one are what the
 * per-address ceiling counts; the member's own browser has a budget of its own, so a
 * stranger's hundred wrong passwords never lock them out. Sent with every POST of the site
 * (the log-in page's form and the account API), readable by no script, a year long; a
 * browser shared by several members keeps the newest few.
 */

const NAME = 'device';
/** Entries kept per browser: the members who sign in on it most recently. */
const ENTRIES_MAX = 4;
/** An entry as the worker makes them: a 22-character id and a 43-character signature, base64url. */
const ENTRY = /^[\w-]{22}\.[\w-]{43}$/;

const local = (c: Context) => isLocalHost(new URL(c.req.url).host);
const nameOf = (c: Context) => `${local(c) ? '' : '__Host-'}${NAME}`;

/** The entries of the browser's device cookie, well-formed ones only. */
export function deviceEntriesOf(c: Context): string[] {
  const name = nameOf(c);
  for (const pair of (c.req.header('Cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    return pair
      .slice(at + 1)
      .trim()
      .split('~')
      .filter((entry) => ENTRY.test(entry))
      .slice(0, ENTRIES_MAX);
  }
  return [];
}

/** The `Set-Cookie` value that adds an entry in front of the browser's others (the oldest beyond the few kept go). */
export function deviceCookie(c: Context, entry: string): string {
  const entries = [entry, ...deviceEntriesOf(c).filter((e) => e !== entry)].slice(0, ENTRIES_MAX);
  const base = { path: '/', httpOnly: true, sameSite: 'Strict', maxAge: 365 * 24 * 60 * 60 } as const;
  return generateCookie(NAME, entries.join('~'), local(c) ? base : { ...base, secure: true, prefix: 'host' });
}
