import type { Context, Handler } from 'hono';
import { accepts } from 'hono/accepts';
import type { Region } from '../../content/editions';
import { TURNSTILE_ORIGIN } from '../../kernel/captcha';
import type { AppEnv } from '../context/types';
import type { Caller } from '../records/caller';
import { deviceEntriesOf } from './device-cookie';
import { logError } from '../log';

/** The header a script may send Turnstile's token in (a plain form sends it as the widget's field). */
export const CAPTCHA_HEADER = 'cf-turnstile-response';

/** A POST's input, read once by the one reader every POST handler uses. */
export interface PostInput {
  /** Fields as sent: a JSON object's members, or a form's fields (repeated fields as lists, which schemas refuse). */
  fields: Record<string, unknown>;
  /** A multipart form's non-empty files (`attachments`); never among `fields`. */
  files: File[];
  /** Whether the body was a JSON object or a form at all; an unreadable body leaves `fields` empty. */
  readable: boolean;
  /** How the body came: a JSON document or a form (urlencoded or multipart). */
  type: 'json' | 'form';
  /** Whether the caller wants the API envelope rather than a page (see `wantsJson`). */
  json: boolean;
  /** The client's address, which rate limits count by. */
  client: string;
}

/**
 * Whether the caller wants the API envelope: a JSON body, or a form body sent by a script
 * that asks for JSON (an enhanced form). A browser's plain form post asks for HTML and is
 * answered by its page's action.
 */
function wantsJson(c: Context): boolean {
  if ((c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json')) return true;
  return accepts(c, { header: 'Accept', supports: ['text/html', 'application/json'], default: 'text/html' }) === 'application/json';
}

/**
 * The client's address, which rate limits count by: an IPv4 address as it is, an IPv6 one by
 * its /64 (one subscriber's network: a host picks any address in it at will).
 */
function clientOf(c: Context): string {
  return clientKey(c.req.header('CF-Connecting-IP'));
}

/** `clientOf` for an address as given: `2001:db8:1:2::/64` for any address of that /64. */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  if (!address.includes(':')) return address.slice(0, 64);
  // An IPv4 client reaching us over IPv6 (::ffff:192.0.2.1) is that IPv4 client.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:192.0.2.1) takes two groups; only the first four groups matter here.
  const width = right.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - width)).fill('0'), ...right] : left;
  if (groups.length < 4 || groups.slice(0, 4).some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address.slice(0, 64);
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Reads a POST's body (after the guard has checked its type and size): never throws. */
export async function readInput(c: Context): Promise<PostInput> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json') ? 'json' : 'form';
  const base = { json: wantsJson(c), client: clientOf(c), type } as const;
  try {
    if (type === 'json') {
      const body: unknown = await c.req.json();
      const object = body !== null && typeof body === 'object' && !Array.isArray(body);
      return { ...base, fields: object ? { ...body } : {}, files: [], readable: object };
    }
    const form = await c.req.parseBody({ all: true });
    const files = [form.attachments].flat().filter((f): f is File => f instanceof File && f.size > 0);
    const fields = Object.fromEntries(Object.entries(form).filter(([name]) => name !== 'attachments'));
    return { ...base, fields, files, readable: true };
  } catch {
    return { ...base, fields: {}, files: [], readable: false };
  }
}

/**
 * The edition a POST is for, among `allowed`: the body's `region`, else the `region` header
 * (docs/spec/platform.md §7), else `fallback`. It picks the answer's language, and the
 * rule's storage where the rule has no region of its own.
 */
export function claimedRegion<R extends Region>(c: Context, input: Pick<PostInput, 'fields'>, allowed: readonly R[], fallback: R): R {
  const named = (value: unknown) => allowed.find((region) => region === value);
  return named(input.fields.region) ?? named(c.req.header('region')) ?? fallback;
}

/**
 * Who posts, for the storing rules: the bindings, the client's address, `waitUntil`, the
 * CAPTCHA token the post carried (checked once however often a rule asks: a token is good for
 * one verification), and the browser's device cookie.
 */
export function callerOf<E extends AppEnv>(c: Context<E>, captcha?: unknown): Caller {
  let verdict: Promise<boolean> | undefined;
  // The token may travel in a header instead, so a rule can check it before reading a body.
  const verified = () => (verdict ??= human(c, captcha ?? c.req.header(CAPTCHA_HEADER)));
  return {
    env: c.env,
    client: clientOf(c),
    defer: (work) => c.executionCtx.waitUntil(work),
    human: verified,
    provedHuman: async () => Boolean(c.var.config.turnstileSiteKey) && (await verified()),
    devices: deviceEntriesOf(c),
  };
}

/**
 * Whether the sender passed the CAPTCHA (the support forms, the lucky draw, a new account):
 * its token verified with Turnstile on the server where a site key is configured; without
 * one (local runs) everyone passes. A site key without its secret refuses everyone, and says
 * so in the log: the pages show the widget, so the check must not silently pass.
 */
export async function human<E extends AppEnv>(c: Context<E>, token: unknown): Promise<boolean> {
  const { turnstileSiteKey, turnstileSecret: secret } = c.var.config;
  if (!turnstileSiteKey) return true;
  if (!secret) {
    logError('captcha: TURNSTILE_SITE_KEY is set without TURNSTILE_SECRET; every CAPTCHA is refused');
    return false;
  }
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return false;
  const body = new FormData();
  body.append('secret', secret);
  body.append('response', token);
  const ip = c.req.header('CF-Connecting-IP');
  if (ip) body.append('remoteip', ip);
  try {
    const res = await fetch(`${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`, { method: 'POST', body });
    return ((await res.json()) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}

/**
 * One path, two callers: a script wanting the API envelope gets `json` (worker/api/), a
 * browser's plain form post gets the page's action (worker/pages/). The two never import
 * each other; this choice is made where the route is declared.
 */
export function byCaller<E extends AppEnv>(json: Handler<E>, page: Handler<E>): Handler<E> {
  return (c, next) => (wantsJson(c) ? json(c, next) : page(c, next));
}
