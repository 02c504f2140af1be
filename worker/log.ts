/**
 * The worker's one way to write a log line (docs/decisions/0030, 0065). Workers Logs keep what
 * the worker writes; a log line must never carry a credential or a visitor's address, so every
 * line goes through `scrub` first: email addresses, secrets by their name wherever they stand
 * (`SESSION_SECRET=…`, `"db_password": "…"`, `Authorization: Bearer …`, `x-api-key: …`), bearer
 * credentials, JSON Web Tokens, long random values and the query of any URL are replaced. Ids
 * that are no secret stay readable: a version id, a session or user id (one UUID), a release.
 * The platform's own invocation logs and traces, which record each request's full URL, are off
 * (wrangler.toml `[observability]`).
 */

// An address (quotes left out of the local part, so a quoted address loses its quotes only).
const EMAIL = /[\p{L}\p{M}\p{N}.!#$%&*+/=?^_`{|}~-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+/gu;
// A URL's query and fragment: kept is its origin and path.
const URL_QUERY = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;
// A JSON Web Token.
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
// A credential after its scheme, wherever it stands: `Bearer eyJ…`, `Basic dXNlcjpwYXNz`.
const SCHEME = /\b(Bearer|Basic|Token)\s+(?!<)[^\s"',;)}\]]+/g;
// A long random value (at least 32 characters, letters and digits): a reset token, a signature,
// a key. One UUID alone is an id (a version, a session, a user), and stays.
const LONG = /(?<![\w-])(?=[\w+/=-]*\d)(?=[\w+/=-]*[a-z])[\w+/=-]{32,}/gi;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A name and the value after it: `name=value`, `name: value`, `"name": "value"` (JSON, the
 * value up to its closing quote), `name value`. The name is any identifier; `secretName`
 * decides. A value may start with an auth scheme (`Authorization: Bearer …`), which goes with it.
 */
const NAMED = /(?<![\w.])(["']?)([A-Za-z][\w.-]*)\1(\s*[:=]\s*|\s+)(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|((?:(?:Bearer|Basic|Token)\s+)?[^\s"'&,;)}\]]+))/g;

/** The words that make a name a secret's, as a whole part of it (`DB_PASSWORD`, `sessionSecret`, `x-api-key`). */
const SECRET_WORDS = new Set([
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'token',
  'apptoken',
  'reftoken',
  'apikey',
  'credential',
  'credentials',
  'signature',
  'sig',
  'reset',
  'cookie',
  'authorization',
]);
/** Two parts that together name a secret: `api_key`, `access-key`, `privateKey`, `session_key`. */
const SECRET_PAIRS = new Set(['api key', 'access key', 'private key', 'secret key', 'signing key', 'session key', 'client secret', 'set cookie']);

/** Whether a name (an identifier, a header, a JSON key) names a secret: one of its parts is a secret's word. */
function secretName(name: string): boolean {
  const parts = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  return parts.some((part, i) => SECRET_WORDS.has(part) || SECRET_PAIRS.has(`${part} ${parts[i + 1] ?? ''}`));
}

/** A value after a name and a space only (`reftoken abc…`, not `password mismatch`): something with a digit or a symbol, or long. */
const credentialLike = (value: string) => /[\d+/=_-]/.test(value) || value.length >= 20;

/** Replaces the value of every secret's name (`NAMED`), leaving every other name and value as it was. */
function redactNamed(text: string): string {
  let out = '';
  let last = 0;
  NAMED.lastIndex = 0;
  for (let m = NAMED.exec(text); m; m = NAMED.exec(text)) {
    const [whole, quote = '', name = '', separator = '', doubled, single, bare] = m;
    const spaced = /^\s+$/.test(separator);
    if (!secretName(name) || (spaced && bare !== undefined && !credentialLike(bare))) {
      // Not a secret's: look again from the next character, so a name inside what this match
      // took for a value (`user token=…`) is still found.
      NAMED.lastIndex = m.index + 1;
      continue;
    }
    const value = doubled !== undefined ? '"<redacted>"' : single !== undefined ? "'<redacted>'" : '<redacted>';
    out += `${text.slice(last, m.index)}${quote}${name}${quote}${separator}${value}`;
    last = m.index + whole.length;
  }
  return out + text.slice(last);
}

/** A text as it may be logged: no address, no secret, no URL query. */
export function scrub(text: string): string {
  return redactNamed(text.replace(URL_QUERY, '$1?…'))
    .replace(SCHEME, '$1 <redacted>')
    .replace(JWT, '<token>')
    .replace(EMAIL, '<email>')
    .replace(LONG, (value) => (UUID.test(value) ? value : '<token>'));
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

/** How a request line is written: `json` deployed (Workers Logs index its fields), `compact` locally, where a person reads it. */
export type RequestLineFormat = 'json' | 'compact';

/**
 * Logs one request (docs/decisions/0065): only what the caller picked, fixed names and numbers,
 * every string scrubbed all the same. Deployed it is one JSON line; locally (`npm start`) the
 * same fields on one short line, `request GET route=* page=home edition=us status=200 …`.
 */
export function logRequest(line: Readonly<Record<string, string | number | undefined>>, format: RequestLineFormat = 'json'): void {
  const clean = Object.entries(line).flatMap(([key, value]) => (value === undefined ? [] : [[key, typeof value === 'string' ? scrub(value) : value] as const]));
  if (format === 'json') console.log(JSON.stringify(Object.fromEntries(clean)));
  else console.log(clean.map(([key, value]) => (key === 'event' ? String(value) : `${key}=${value}`)).join(' '));
}
