/**
 * The worker's one way to write a log line (docs/decisions/0030). Workers Logs keep what the
 * worker writes; a log line must never carry a credential or a visitor's address, so every
 * line goes through `scrub` first: email addresses, tokens (reset links' `reset=`, apptokens,
 * reftokens, any signed or long random value) and the query of any URL are replaced. The
 * platform's own invocation logs and traces, which record each request's full URL, are off
 * (wrangler.toml `[observability]`).
 */

// An address (quotes left out of the local part, so a quoted address loses its quotes only).
const EMAIL = /[\p{L}\p{M}\p{N}.!#$%&*+/=?^_`{|}~-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;
// A URL's query and fragment: kept is its origin and path.
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;
// A named credential anywhere: `reset=…`, `token: …`, `"apptoken":"…"`, `reftoken …`.
const NAMED = /\b(reset|token|apptoken|reftoken|refresh_token|access_token|secret|password|signature|sig|code)(["']?\s*[:=]\s*["']?|\s+)[^\s"'&,;)}\]]+/gi;
// A JSON Web Token, a UUID (reset tokens are two), a long random value.
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const LONG = /(?<![\w-])(?=[\w+/=-]*\d)(?=[\w+/=-]*[a-z])[\w+/=-]{32,}/gi;

/** A text as it may be logged: no address, no token, no URL query. */
export function scrub(text: string): string {
  return text
    .replace(URL_QUERY, '$1?…')
    .replace(JWT, '<token>')
    .replace(NAMED, '$1$2<redacted>')
    .replace(EMAIL, '<email>')
    .replace(UUID, '<token>')
    .replace(LONG, '<token>');
}

/** What an error may tell the log: its name and its scrubbed message. */
function described(error: unknown): string {
  if (error instanceof Error) return scrub(`${error.name}: ${error.message}`);
  return scrub(String(error));
}

/** Logs a failure: what failed (a fixed text) and the error, scrubbed. */
export function logError(what: string, error?: unknown): void {
  console.error(error === undefined ? scrub(what) : `${scrub(what)}: ${described(error)}`);
}

/** Logs a warning: a fixed text and the error, scrubbed. */
export function logWarning(what: string, error?: unknown): void {
  console.warn(error === undefined ? scrub(what) : `${scrub(what)}: ${described(error)}`);
}

/** Logs a structured warning (Workers Logs index its fields), every string in it scrubbed. */
export function logEvent(event: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>): void {
  const clean = (value: unknown) => (typeof value === 'string' ? scrub(value) : Array.isArray(value) ? value.map((line: string) => scrub(line)) : value);
  console.warn(Object.fromEntries(Object.entries(event).map(([key, value]) => [key, clean(value)])));
}

/**
 * Logs one request as a JSON line (Workers Logs index its fields): only what the caller
 * picked, fixed names and numbers, every string scrubbed all the same.
 */
export function logRequest(line: Readonly<Record<string, string | number | undefined>>): void {
  const clean = Object.fromEntries(
    Object.entries(line).flatMap(([key, value]) => (value === undefined ? [] : [[key, typeof value === 'string' ? scrub(value) : value]])),
  );
  console.log(JSON.stringify(clean));
}
