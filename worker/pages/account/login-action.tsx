import type { Context, Handler } from 'hono';
import { z } from 'zod';
import type { LoginErrors } from '../../../client/islands/login';
import { findPage } from '../../../content/pages';
import { CODES } from '../../../kernel/codes';
import { PROOF_SLUG } from '../../../kernel/paths';
import { agreementField, EMAIL_MAX, loginProblems, missingAgreements, normalizeEmail, PASSWORD_MAX } from '../../../kernel/rules';
import { MARKET_RULES } from '../../../content/legal/markets';
import { ACCOUNT_CODES, confirmReset, groupOfUser, registerOrLogin, requestReset, secretOf, type AccountCode } from '../../account/service';
import { CACHE } from '../../cache';
import { editionUrl } from '../../edition/paths';
import type { After } from '../../context/types';
import { messageOf, STATUS } from '../../post/codes';
import { callerOf, readInput } from '../../post/input';
import { confirmAfter } from '../../post/confirm';
import { deviceCookie } from '../../post/device-cookie';
import { sessionKeyCookie } from '../../post/session-cookie';
import { pageHandler } from '../handler';
import { renderNotFound, renderPage } from '../respond';
import { nextOf } from './links';
import { LoginPage, type LoginOutcome } from './login';
import { logError } from '../../log';

/** The log-in page's plain form post; every field capped, anything else ignored. */
const LoginForm = z.object({
  email: z
    .string()
    .max(EMAIL_MAX + 64)
    .default(''),
  password: z
    .string()
    .max(PASSWORD_MAX * 4)
    .default(''),
  /** The edition's boxes (kernel/rules.ts `agreementField`): present when ticked. */
  agree: z.string().max(8).optional(),
  'agree-privacy': z.string().max(8).optional(),
  'agree-transfer': z.string().max(8).optional(),
  /** Set by the form once it asks for the boxes: an unticked box is then an error, not a first try. */
  creating: z.string().max(8).optional(),
  subscribe: z.string().max(8).optional(),
  next: z.string().max(1024).optional(),
  /** Which of the page's forms posted: log in (the default), ask for a reset link, set a new password. */
  intent: z.enum(['login', 'reset-request', 'reset-confirm']).catch('login').default('login'),
  token: z.string().max(200).default(''),
  /** Turnstile's token, where the site is configured with it: a new account needs it. */
  'cf-turnstile-response': z.string().max(2048).optional(),
});

type Ctx = Context<After<'site' | 'rejected'>>;

/** Statuses a refused log-in form answers with (the one table's, for the codes the account rules give). */
type Refused = 400 | 401 | 409 | 429 | 503;

/** Renders the log-in page in a state; never stored, since it answers one post. `cookies`: a session's key and device entry to hand over with it. */
async function answer(c: Ctx, outcome: LoginOutcome, status: 200 | Refused, cookies: readonly string[] = []): Promise<Response> {
  const page = findPage('login')!;
  const view = { render: () => <LoginPage outcome={outcome} />, islands: outcome.kind === 'form' ? (['login'] as const) : [], headKey: () => 'login' };
  const rendered = await renderPage(c, c.var.site, page, view);
  const headers = new Headers(rendered.headers);
  headers.set('Cache-Control', CACHE.none);
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(rendered.body, { status, headers });
}

/**
 * POST /{region}/login (the China edition: /login), after the POST guard: the log-in page's
 * action, its form without JavaScript (docs/decisions/0017). The same rules and the same register_or_login
 * as the JSON call. A refusal renders the form again with what was sent (never the
 * password) and each error beside its field; a success answers a page, never stored,
 * whose nonce'd lines store the session under the scope's keys and open `next` (a
 * same-origin path; otherwise the edition home). Tokens never travel in a URL or a cookie.
 */
export const loginAction: Handler<After<'site' | 'rejected'>> = async (c) => {
  const { site } = c.var;
  const page = findPage('login');
  if (c.var.rejected || site.slug !== 'login' || !page || !page.regions.includes(site.edition.region))
    return renderNotFound(c, site, c.var.rejected ? 400 : 404);
  // An unreadable body is an empty form: every field is then in error.
  const parsed = LoginForm.safeParse((await readInput(c)).fields);
  const form: z.output<typeof LoginForm> = parsed.success ? parsed.data : { email: '', password: '', intent: 'login', token: '' };
  const next = nextOf(site, form.next ?? null);
  if (form.intent !== 'login') return resetStep(c, form, next);
  const required = MARKET_RULES[site.edition.region].agreements;
  const agreed = required.filter((id) => form[agreementField(id) as 'agree' | 'agree-privacy' | 'agree-transfer'] !== undefined);
  // The boxes were on the form (it was told the address is new): what it sends with them counts.
  const creating = form.creating !== undefined;
  const values = { email: form.email.trim().slice(0, EMAIL_MAX), agreed, subscribe: form.subscribe !== undefined };
  const refuse = (code: Exclude<AccountCode, 2000>, errors: LoginErrors, asking = creating) =>
    answer(c, { kind: 'form', next, values, errors, ...(asking ? { creating: true } : {}) }, STATUS[code]);
  const copy = (key: string) => site.t(`account.login.${key}`);
  const message = (code: AccountCode) => messageOf(site.t, code);

  const problems = loginProblems({ email: values.email, password: form.password });
  if (!parsed.success || problems.length > 0) {
    const text = { email: copy('emailInvalid'), password: copy('passwordLength') };
    return refuse(CODES.invalid, Object.fromEntries(problems.map((field) => [field, text[field]])));
  }
  const secret = secretOf(c.env);
  if (!secret) return refuse(CODES.unavailable, { form: message(CODES.unavailable) });
  let outcome;
  try {
    outcome = await registerOrLogin(
      callerOf(c, form['cf-turnstile-response']),
      // The boxes ticked, which only a new address needs: a member's log-in ignores them.
      { email: values.email, password: form.password, agree: agreed, subscribe: values.subscribe },
      site.edition.region,
      secret,
      { t: site.t, proofUrl: editionUrl(site.edition.region, PROOF_SLUG, site.origins) },
    );
  } catch (error) {
    // Names only: never a password, token or address in the logs.
    logError(`account form: ${error instanceof Error ? error.name : 'error'}`);
    return refuse(CODES.unavailable, { form: message(CODES.unavailable) });
  }
  if (outcome.code === ACCOUNT_CODES.ok) {
    const { tokens, member, key, created, proofMailed, pending, device } = outcome.data;
    await confirmAfter(c, pending);
    const session = { userId: tokens.user_id, apptoken: tokens.apptoken, reftoken: tokens.reftoken, userInfo: member };
    // A new member is told to look for the link proving the address only when it went.
    const welcome = created ? [copy('welcome'), proofMailed ? copy('proofSent') : ''].filter(Boolean).join(' ') : undefined;
    const done = { kind: 'done', next, session, ...(welcome ? { welcome } : {}) } as const;
    // The session's key goes with it, in the HttpOnly cookie the account API reads (docs/decisions/0036),
    // and this browser's device entry (docs/decisions/0055), in the member's own API group.
    const group = groupOfUser(tokens.user_id) ?? site.edition.apiGroup;
    return answer(c, done, 200, [sessionKeyCookie(c, group, key), ...(device ? [deviceCookie(c, device)] : [])]);
  }
  if (outcome.code === ACCOUNT_CODES.justRegistered) return refuse(outcome.code, { form: copy('justRegistered') });
  if (outcome.code === ACCOUNT_CODES.weakPassword) return refuse(outcome.code, { password: message(outcome.code) });
  if (outcome.code === ACCOUNT_CODES.agreement) {
    // A new address: ask for the boxes (each one still unticked, once they were asked for), and
    // the password again, which a page never carries back.
    const unticked = creating ? missingAgreements(required, agreed) : [];
    const agree = Object.fromEntries(unticked.map((id) => [id, site.t(`legal.agree.${id}.required`)]));
    return refuse(outcome.code, { password: site.t('legal.agree.retype'), ...(unticked.length ? { agree } : {}) }, true);
  }
  if ('captcha' in outcome && outcome.captcha) return refuse(outcome.code, { form: site.t('forms.captcha') });
  return refuse(outcome.code, { form: message(outcome.code) });
};

/** The forgotten-password steps of the log-in page's plain forms (decision 0013, "Password reset"). */
async function resetStep(c: Ctx, form: z.output<typeof LoginForm>, next: string): Promise<Response> {
  const { site } = c.var;
  const region = site.edition.region;
  const copy = (key: string) => site.t(`account.reset.${key}`);
  const message = (code: AccountCode) => messageOf(site.t, code);
  if (form.intent === 'reset-request') {
    const typed = form.email.trim().slice(0, EMAIL_MAX);
    const email = normalizeEmail(typed);
    if (!email) return answer(c, { kind: 'form', next, forgot: { email: typed, error: site.t('account.login.emailInvalid') } }, 400);
    const secret = secretOf(c.env);
    if (!secret) return answer(c, { kind: 'form', next, forgot: { email: typed, error: message(CODES.unavailable) } }, 503);
    const code = await requestReset(callerOf(c), email, region, editionUrl(region, 'login', site.origins), site.t, secret);
    if (code !== ACCOUNT_CODES.ok) return answer(c, { kind: 'form', next, forgot: { email: typed, error: message(code) } }, STATUS[code]);
    return answer(c, { kind: 'form', next, notice: site.t('account.reset.sent', { email: typed }) }, 200);
  }
  if (form.token.length < 20) return answer(c, { kind: 'form', next, notice: copy('expired'), forgot: { email: '' } }, 400);
  if (loginProblems({ email: 'a@example.com', password: form.password }).includes('password'))
    return answer(c, { kind: 'reset', next, token: form.token, error: site.t('account.login.passwordLength') }, 400);
  const code = await confirmReset(callerOf(c), form.token, form.password, region);
  if (code === ACCOUNT_CODES.ok) return answer(c, { kind: 'form', next, notice: copy('changed') }, 200);
  if (code === ACCOUNT_CODES.weakPassword || code === ACCOUNT_CODES.busy)
    return answer(c, { kind: 'reset', next, token: form.token, error: message(code) }, STATUS[code]);
  return answer(c, { kind: 'form', next, notice: copy('expired'), forgot: { email: '' } }, STATUS[code]);
}

/**
 * GET /{region}/login?reset=… (the link a reset mail carries): the log-in page with the
 * new-password form, never stored, and no referrer sent from it. Without `reset`, the page
 * step as for any page.
 */
export const resetLinkPage: Handler<After<'site' | 'rejected'>> = async (c, next) => {
  const { site } = c.var;
  const token = site.url.searchParams.get('reset');
  const page = findPage('login');
  if (token === null || c.var.rejected || site.slug !== 'login' || !page?.regions.includes(site.edition.region)) return pageHandler(c, next);
  const back = nextOf(site);
  if (token.length < 20 || token.length > 200)
    return answer(c, { kind: 'form', next: back, notice: site.t('account.reset.expired'), forgot: { email: '' } }, 400);
  return answer(c, { kind: 'reset', next: back, token }, 200);
};
