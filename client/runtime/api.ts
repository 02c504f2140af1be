/**
 * The browser's API client (platform spec §7): every call carries the session tokens, the
 * region and Accept-Language (`en` for English editions, else the region code), and unwraps
 * the `{code, msg, data}` envelope: 2000 resolves with `data`, any other code rejects.
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

/** The edition of the current page, from the attributes the server wrote on <html>. */
export function pageEdition(): { region: string; lang: string } {
  const root = document.documentElement;
  return { region: root.dataset.region ?? 'us', lang: root.lang || 'en-US' };
}

function headers(): Record<string, string> {
  const { region, lang } = pageEdition();
  const out: Record<string, string> = { region, 'Accept-Language': lang.startsWith('en') ? 'en' : region, 'Content-Type': 'application/json' };
  try {
    const apptoken = localStorage.getItem('apptoken');
    const reftoken = localStorage.getItem('reftoken');
    if (apptoken) out.apptoken = apptoken;
    if (reftoken) out.reftoken = reftoken;
  } catch {
    // Storage blocked: the call goes without a session.
  }
  return out;
}

/** Default timeout of a call (platform spec §9): 60 s. */
export const TIMEOUT = 60_000;

/** POSTs JSON and resolves with the envelope's data, or rejects with an ApiError (or a network error). */
export async function post<T>(path: string, body: unknown, timeout = TIMEOUT): Promise<T> {
  const base = document.documentElement.dataset.api ?? '';
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeout),
    credentials: base ? 'include' : 'same-origin',
  });
  const envelope = (await res.json().catch(() => null)) as { code?: unknown; msg?: unknown; data?: unknown } | null;
  if (!envelope || typeof envelope.code !== 'number') throw new ApiError(res.status, '');
  if (envelope.code !== 2000) throw new ApiError(envelope.code, typeof envelope.msg === 'string' ? envelope.msg : '');
  return (envelope.data ?? {}) as T;
}
