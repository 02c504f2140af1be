import type { Context, Handler } from 'hono';
import { EDITIONS, REGIONS, type Region } from '../../../content/editions';
import { FIELD_NAMES, FORM_KINDS, FORM_LAYOUT, FORMS, type FieldName, type FormKind } from '../../../content/forms';
import { findPage } from '../../../content/pages';
import { CACHE } from '../../cache';
import { store } from '../../context/content';
import { siteOf } from '../../context/site';
import type { AppEnv } from '../../context/types';
import { CODES } from '../../../kernel/codes';
import { editionPath } from '../../../kernel/paths';
import { messageOf, STATUS } from '../../post/codes';
import { claimedRegion, formGate, readInput } from '../../post/input';
import { submitForm, type Submission } from '../../records/submissions';
import { renderNotFound, renderPage } from '../respond';
import { refusedFormView, type FormOutcome } from './form-page';

/** Text fields a refused plain post sent back into its form: known names only, never files or tokens. */
const KEPT_VALUE_MAX = 4_000;
function keptValues(fields: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of FIELD_NAMES) {
    const value = fields[name];
    if (typeof value === 'string' && name !== 'attachments') kept[name] = value.slice(0, KEPT_VALUE_MAX);
  }
  return kept;
}

/**
 * The form page's answer to a refused submission: the edition's form page again with the
 * values and a message beside each field (400), or with a message about the whole form (429,
 * 503). Never stored: what the visitor typed is in it.
 */
async function refused(c: Context<AppEnv>, region: Region, kind: FormKind, outcome: Submission, fields: Record<string, unknown>): Promise<Response> {
  const slug = FORMS[kind].slug;
  const [bundle, schedule] = await Promise.all([store.bundle(c.env.CONTENT, region, c.var.config.release), store.schedule(c.env.CONTENT, c.env.DB)]);
  c.set('edition', EDITIONS[region]);
  c.set('slug', slug);
  c.set('bundle', bundle);
  c.set('schedule', schedule);
  const base = siteOf(c);
  const site = { ...base, url: new URL(base.href(`/${slug}`), c.req.url) };
  const errors = { ...outcome.problems };
  let formError: string | undefined;
  const onForm = new Set(FORM_LAYOUT[kind].flatMap((g) => g.fields).filter((f) => f !== 'attachments' || FORMS[kind].attachments));
  if (errors.captcha) formError = site.t('forms.captcha');
  else if (outcome.code !== CODES.invalid || !Object.keys(errors).some((f) => onForm.has(f as FieldName))) formError = messageOf(site.t, outcome.code);
  const view: FormOutcome = { values: keptValues(fields), errors, ...(formError ? { formError } : {}) };
  const res = await renderPage(c, site, findPage(slug)!, refusedFormView(kind, view), outcome.code === CODES.success ? 400 : STATUS[outcome.code]);
  res.headers.set('Cache-Control', CACHE.none);
  return res;
}

/**
 * POST /support/forms/:kind from a browser's plain form post (multipart with attachments;
 * the forms work without JavaScript): the form page's action, on the rule of
 * worker/records/submissions.ts. A stored record goes on to the page's confirmation (303, so
 * a reload does not post again); a refusal renders the form again (see `refused`).
 */
export const formAction: Handler<AppEnv> = async (c) => {
  const kind = FORM_KINDS.find((k) => k === c.req.param('kind'));
  if (!kind) return renderNotFound(c, siteOf(c));
  // The client counted and a header's CAPTCHA checked before the body is read (docs/decisions/0055).
  const gate = await formGate(c, REGIONS);
  const input = await readInput(c);
  const claimed = claimedRegion(c, input, REGIONS, 'us');
  // Refused at the gate: the form again with what was typed (its text only; no file is looked at).
  if (!gate.open) {
    const region = FORMS[kind].regions.includes(claimed) ? claimed : FORMS[kind].regions[0]!;
    const outcome: Submission = gate.refusal === 'busy' ? { code: CODES.busy } : { code: CODES.invalid, problems: { captcha: 'invalid' } };
    return refused(c, region, kind, outcome, input.fields);
  }
  const outcome = await submitForm(kind, claimed, input, { env: c.env, human: () => gate.human(input.fields['cf-turnstile-response']), now: Date.now() });
  // A form shown in another edition than the one claimed answers in one that has the form.
  const region = FORMS[kind].regions.includes(claimed) ? claimed : FORMS[kind].regions[0]!;
  if (outcome.code === CODES.success && outcome.reference) {
    c.header('Cache-Control', CACHE.none);
    return c.redirect(`${editionPath(region, `/${FORMS[kind].slug}`)}?form=ok&ref=${outcome.reference}#form`, 303);
  }
  return refused(c, region, kind, outcome, input.fields);
};
