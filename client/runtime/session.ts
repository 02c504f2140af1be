import type { Region } from '../../content/editions';
import { editionPath } from '../../kernel/paths';
import type { Profile } from '../../kernel/profile';
import { POPUP_SEEN_KEY } from '../../kernel/popup';
import { FLASH_KEY, SESSION_KEYS, sessionKey, type SessionKey } from '../../kernel/session';

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

/** The most characters (graphemes) the header's member label shows: it fits beside the menu at 390 px. */
const LABEL_MAX = 12;

/**
 * What the header's entry calls the member: their name, else the part of their address
 * before the `@` (`ann.lee` for ann.lee@example.com), cut to `LABEL_MAX` characters with an
 * ellipsis, so it fits a phone's header without the middle of an address cut out.
 */
export function memberLabel(session: Session | null): string {
  const info = session?.userInfo;
  const text = info?.name?.trim() || (info?.email ?? '').split('@')[0] || '';
  const characters = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
  return characters.length > LABEL_MAX ? `${characters.slice(0, LABEL_MAX - 1).join('')}…` : text;
}

/**
 * Runs `work` while holding this storage scope's session lock (Web Locks), so of the tabs
 * of this browser one at a time refreshes the session: refresh tokens rotate, and two tabs
 * spending the same one would end it (docs/decisions/0036). Without Web Locks, it just runs.
 */
export function withSessionLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(`${scope()}/session`, work) as Promise<T>) : work();
}

/** Keeps a message for the next page of this tab, which the header's entry shows (`takeFlash`). */
export function flash(message: string): void {
  try {
    sessionStorage.setItem(FLASH_KEY, message);
  } catch {
    // No storage: the page just does not say it.
  }
}

/** The message the page before left for this one, once. */
export function takeFlash(): string {
  try {
    const message = sessionStorage.getItem(FLASH_KEY) ?? '';
    sessionStorage.removeItem(FLASH_KEY);
    return message;
  } catch {
    return '';
  }
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
