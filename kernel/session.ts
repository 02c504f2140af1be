/**
 * Where the browser keeps a member's session (docs/spec/platform.md §3, §4; docs/design.md, "Calls and
 * errors"; docs/decisions/0017-client-session.md). The worker's no-JavaScript log-in hands
 * the session over under the same keys the client runtime reads, so both take them from here.
 */

/** The session's entries, named as the spec names them. */
export const SESSION_KEYS = ['apptoken', 'reftoken', 'userId', 'userInfo'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/**
 * The localStorage key of a session entry in a storage scope (`/us`, `/eu`, `/cn`: the
 * `data-scope` of the page): `/eu/apptoken`. us, kr and jp share the global origin with uk,
 * eu, fr and de, so the scope is part of the key and the two groups never see each other's
 * session; the China edition has its own origin, and its own prefix besides.
 * NOTE: the boot lines (client/runtime/boot.ts) spell the `userId` key out by hand, for bytes.
 */
export function sessionKey(scope: string, key: SessionKey): string {
  return `${scope}/${key}`;
}

/** sessionStorage key of a message for the next page a tab opens (the welcome after registration), shown by the header's entry. */
export const FLASH_KEY = 'session-flash';

/**
 * How long the toasts stay (docs/spec/platform.md §9). Their offsets from the top, 8 px for messages
 * and 24 px for notifications, are in client/styles/site.css (`.toasts-*`).
 */
export const TOAST = {
  message: { ms: 3000 },
  notification: { ms: 4500 },
} as const;

/** After a session that cannot be refreshed, how long the toast shows before the log-in page (docs/spec/platform.md §9). */
export const LOGIN_REDIRECT_MS = 2000;
