import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { REGIONS } from '../../content/editions';
import { FORM_BODY_MAX } from '../../content/forms';
import { CODES } from '../../kernel/codes';
import type { AppEnv } from '../context/types';
import { isOwnOrigin } from '../edition/origins';
import { envelope } from './codes';
import { claimedRegion } from './input';

/** Options of the guard every POST passes before its body is read. */
interface GuardOptions {
  /** Largest body accepted, in bytes: these forms hold an address and a few short fields. */
  maxBytes: number;
  /** Media types accepted: JSON calls and plain HTML form posts. */
  types: readonly string[];
  /** Larger limits for paths that take attachments, by path prefix. */
  larger: Readonly<Record<string, number>>;
}

const DEFAULT_OPTIONS: GuardOptions = {
  maxBytes: 8 * 1024,
  types: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
  // Support forms carry photos or videos, streamed to R2.
  larger: { '/support/forms/': FORM_BODY_MAX },
};

/** Envelope codes of the refusals, by HTTP status. */
const REFUSALS = { 403: CODES.forbidden, 413: CODES.tooLarge, 415: CODES.unsupportedType } as const;

/** A refusal in the API envelope, in the language of the edition the caller names (the body is never read). */
function refuse(c: Context<AppEnv>, status: keyof typeof REFUSALS): Promise<Response> {
  return envelope(c, claimedRegion(c, { fields: {} }, REGIONS, 'us'), REFUSALS[status]);
}

/** Methods without a body: the guard lets them through to their routes. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every POST (every method with a body), before anything reads its body: only from the site's own pages (403 for a
 * cross-site `Sec-Fetch-Site` or a foreign `Origin`; a client that sends neither is no
 * browser, and no other site's visitor), only JSON and form bodies (415), and at most a few kB,
 * counted as the body streams in (413). Nothing is parsed or stored when one fails.
 */
export function postGuard(options: Partial<GuardOptions> = {}) {
  const { maxBytes: small, types, larger } = { ...DEFAULT_OPTIONS, ...options };
  const limits = new Map<number, MiddlewareHandler>();
  const limiter = (maxSize: number) => {
    let limit = limits.get(maxSize);
    if (!limit) limits.set(maxSize, (limit = bodyLimit({ maxSize, onError: (c) => refuse(c, 413) })));
    return limit;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    // Only a request that can carry a body; GET, HEAD and a CORS preflight have none to guard.
    if (BODILESS.has(c.req.method)) return next();
    const maxBytes = Object.entries(larger).find(([prefix]) => c.req.path.startsWith(prefix))?.[1] ?? small;
    const origin = c.req.header('Origin');
    const fetchSite = c.req.header('Sec-Fetch-Site');
    if (fetchSite === 'cross-site' || (origin !== undefined && !isOwnOrigin(origin, new URL(c.req.url), c.var.config))) {
      return refuse(c, 403);
    }
    // Nothing to read, nothing to check (a PUT to a page goes on to its 405).
    if (c.req.raw.body === null) return next();
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!types.includes(type)) return refuse(c, 415);
    const declared = Number(c.req.header('Content-Length') ?? 0);
    if (declared > maxBytes) return refuse(c, 413);
    return limiter(maxBytes)(c, next);
  });
}

/**
 * CORS for the API paths, for when an edition's API base is another origin (API_BASES): the
 * site's own pages may call it with their session headers and credentials; no other origin
 * gets an `Access-Control-Allow-Origin`. A preflight (OPTIONS) is answered here, before any
 * route. On the same origin it changes nothing.
 */
export function apiCors() {
  return cors({
    origin: (origin, c: Context<AppEnv>) => (isOwnOrigin(origin, new URL(c.req.url), c.var.config) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Content-Type', 'Accept', 'Accept-Language', 'apptoken', 'reftoken', 'region'],
    credentials: true,
    maxAge: 600,
  });
}
