import type { Context, Handler } from 'hono';
import { accepts } from 'hono/accepts';
import { z } from 'zod';
import { TURNSTILE_ORIGIN } from '../../kernel/captcha';
import { EDITIONS, REGIONS, type ApiGroup, type Region } from '../../content/editions';
import { ATTACHMENTS, FIELD_NAMES, FORM_KINDS, FORM_LAYOUT, FORMS, type FieldName, type FormKind } from '../../content/forms';
import { FORM_FIELDS, sniffMedia } from '../../kernel/forms';
import { findPage } from '../../content/pages';
import { createTranslator } from '../../locales';
import { CACHE } from '../cache';
import { store } from '../context/content';
import { siteOf } from '../context/site';
import type { AppEnv } from '../context/types';
import { editionPath } from '../../kernel/paths';
import { configOf } from '../env';
import { renderPage } from '../pages/respond';
import { refusedFormView, type FormOutcome } from '../pages/support/form-page';
import { withinLimit } from './rate-limit';

const AnyRegion = z.enum(REGIONS);

/** A stored attachment. */
interface Stored {
  key: string;
  type: string;
  size: number;
  name: string;
}

/** Why a submission was refused: the fields a visitor must correct. */
type Problems = Record<string, 'invalid' | 'required'>;

function groupStorage(c: Context<AppEnv>, group: ApiGroup) {
  return {
    db: { us: c.env.ACCOUNTS_US, eu: c.env.ACCOUNTS_EU, cn: c.env.ACCOUNTS_CN }[group],
    bucket: { us: c.env.ATTACHMENTS_US, eu: c.env.ATTACHMENTS_EU, cn: c.env.ATTACHMENTS_CN }[group],
  };
}

/** A reference a visitor can quote: `RMA-7K3Q9XWD`, no look-alike characters. */
function reference(kind: FormKind): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${FORMS[kind].prefix}-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** A day in milliseconds: how long a double submit is recognised. */
const DAY = 86_400_000;

/** A submission's fingerprint on a UTC day (days since the epoch): its content and the day, hashed. */
export function submissionFingerprint(
  content: { kind: FormKind; region: Region; fields: object; files: readonly (readonly [string, number, string])[] },
  day: number,
): Promise<string> {
  return sha256(`${JSON.stringify([content.kind, content.region, content.fields, content.files])}:${day}`);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function readBody(c: Context<AppEnv>): Promise<{ fields: Record<string, unknown>; files: File[] } | undefined> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  try {
    if (type.startsWith('application/json')) {
      const json: unknown = await c.req.json();
      return json && typeof json === 'object' && !Array.isArray(json) ? { fields: { ...json }, files: [] } : undefined;
    }
    const form = await c.req.parseBody({ all: true });
    const files = [form.attachments].flat().filter((f): f is File => f instanceof File && f.size > 0);
    const fields = Object.fromEntries(Object.entries(form).filter(([k]) => k !== 'attachments'));
    return { fields, files };
  } catch {
    return undefined;
  }
}

/** Checks attachments by count, size and content (not by their claimed type). */
async function checkFiles(kind: FormKind, files: File[]): Promise<{ file: File; type: string }[] | undefined> {
  if (files.length === 0) return [];
  if (!FORMS[kind].attachments || files.length > ATTACHMENTS.maxFiles) return undefined;
  const checked = [];
  for (const file of files) {
    if (file.size > ATTACHMENTS.maxBytes) return undefined;
    const type = sniffMedia(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
    if (!type) return undefined;
    checked.push({ file, type });
  }
  return checked;
}

/** Verifies a Turnstile token on the server, when a secret is configured. */
async function captchaPasses(c: Context<AppEnv>, token: unknown): Promise<boolean> {
  const secret = configOf(c.env).turnstileSecret;
  if (!secret) return true;
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

/** Text fields a refused plain post sent back into its form: known names only, never files or tokens. */
const KEPT_VALUE_MAX = 4_000;
function keptValues(fields: Record<string, unknown> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of FIELD_NAMES) {
    const value = fields?.[name];
    if (typeof value === 'string' && name !== 'attachments') kept[name] = value.slice(0, KEPT_VALUE_MAX);
  }
  return kept;
}

/**
 * A browser's plain form post, answered in HTML: the edition's form page again with the
 * values and a message beside each field (400), or with a message about the whole form
 * (429, 503); a stored record goes on to the page's confirmation (303, so a reload does not
 * post again).
 */
async function answerPage(c: Context<AppEnv>, region: Region, kind: FormKind, outcome: Outcome, fields: Record<string, unknown> | undefined) {
  const slug = FORMS[kind].slug;
  if (outcome.code === 2000 && outcome.reference) {
    c.header('Cache-Control', CACHE.none);
    return c.redirect(`${editionPath(region, `/${slug}`)}?form=ok&ref=${outcome.reference}#form`, 303);
  }
  const [bundle, schedule] = await Promise.all([store.bundle(c.env.CONTENT, region), store.schedule(c.env.CONTENT)]);
  c.set('edition', EDITIONS[region]);
  c.set('slug', slug);
  c.set('bundle', bundle);
  c.set('schedule', schedule);
  const base = siteOf(c);
  const site = { ...base, url: new URL(base.href(`/${slug}`), c.req.url) };
  const { t } = site;
  const errors = { ...outcome.problems };
  let formError: string | undefined;
  const onForm = new Set(FORM_LAYOUT[kind].flatMap((g) => g.fields).filter((f) => f !== 'attachments' || FORMS[kind].attachments));
  if (errors.captcha) formError = t('forms.captcha');
  else if (outcome.code !== 4000 || !Object.keys(errors).some((f) => onForm.has(f as FieldName))) {
    formError = t(`common.api.message.${outcome.code}`) || t('common.api.message.default');
  }
  const status = outcome.code === 4029 ? 429 : outcome.code === 5000 ? 503 : 400;
  const view: FormOutcome = { values: keptValues(fields), errors, ...(formError ? { formError } : {}) };
  const res = await renderPage(c, site, findPage(slug)!, refusedFormView(kind, view), status);
  // What the visitor typed is in this answer: never stored anywhere.
  res.headers.set('Cache-Control', CACHE.none);
  return res;
}

interface Outcome {
  reference?: string;
  problems?: Problems;
  code: number;
}

async function answer(c: Context<AppEnv>, region: Region, kind: FormKind, outcome: Outcome, json: boolean, fields?: Record<string, unknown>) {
  if (!json) return answerPage(c, FORMS[kind].regions.includes(region) ? region : FORMS[kind].regions[0]!, kind, outcome, fields);
  c.header('Cache-Control', CACHE.none);
  const { t } = createTranslator(await store.bundle(c.env.CONTENT, region));
  const status = ({ 2000: 200, 4000: 400, 4029: 429, 5000: 503 } as const)[outcome.code as 2000 | 4000 | 4029 | 5000] ?? 400;
  const msg = outcome.code === 2000 ? 'success' : t(`common.api.message.${outcome.code}`) || t('common.api.message.default');
  const data = outcome.reference ? { reference: outcome.reference } : outcome.problems ? { fields: outcome.problems } : {};
  return c.json({ code: outcome.code, msg, data }, status);
}

/**
 * Whether the caller wants the API envelope: a JSON body, or a form body sent by a script
 * that asks for JSON (the enhanced form). A browser's plain form post asks for HTML.
 */
function wantsJson(c: Context<AppEnv>): boolean {
  if ((c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/json')) return true;
  return accepts(c, { header: 'Accept', supports: ['text/html', 'application/json'], default: 'text/html' }) === 'application/json';
}

/**
 * POST /support/forms/:kind (tech-support, product-registration, rma, wholesale): JSON, or a
 * plain form post (multipart with attachments) that works without JavaScript. Validated at
 * the edge, CAPTCHA-checked where configured, rate-limited per client; attachments are
 * checked by content and stored in the API group's R2 bucket, then the record in its D1
 * database, before the answer carries a reference. The same content sent twice is one
 * record with one reference. Nothing is left half-written: attachments of a record that
 * could not be stored are deleted again.
 */
export const formHandler: Handler<AppEnv> = async (c) => {
  const kind = FORM_KINDS.find((k) => k === c.req.param('kind'));
  const json = wantsJson(c);
  const body = kind ? await readBody(c) : undefined;
  const region: Region = AnyRegion.catch(AnyRegion.catch('us').parse(c.req.header('region'))).parse(body?.fields.region);
  if (!kind) return c.json({ code: 4004, msg: 'Not Found', data: {} }, 404, { 'Cache-Control': CACHE.none });
  if (!body || !FORMS[kind].regions.includes(region)) return answer(c, region, kind, { code: 4000 }, json, body?.fields);

  const parsed = FORM_FIELDS[kind].safeParse(body.fields);
  const files = await checkFiles(kind, body.files);
  if (!parsed.success || !files) {
    const problems: Problems = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? 'form');
      const given = body.fields[field];
      problems[field] = given === undefined || given === '' ? 'required' : 'invalid';
    }
    if (!files) problems.attachments = 'invalid';
    return answer(c, region, kind, { code: 4000, problems }, json, body.fields);
  }
  if (!(await captchaPasses(c, body.fields['cf-turnstile-response'])))
    return answer(c, region, kind, { code: 4000, problems: { captcha: 'invalid' } }, json, body.fields);

  const { db, bucket } = groupStorage(c, EDITIONS[region].apiGroup);
  const now = Date.now();
  try {
    if (!(await withinLimit(db, `form:${c.req.header('CF-Connecting-IP') ?? 'unknown'}`, now, { limit: 5, window: 10 * 60_000 }))) {
      return answer(c, region, kind, { code: 4029 }, json, body.fields);
    }
    const fields = parsed.data;
    // A double submit is the same content within a day: the fingerprint names the content
    // and its UTC day (unique per form, so two concurrent posts store one record), and a
    // post also finds yesterday's within 24 hours. The same request sent days later is new.
    const content = { kind, region, fields, files: files.map(({ file, type }) => [file.name, file.size, type] as const) };
    const day = Math.floor(now / DAY);
    const fingerprint = await submissionFingerprint(content, day);
    const existing = await db
      .prepare('SELECT reference FROM form_submissions WHERE kind = ?1 AND fingerprint IN (?2, ?3) AND created_at > ?4 ORDER BY created_at LIMIT 1')
      .bind(kind, fingerprint, await submissionFingerprint(content, day - 1), now - DAY)
      .first<{ reference: string }>();
    if (existing) return answer(c, region, kind, { code: 2000, reference: existing.reference }, json);

    const ref = reference(kind);
    const stored: Stored[] = [];
    try {
      for (const [i, { file, type }] of files.entries()) {
        const key = `forms/${ref}/${i + 1}`;
        await bucket.put(key, file.stream(), { httpMetadata: { contentType: type }, customMetadata: { name: file.name.slice(0, 200) } });
        stored.push({ key, type, size: file.size, name: file.name.slice(0, 200) });
      }
      const result = await db
        .prepare(
          'INSERT INTO form_submissions (reference, kind, region, email, fields, attachments, fingerprint, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (kind, fingerprint) DO NOTHING',
        )
        .bind(ref, kind, region, fields.email, JSON.stringify(fields), JSON.stringify(stored), fingerprint, now)
        .run();
      if (result.meta.changes === 0) {
        // A concurrent double submit stored it first: answer its reference, drop our copies.
        await Promise.all(stored.map((s) => bucket.delete(s.key)));
        const first = await db
          .prepare('SELECT reference FROM form_submissions WHERE kind = ?1 AND fingerprint = ?2')
          .bind(kind, fingerprint)
          .first<{ reference: string }>();
        return answer(c, region, kind, { code: 2000, reference: first?.reference ?? ref }, json);
      }
    } catch (error) {
      await Promise.allSettled(stored.map((s) => bucket.delete(s.key)));
      throw error;
    }
    return answer(c, region, kind, { code: 2000, reference: ref }, json);
  } catch (error) {
    console.error('forms:', error instanceof Error ? error.name : 'error');
    return answer(c, region, kind, { code: 5000 }, json, body.fields);
  }
};
