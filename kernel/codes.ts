/**
 * The API envelope's result codes by name (docs/spec/platform.md §8, docs/decisions/0013): the
 * one list the worker's status table (worker/post/codes.ts) and the islands both read, so
 * neither side checks a raw number. A code's HTTP status is the worker's table's; its message
 * is `common.api.message.{code}` in the edition's language.
 */
export const CODES = {
  /** Success: the data is returned. */
  success: 2000,
  /** The input breaks a rule (a field, the CAPTCHA). */
  invalid: 4000,
  /** Wrong address or password. */
  credentials: 4001,
  /** A new password too weak, too common or of the wrong length. */
  weakPassword: 4002,
  /** No live session: the browser refreshes once, else logs in again. */
  invalidSession: 4003,
  /** The agreement to the terms is missing. */
  agreement: 4004,
  /** A conflict with what just happened: a draw that closed, an address registered a moment ago. */
  conflict: 4009,
  /** The body is larger than the path takes (the POST guard). */
  tooLarge: 4013,
  /** The body is of a type the path does not take (the POST guard). */
  unsupportedType: 4015,
  /** Too many requests: try again later. */
  busy: 4029,
  /** Not from the site's own pages (the POST guard). */
  forbidden: 4030,
  /** No such form or thing. */
  notFound: 4040,
  /** The service cannot answer now. */
  unavailable: 5000,
} as const;

/** A code the site answers. */
export type Code = (typeof CODES)[keyof typeof CODES];
