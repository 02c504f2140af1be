import type { Region } from '../../content/editions';
import { editionPath } from '../../kernel/paths';
import type { Profile } from '../../kernel/profile';
import { POPUP_SEEN_KEY } from '../../kernel/popup';
import { SESSION_KEYS, sessionKey, type SessionKey } from '../../kernel/session';

/**
 * The member's session in this browser (docs/spec/platform.md §3-§6; docs/decisions/0017): the
 * `apptoken`, `reftoken`, `userId` and `userInfo` entries of localStorage, under the page's
 * storage scope (`<html data-scope>`), so the us and eu editions, which share an origin,
 * never see each other's. Logged in = a stored user id. Small on purpose: the header entry
 * and the members-only part import only this, not the API client.
 */

/** A stored session. */
export interface Session {
  userId: string;
  apptoken: string;
  reftoken: string;
  userInfo: Profile | null;
}

/** Fired on window whenever this page changes the session (another tab's change arrives as `storage`). */
const SESSION_EVENT = 'session-change';

const root = () => document.documentElement;

/** The page's storage scope: `/us`, `/eu` or `/cn`. */
function scope(): string {
  return root().dataset.scope || '/us';
}

function read(key: SessionKey): string | null {
  try {
    return localStorage.getItem(sessionKey(scope(), key));
  } catch {
    return null; // Storage blocked: nobody is logged in.
  }
}

function write(entries: Partial<Record<SessionKey, string | null>>): void {
  try {
    for (const [key, value] of Object.entries(entries) as [SessionKey, string | null][]) {
      if (value === null) localStorage.removeItem(sessionKey(scope(), key));
      else localStorage.setItem(sessionKey(scope(), key), value);
    }
  } catch {
    // Storage blocked or full: the session lasts as long as this page.
  }
  dispatchEvent(new Event(SESSION_EVENT));
}

/** The stored profile, as `saveUserInfo` wrote it. */
function parseInfo(text: string | null): Profile | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === 'object' ? (value as Profile) : null;
  } catch {
    return null;
  }
}

/** The stored session, or null when nobody is logged in here. */
export function readSession(): Session | null {
  const userId = read('userId');
  if (!userId) return null;
  return { userId, apptoken: read('apptoken') ?? '', reftoken: read('reftoken') ?? '', userInfo: parseInfo(read('userInfo')) };
}

/** The session's tokens, for the request headers. */
export function tokens(): { apptoken: string | null; reftoken: string | null } {
  return { apptoken: read('apptoken'), reftoken: read('reftoken') };
}

/**
 * Stores what log-in or refresh answered: `{user_id, apptoken, reftoken}`. A member is not a
 * new visitor: the new-user popup (a newsletter invitation) is marked seen in this browser.
 */
export function saveSession(data: { user_id: string; apptoken: string; reftoken: string }): void {
  write({ userId: data.user_id, apptoken: data.apptoken, reftoken: data.reftoken });
  try {
    localStorage.setItem(POPUP_SEEN_KEY, '1');
  } catch {
    // No storage: the popup cannot open either.
  }
}

/** Stores the member's profile, as the account API answered it. */
export function saveUserInfo(info: Profile): void {
  write({ userInfo: JSON.stringify(info) });
}

/** Logs out here: removes every session entry of this scope (docs/spec/platform.md §4). */
export function clearSession(): void {
  write(Object.fromEntries(SESSION_KEYS.map((key) => [key, null])));
}

/** What the header and greetings call the member: their name, else their address. */
export function displayName(session: Session | null): string {
  return session?.userInfo?.name || session?.userInfo?.email || '';
}

/** The edition's log-in page, coming back to `next` (this page by default) afterwards. */
export function loginPath(next: string = location.pathname + location.search): string {
  const region = (root().dataset.region || 'us') as Region;
  return `${editionPath(region, '/login')}?next=${encodeURIComponent(next)}`;
}

/** Calls `listener` when the session changes in this page or another tab; returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  const storage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(`${scope()}/`)) listener();
  };
  addEventListener(SESSION_EVENT, listener);
  addEventListener('storage', storage);
  return () => {
    removeEventListener(SESSION_EVENT, listener);
    removeEventListener('storage', storage);
  };
}
