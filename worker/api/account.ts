import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { REGIONS, type ApiGroup, type Region } from '../../content/editions';
import { PROOF_SLUG } from '../../kernel/paths';
import { EMAIL_MAX, normalizeEmail, PASSWORD_MAX } from '../../kernel/rules';
import { MARKET_RULES } from '../../content/legal/markets';
import { AGREEMENT_IDS, AgreementId } from '../../content/schema/legal';
import * as account from '../account/service';
import { ACCOUNT_CODES, type AccountCode, type Authenticated } from '../account/service';
import { origins } from '../context/origins';
import type { AppEnv } from '../context/types';
import { editionUrl } from '../edition/paths';
import { envelope, wordsOf } from '../post/codes';
import { confirmAfter } from '../post/confirm';
import { deviceCookie } from '../post/device-cookie';
import { callerOf, claimedRegion, readInput } from '../post/input';
import { sessionKeyCookie, sessionKeyRemoval, sessionKeysOf } from '../post/session-cookie';
import { logError } from '../log';

const Email = z.string().max(EMAIL_MAX + 64);
const Password = z.string().max(PASSWORD_MAX * 4);

const SignIn = z.object({
  email: Email,
  password: Password,
  /** Turnstile's token, where the site is configured with it: a new account needs it, and so does a try past an address's ceiling of failures (docs/decisions/0055). */
  'cf-turnstile-response': z.string().max(2048).optional(),
});
const RegisterOrLoginBody = SignIn.extend({
  /** `true` (the terms, the one box most editions ask for) or the boxes ticked by name (docs/decisions/0057). */
  agree: z.union([z.literal(true), z.array(AgreementId).max(AGREEMENT_IDS.length)]).optional(),
  subscribe: z.boolean().optional(),
});
const SignOut = z.object({ everywhere: z.boolean().optional() });
const ProfileUpdate = z.object({ name: z.string().trim().max(80).optional(), newsletter: z.boolean().optional() });
const PasswordChange = z.object({ current: Password, password: Password });
const ResetRequest = z.object({ email: Email });
const ResetConfirm = z.object({ token: z.string().min(20).max(200), password: Password });
const Deletion = z.object({ password: Password, confirm: z.literal(true) });

type Ctx = Context<AppEnv>;

/** The edition a call is for: its `region` header (docs/spec/platform.md §7), else us. */
const regionOf = (c: Ctx): Region => claimedRegion(c, { fields: {} }, REGIONS, 'us');

/** An answer in the envelope, in the caller's edition's language. */
const answer = (c: Ctx, code: AccountCode, data: object = {}) => envelope(c, regionOf(c), code, data);

/** A rule's outcome as an answer. */
const answerOutcome = (c: Ctx, outcome: { code: AccountCode; data?: object }) => answer(c, outcome.code, outcome.data);

/**
 * A session handed over: its key into the HttpOnly cookie, the browser's device entry into
 * the device cookie (docs/decisions/0055), the spec's tokens into the answer (docs/decisions/0036),
 * with `created` after a registration (the page then welcomes the new member) and `proofMailed`
 * when the link proving the address went (the page then says to look for it).
 */
function answerSession(c: Ctx, session: account.OpenedSession & { created?: boolean; proofMailed?: boolean }): Promise<Response> {
  const group = account.groupOfUser(session.tokens.user_id)!;
  c.header('Set-Cookie', sessionKeyCookie(c, group, session.key), { append: true });
  if (session.device) c.header('Set-Cookie', deviceCookie(c, session.device), { append: true });
  const registered = session.created ? { created: true, ...(session.proofMailed ? { proofMailed: true } : {}) } : {};
  return answer(c, ACCOUNT_CODES.ok, { ...session.tokens, ...registered });
}

/** The words and links a rule that mails the member needs, in the caller's edition (its configured origin, never the request's host). */
async function mailWords(c: Ctx): Promise<account.MailWords | undefined> {
  if (!c.var.origins) return undefined;
  const region = regionOf(c);
  return { t: (await wordsOf(c, region)).t, proofUrl: editionUrl(region, PROOF_SLUG, c.var.origins) };
}

/** Reads the session keys the browser sent for an API group. */
const keysOf = (c: Ctx) => (group: ApiGroup) => sessionKeysOf(c, group);

/** The call's JSON body checked against its schema; undefined for anything else (a form body included). */
async function body<T extends z.ZodType>(c: Ctx, schema: T): Promise<z.output<T> | undefined> {
  const input = await readInput(c);
  if (input.type !== 'json') return undefined;
  const parsed = schema.safeParse(input.fields);
  return parsed.success ? parsed.data : undefined;
}

/** A handler that runs only when the session secret is configured; any failure answers 5000, nothing half-written. */
function call(handler: (c: Ctx, secret: string) => Promise<Response>) {
  return async (c: Ctx) => {
    const secret = account.secretOf(c.env);
    if (!secret) return answer(c, ACCOUNT_CODES.unavailable);
    try {
      return await handler(c, secret);
    } catch (error) {
      // Names only: never a password, token or address in the logs.
      logError(`account: ${error instanceof Error ? error.name : 'error'}`);
      return answer(c, ACCOUNT_CODES.unavailable);
    }
  };
}

/** A handler for a signed-in member (the `apptoken` header); 4003 without a live session. */
function memberCall(handler: (c: Ctx, session: Authenticated) => Promise<Response>) {
  return call(async (c, secret) => {
    const session = await account.authenticate(c.env, c.req.header('apptoken'), keysOf(c), secret);
    return session ? handler(c, session) : answer(c, ACCOUNT_CODES.session);
  });
}

/**
 * The account API under /account/user (docs/decisions/0013): JSON in, the envelope out, each
 * call a thin reading of worker/account/service.ts. The log-in page's plain form post is the
 * page's action (worker/pages/account/login-action.tsx), on the same rules.
 */
export const accountApi = new Hono<AppEnv>()
  /** `{email, password, agree?, subscribe?}`: a session for a member, or a new account once its edition's boxes are ticked (4004 until then). */
  .post(
    '/register_or_login',
    origins(),
    call(async (c, secret) => {
      const input = await body(c, RegisterOrLoginBody);
      const words = await mailWords(c);
      if (!input || !words) return answer(c, ACCOUNT_CODES.invalid);
      const outcome = await account.registerOrLogin(callerOf(c, input['cf-turnstile-response']), input, regionOf(c), secret, words);
      if (outcome.code === ACCOUNT_CODES.ok) {
        await confirmAfter(c, outcome.data.pending);
        return answerSession(c, outcome.data);
      }
      if (outcome.captcha)
        return envelope(c, regionOf(c), outcome.code, { fields: { captcha: 'invalid' } }, (await wordsOf(c, regionOf(c))).t('forms.captcha'));
      if (outcome.code === ACCOUNT_CODES.justRegistered)
        return envelope(c, regionOf(c), outcome.code, {}, (await wordsOf(c, regionOf(c))).t('account.login.justRegistered'));
      // A new address: the boxes its edition asks to be ticked before the account is created.
      if (outcome.code === ACCOUNT_CODES.agreement) return answer(c, outcome.code, { agreements: MARKET_RULES[regionOf(c)].agreements });
      return answer(c, outcome.code);
    }),
  )
  /** `{email, password}`: the same answer, and the same work, for an unknown address and a wrong password. */
  .post(
    '/sign_in',
    call(async (c, secret) => {
      const input = await body(c, SignIn);
      if (!input) return answer(c, ACCOUNT_CODES.invalid);
      const outcome = await account.signIn(callerOf(c, input['cf-turnstile-response']), input, regionOf(c), secret);
      return outcome.code === ACCOUNT_CODES.ok ? answerSession(c, outcome.data) : answer(c, outcome.code);
    }),
  )
  /** `?user_id=…` with the `reftoken` header and the session's key cookie: a new apptoken and the next reftoken of the family; the cookie lasts as long again. */
  .get(
    '/sign_in/refresh',
    call(async (c, secret) => {
      const outcome = await account.refresh(callerOf(c), c.req.query('user_id') ?? '', c.req.header('reftoken') ?? '', keysOf(c), secret);
      return outcome.code === ACCOUNT_CODES.ok ? answerSession(c, outcome.data) : answer(c, outcome.code);
    }),
  )
  /** The member's profile. */
  .get(
    '/profile',
    memberCall(async (c, session) => answer(c, ACCOUNT_CODES.ok, await account.profile(c.env, session))),
  )
  /** A copy of the member's data, to download (decision 0040): profile, sessions, sign-ups and their consent, draw entries, support forms. */
  .get(
    '/data',
    memberCall(async (c, session) => {
      c.header('Cache-Control', 'no-store');
      return answerOutcome(c, await account.dataCopy(callerOf(c), session));
    }),
  )
  /** `{name?, newsletter?}`: updates what a member may change; the newsletter by the footer's rule (a confirmation mail where the edition asks for double opt-in). */
  .post(
    '/profile',
    memberCall(async (c, session) => {
      const input = await body(c, ProfileUpdate);
      if (!input) return answer(c, ACCOUNT_CODES.invalid);
      const outcome = await account.updateProfile(callerOf(c), session, input);
      await confirmAfter(c, outcome.pending);
      return answerOutcome(c, outcome);
    }),
  )
  /** A new link proving the member's address, by mail (docs/decisions/0054). */
  .post(
    '/address/resend',
    origins(),
    memberCall(async (c, session) => {
      const words = await mailWords(c);
      const secret = account.secretOf(c.env);
      return words && secret ? answerOutcome(c, await account.resendProof(callerOf(c), session, words, secret)) : answer(c, ACCOUNT_CODES.unavailable);
    }),
  )
  /** `{everywhere?}`: ends this session, or every session of the member; this browser's key goes with it. */
  .post(
    '/sign_out',
    memberCall(async (c, session) => {
      const outcome = await account.signOut(session, (await body(c, SignOut))?.everywhere === true);
      c.header('Set-Cookie', sessionKeyRemoval(c, session.group), { append: true });
      return answerOutcome(c, outcome);
    }),
  )
  /** `{current, password}`: a new password; every other session ends. */
  .post(
    '/password',
    memberCall(async (c, session) => {
      const input = await body(c, PasswordChange);
      return input ? answerOutcome(c, await account.changePassword(callerOf(c), session, input, account.secretOf(c.env)!)) : answer(c, ACCOUNT_CODES.invalid);
    }),
  )
  /** `{email}`: a reset link by mail when the address has an account; the same answer either way. */
  .post(
    '/password/reset',
    origins(),
    call(async (c, secret) => {
      const input = await body(c, ResetRequest);
      const email = input ? normalizeEmail(input.email) : undefined;
      if (!email || !c.var.origins) return answer(c, ACCOUNT_CODES.invalid);
      const region = regionOf(c);
      const { t } = await wordsOf(c, region);
      // The link goes to the edition's configured origin (the China edition's own host), never the request's Host.
      return answer(c, await account.requestReset(callerOf(c), email, region, editionUrl(region, 'login', c.var.origins), t, secret));
    }),
  )
  /** `{token, password}`: a new password with a reset link's token. */
  .post(
    '/password/reset/confirm',
    call(async (c) => {
      const input = await body(c, ResetConfirm);
      return input ? answer(c, await account.confirmReset(callerOf(c), input.token, input.password, regionOf(c))) : answer(c, ACCOUNT_CODES.invalid);
    }),
  )
  /** `{password, confirm: true}`: deletes the account and every session, after the password again. */
  .post(
    '/delete',
    memberCall(async (c, session) => {
      const input = await body(c, Deletion);
      if (!input) return answer(c, ACCOUNT_CODES.invalid);
      const outcome = await account.deleteAccount(callerOf(c), session, input.password, account.secretOf(c.env)!);
      if (outcome.code === ACCOUNT_CODES.ok) c.header('Set-Cookie', sessionKeyRemoval(c, session.group), { append: true });
      return answerOutcome(c, outcome);
    }),
  );
