import type { Context, Handler } from 'hono';
import { accepts } from 'hono/accepts';
import { EDITIONS, type Region } from '../../content/editions';
import { TURNSTILE_ORIGIN } from '../../kernel/captcha';
import type { AppEnv } from '../context/types';
import type { Caller } from '../records/caller';
import { groupStorage } from '../records/groups';
import { allow } from '../records/rate-limit';
import { deviceEntriesOf } from './device-cookie';
import { logError } from '../log';

/** The header a script may send Turnstile's token in (a plain form sends it as the widget's field). */
const CAPTCHA_HEADER = 'cf-turnstile-response';

/** A POST's input, read once by the one reader every POST handler uses. */
export interface PostInput {
  /** Fields as sent: a JSON object's members, or a form's fields (repeated fields as lists, which schemas refuse). */
  fields: Record<string, unknown>;
  /** A multipart form's non-empty files (`attachments`); never among `fields`. */
  files: File[];
  /** How many `attachments` parts came with content but no file name: refused by name, never dropped unsaid. */
  unnamed: number;
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

/** Parts a form body may have at most: the largest form has some 20 fields and 5 files. */
const FORM_PARTS_MAX = 64;

const encoder = new TextEncoder();

/**
 * A form body's bytes, read as they stream in while its parts are counted (a multipart
 * body's boundaries, an urlencoded body's `&`): past `maxParts` the read stops and nothing is
 * parsed (undefined). The guard has capped the bytes; this caps the work per byte, so a body
 * of 100,000 empty fields is refused at its 65th, not parsed whole.
 */
async function cappedForm(c: Context, maxParts: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const type = c.req.header('Content-Type') ?? '';
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const needle = encoder.encode(boundary ? `--${boundary[1] ?? boundary[2]}` : '&');
  // A multipart body has one delimiter more than parts; an urlencoded one, one `&` fewer.
  const limit = boundary ? maxParts + 1 : maxParts - 1;
  const reader = c.req.raw.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  let tail = new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    // Count the needle in this chunk with the end of the last one before it (a needle may straddle two).
    const window = new Uint8Array(tail.length + value.length);
    window.set(tail);
    window.set(value, tail.length);
    for (let at = 0; at <= window.length - needle.length; at++) {
      let match = true;
      for (let i = 0; i < needle.length && match; i++) match = window[at + i] === needle[i];
      if (match && ++seen > limit) {
        await reader.cancel();
        return undefined;
      }
      if (match) at += needle.length - 1;
    }
    tail = window.slice(Math.max(0, window.length - needle.length + 1));
  }
  const body = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

/**
 * Reads a POST's body (after the guard has checked its type and size): never throws. A form
 * body is counted part by part as it streams in and refused (unreadable) past `maxParts`.
 * A file part that came with content but no file name is kept (a refusal names it); an empty
 * one is a file input left empty.
 */
export async function readInput(c: Context, options: { maxParts?: number } = {}): Promise<PostInput> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json') ? 'json' : 'form';
  const base = { json: wantsJson(c), client: clientOf(c), type } as const;
  try {
    if (type === 'json') {
      const body: unknown = await c.req.json();
      const object = body !== null && typeof body === 'object' && !Array.isArray(body);
      return { ...base, fields: object ? { ...body } : {}, files: [], unnamed: 0, readable: object };
    }
    const bytes = await cappedForm(c, options.maxParts ?? FORM_PARTS_MAX);
    if (!bytes) return { ...base, fields: {}, files: [], unnamed: 0, readable: false };
    const form = await new Response(bytes, { headers: { 'Content-Type': c.req.header('Content-Type') ?? '' } }).formData();
    const fields: Record<string, unknown> = {};
    const files: File[] = [];
    let unnamed = 0;
    for (const name of new Set(form.keys())) {
      const values = form.getAll(name);
      if (name !== 'attachments') fields[name] = values.length > 1 ? values : values[0];
      else
        for (const file of values) {
          // A part without a file name arrives as text, or as a File named '': either way it is named in the refusal.
          if (typeof file === 'string' ? file.length > 0 : file.size > 0 && file.name.trim() === '') unnamed++;
          else if (typeof file !== 'string' && file.size > 0) files.push(file);
        }
    }
    return { ...base, fields, files, unnamed, readable: true };
  } catch {
    return { ...base, fields: {}, files: [], unnamed: 0, readable: false };
  }
}

/**
 * The edition a POST is for, among `allowed`: the body's `region`, else the query's (a plain
 * form names it in its action, so it is known before the body is read), else the `region`
 * header (docs/spec/platform.md §7), else `fallback`. It picks the answer's language, and the
 * rule's storage where the rule has no region of its own.
 */
export function claimedRegion<R extends Region>(c: Context, input: Pick<PostInput, 'fields'>, allowed: readonly R[], fallback: R): R {
  const named = (value: unknown) => allowed.find((region) => region === value);
  return named(input.fields.region) ?? named(c.req.query('region')) ?? named(c.req.header('region')) ?? fallback;
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
async function human<E extends AppEnv>(c: Context<E>, token: unknown): Promise<boolean> {
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

/** What the gate in front of a support form's body decided. */
export type FormGate =
  { open: false; refusal: 'busy' | 'captcha'; region: Region } | { open: true; region: Region; human: (token: unknown) => Promise<boolean> };

/**
 * The gate in front of a support form's body (docs/decisions/0055): the client is counted
 * (`form-post`) in its edition's API group, named by the query or the header, before a byte of
 * the body is read; a CAPTCHA token sent in a header (the hydrated form sends it so) is checked
 * before the body too. A plain form's token is in its body: checked after the body is read
 * (its parts counted as it streams) and before any attachment is looked at. Either way the
 * token is verified once.
 */
export async function formGate<E extends AppEnv>(c: Context<E>, regions: readonly Region[]): Promise<FormGate> {
  const region = claimedRegion(c, { fields: {} }, regions, 'us');
  const { db } = groupStorage(c.env, EDITIONS[region].apiGroup);
  if (!(await allow(db, 'form-post', clientOf(c), Date.now()))) return { open: false, refusal: 'busy', region };
  const sent = c.req.header(CAPTCHA_HEADER);
  if (sent !== undefined) {
    const passed = await human(c, sent);
    return passed ? { open: true, region, human: () => Promise.resolve(true) } : { open: false, refusal: 'captcha', region };
  }
  let verdict: Promise<boolean> | undefined;
  return { open: true, region, human: (token) => (verdict ??= human(c, token)) };
}

/**
 * One path, two callers: a script wanting the API envelope gets `json` (worker/api/), a
 * browser's plain form post gets the page's action (worker/pages/). The two never import
 * each other; this choice is made where the route is declared.
 */
export function byCaller<E extends AppEnv>(json: Handler<E>, page: Handler<E>): Handler<E> {
  return (c, next) => (wantsJson(c) ? json(c, next) : page(c, next));
}
