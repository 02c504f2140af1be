import { LOGIN_REDIRECT_MS } from '../../kernel/session';
import { clearSession, loginPath, readSession, saveSession, tokens, withSessionLock } from './session';
import { toast } from './toasts';
import { CODES } from '../../kernel/codes';

/**
 * The browser's API client (docs/spec/platform.md §7, §8; docs/design.md, "Calls and errors";
 * docs/decisions/0017-client-session.md). Every call carries the session tokens, the region
 * and Accept-Language (`en` for English editions, else the region code), and unwraps the
 * `{code, msg, data}` envelope:
 * - 2000 resolves with `data`;
 * - 4003 (no session) refreshes the tokens once, when a user id and both tokens are stored
 *   (one tab at a time: `refresh`), and repeats the call; else the session is cleared, the
 *   error toast says the login expired and, 2 s later, the edition's log-in page opens
 *   (coming back here after);
 * - any other code rejects with an ApiError and, unless the call says `toast: false`, an
 *   error toast: the server's message, else `api.message.{code}`, else `api.message.default`;
 * - a network or transport failure rejects without a toast.
 * A result the server fetched for the page (`<script type="application/json"
 * data-api-prefetch>`) is used once instead of calling again when method, URL, params and
 * data all match.
 */

/** An API answer other than success; `msg` is already in the visitor's language. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Default timeout of a call (docs/spec/platform.md §9): 60 s. */
const TIMEOUT = 60_000;

/** What a call may say besides its path. */
interface CallOptions {
  /** Query parameters. */
  params?: Record<string, string>;
  /** The JSON body (POST). */
  data?: unknown;
  /** `false`: reject without an error toast (the caller shows the error itself). */
  toast?: boolean;
  /** Milliseconds before the call is abandoned (a network error). */
  timeout?: number;
}

type Method = 'GET' | 'POST';
interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

const REFRESH_PATH = '/account/user/sign_in/refresh';

/** The edition of the current page, from the attributes the server wrote on <html>. */
function pageEdition(): { region: string; lang: string } {
  const root = document.documentElement;
  return { region: root.dataset.region ?? 'us', lang: root.lang || 'en-US' };
}

let messages: Record<string, string> = {};

/**
 * The edition's `api.message` table, for answers that carry no message of their own; the
 * islands that call the API pass it in from their props.
 */
export function setMessages(table: Record<string, string>): void {
  messages = { ...messages, ...table };
}

/** The text for an answer: the server's message, else `api.message.{code}`, else `api.message.default`. */
function messageFor(code: number, msg: string): string {
  return msg || messages[String(code)] || messages.default || '';
}

function headers(method: Method): Record<string, string> {
  const { region, lang } = pageEdition();
  const out: Record<string, string> = { region, 'Accept-Language': lang.startsWith('en') ? 'en' : region };
  if (method === 'POST') out['Content-Type'] = 'application/json';
  const { apptoken, reftoken } = tokens();
  if (apptoken) out.apptoken = apptoken;
  if (reftoken) out.reftoken = reftoken;
  return out;
}

/** The key under which a result is reused: method, URL, params and data. */
function reuseKey(method: Method, path: string, params: Record<string, string> = {}, data: unknown = null): string {
  return JSON.stringify([method, path, params, data]);
}

let prefetched: Map<string, unknown> | undefined;

/** Results the server fetched for this page, read once from the page. */
function prefetchedResults(): Map<string, unknown> {
  if (prefetched) return prefetched;
  prefetched = new Map();
  for (const element of document.querySelectorAll('script[type="application/json"][data-api-prefetch]')) {
    try {
      const entries = JSON.parse(element.textContent ?? '[]') as {
        method: Method;
        url: string;
        params?: Record<string, string>;
        data?: unknown;
        result: unknown;
      }[];
      for (const entry of entries) prefetched.set(reuseKey(entry.method, entry.url, entry.params, entry.data), entry.result);
    } catch {
      // A malformed entry is no result: the call goes to the server.
    }
  }
  return prefetched;
}

/** One round trip: the envelope, or a rejection for a network or transport failure. */
async function send(method: Method, path: string, options: CallOptions): Promise<Envelope> {
  const base = document.documentElement.dataset.api ?? '';
  const query = options.params ? `?${new URLSearchParams(options.params)}` : '';
  const res = await fetch(`${base}${path}${query}`, {
    method,
    headers: headers(method),
    body: method === 'POST' ? JSON.stringify(options.data ?? {}) : undefined,
    signal: AbortSignal.timeout(options.timeout ?? TIMEOUT),
    // The tokens travel in headers; the session's key, an HttpOnly cookie no script reads,
    // goes along (to an API on another origin of ours too), and the tokens work only beside
    // it (docs/decisions/0036).
    credentials: 'include',
  });
  const envelope = (await res.json().catch(() => null)) as Partial<Envelope> | null;
  if (!envelope || typeof envelope.code !== 'number') return { code: res.status, msg: '', data: {} };
  return { code: envelope.code, msg: typeof envelope.msg === 'string' ? envelope.msg : '', data: envelope.data ?? {} };
}

let refreshing: Promise<boolean> | undefined;

/**
 * Exchanges the stored reftoken for new tokens (the answer rotates both), after a call that
 * sent `refused` as its apptoken was answered 4003. Calls of this page that fail together
 * share one refresh, and the tabs of this browser take turns (the session lock): a tab that
 * waited finds the apptoken another tab stored meanwhile and uses it, rather than spending
 * a reftoken already rotated. Should its storage not show that apptoken yet, the server
 * answers the late tab with tokens of its own (docs/decisions/0044). False when there is
 * nothing to refresh or the server refuses it; a network failure rejects.
 */
function refresh(refused: string): Promise<boolean> {
  refreshing ??= withSessionLock(async () => {
    const session = readSession();
    if (!session?.apptoken || !session.reftoken) return false;
    if (session.apptoken !== refused) return true;
    const answer = await send('GET', REFRESH_PATH, { params: { user_id: session.userId } });
    const data = answer.data as { user_id?: string; apptoken?: string; reftoken?: string };
    if (answer.code !== CODES.success || !data.apptoken || !data.reftoken) return false;
    saveSession({ user_id: data.user_id ?? session.userId, apptoken: data.apptoken, reftoken: data.reftoken });
    return true;
  }).finally(() => (refreshing = undefined));
  return refreshing;
}

let expiring = false;

/** The session is over: cleared, said so, and 2 s later the log-in page (docs/spec/platform.md §8). */
function expire(msg: string): void {
  clearSession();
  if (expiring) return;
  expiring = true;
  toast(messageFor(CODES.invalidSession, msg), { tone: 'error' });
  const to = loginPath();
  setTimeout(() => location.assign(to), LOGIN_REDIRECT_MS);
}

/** Calls the API and resolves with the envelope's data; see the module comment for every other outcome. */
async function request<T>(method: Method, path: string, options: CallOptions = {}): Promise<T> {
  const key = reuseKey(method, path, options.params, options.data);
  const reused = prefetchedResults();
  if (reused.has(key)) {
    const result = reused.get(key);
    reused.delete(key);
    return result as T;
  }
  const sent = tokens().apptoken;
  let answer = await send(method, path, options);
  if (answer.code === CODES.invalidSession && path !== REFRESH_PATH) {
    if (sent && (await refresh(sent))) answer = await send(method, path, options);
    if (answer.code === CODES.invalidSession) {
      expire(answer.msg);
      throw new ApiError(CODES.invalidSession, messageFor(CODES.invalidSession, answer.msg));
    }
  }
  if (answer.code === CODES.success) return answer.data as T;
  const text = messageFor(answer.code, answer.msg);
  if (options.toast !== false) toast(text, { tone: 'error' });
  throw new ApiError(answer.code, text);
}

/** GETs a path. */
export function get<T>(path: string, options: Omit<CallOptions, 'data'> = {}): Promise<T> {
  return request<T>('GET', path, options);
}

/** POSTs JSON. */
export function post<T>(path: string, data: unknown, options: Omit<CallOptions, 'data'> = {}): Promise<T> {
  return request<T>('POST', path, { ...options, data });
}
