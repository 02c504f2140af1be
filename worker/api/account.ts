import type { Context, Handler } from 'hono';
import { z } from 'zod';
import { EDITIONS, REGIONS, type ApiGroup, type Region } from '../../content/editions';
import { editionPath } from '../../kernel/paths';
import { EMAIL_MAX, normalizeEmail, PASSWORD_MAX } from '../../kernel/rules';
import { API_CODES } from '../../content/schema/api';
import { createTranslator } from '../../locales';
import { hashPassword, passwordProblem, verifyPassword } from '../account/password';
import { AccountRecords, type Member } from '../account/records';
import { readAppToken, signAppToken } from '../account/tokens';
import { CACHE } from '../cache';
import { store } from '../context/content';
import type { AppEnv } from '../context/types';
import { configOf } from '../env';
import { sendMail } from './mail';
import { withinLimit } from './rate-limit';

/** Envelope codes of the account API (DESIGN.md "Calls and errors"; messages `api.message.{code}`). */
export const ACCOUNT_CODES = {
  ok: API_CODES.success,
  invalid: 4000,
  credentials: 4001,
  weakPassword: 4002,
  session: API_CODES.invalidSession,
  agreement: 4004,
  busy: 4029,
  unavailable: 5000,
} as const;
type Code = (typeof ACCOUNT_CODES)[keyof typeof ACCOUNT_CODES];

const STATUS: Record<Code, 200 | 400 | 401 | 403 | 429 | 503> = {
  2000: 200,
  4000: 400,
  4001: 401,
  4002: 400,
  4003: 401,
  4004: 400,
  4029: 429,
  5000: 503,
};

const Email = z.string().max(EMAIL_MAX + 64);
const Password = z.string().max(PASSWORD_MAX * 4);

const SignIn = z.object({ email: Email, password: Password });
const RegisterOrLoginBody = SignIn.extend({ agree: z.literal(true).optional(), subscribe: z.boolean().optional() });
const SignOut = z.object({ everywhere: z.boolean().optional() });
const ProfileUpdate = z.object({ name: z.string().trim().max(80).optional(), newsletter: z.boolean().optional() });
const PasswordChange = z.object({ current: Password, password: Password });
const ResetRequest = z.object({ email: Email });
const ResetConfirm = z.object({ token: z.string().min(20).max(200), password: Password });
const Deletion = z.object({ password: Password, confirm: z.literal(true) });

/** What the account rules read of a request: its bindings and headers (a page's form post has more context, a call less). */
type Calls = Pick<Context<AppEnv>, 'env' | 'req'>;

/** The edition a call is for: its `region` header (platform spec §7), else us. */
function regionOf(c: Context<AppEnv>): Region {
  return z.enum(REGIONS).catch('us').parse(c.req.header('region'));
}

/** The API group's account database: us, kr and jp in the US one, uk/eu/fr/de in the EU one, cn in its own. */
function recordsFor(c: Calls, group: ApiGroup): AccountRecords {
  const db = { us: c.env.ACCOUNTS_US, eu: c.env.ACCOUNTS_EU, cn: c.env.ACCOUNTS_CN }[group];
  return new AccountRecords(db);
}

/** A user id names its API group (`eu_…`), so refresh and profile calls find their database. */
function groupOfUser(userId: string): ApiGroup | undefined {
  const group = userId.split('_')[0];
  return group === 'us' || group === 'eu' || group === 'cn' ? group : undefined;
}

async function answer(c: Context<AppEnv>, code: Code, data: object = {}): Promise<Response> {
  const { t } = createTranslator(await store.bundle(c.env.CONTENT, regionOf(c)));
  const msg = code === 2000 ? 'success' : t(`common.api.message.${code}`) || t('common.api.message.default');
  return c.json({ code, msg, data }, STATUS[code], { 'Cache-Control': CACHE.none });
}

async function body<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.output<T> | undefined> {
  const json: unknown = await c.req.json().catch(() => undefined);
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Rate limits on a credential endpoint: per client and, when one is named, per address. The
 * counts live in the API group's own database, beside the records they protect, so an EU
 * address never leaves the EU database (decision 0013), as for the support forms.
 */
async function limited(c: Calls, records: AccountRecords, action: string, email?: string): Promise<boolean> {
  const db = records.db;
  const now = Date.now();
  const client = c.req.header('CF-Connecting-IP') ?? 'unknown';
  if (!(await withinLimit(db, `${action}:client:${client}`, now, { limit: 20, window: 60_000 }))) return true;
  return email !== undefined && !(await withinLimit(db, `${action}:email:${email}`, now, { limit: 5, window: 60_000 }));
}

/** The session secret; undefined (logged) when it is not configured, and every account call answers 5000. */
export function secretOf(c: Calls): string | undefined {
  const secret = configOf(c.env).sessionSecret;
  if (!secret) console.error('account: SESSION_SECRET is not set; account calls are refused');
  return secret;
}

/** A new session's tokens (platform spec §7). */
interface SessionTokens {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

/** Starts a session for a member. */
async function openSession(records: AccountRecords, user: Member, secret: string): Promise<SessionTokens> {
  const now = Date.now();
  const { sessionId, reftoken } = await records.startSession(user.user_id, now);
  const apptoken = await signAppToken({ sub: user.user_id, sid: sessionId }, secret, now);
  return { user_id: user.user_id, apptoken, reftoken };
}

/** Issues a session's tokens: `{user_id, apptoken, reftoken}` (platform spec §7). */
async function issue(c: Context<AppEnv>, records: AccountRecords, user: Member, secret: string): Promise<Response> {
  return answer(c, ACCOUNT_CODES.ok, await openSession(records, user, secret));
}

/** The member of a valid apptoken whose session is live, else undefined (4003). */
async function authenticated(c: Context<AppEnv>, secret: string) {
  const claims = await readAppToken(c.req.header('apptoken'), secret);
  const group = claims ? groupOfUser(claims.sub) : undefined;
  if (!claims || !group) return undefined;
  const records = recordsFor(c, group);
  if (!(await records.sessionLive(claims.sid, claims.sub))) return undefined;
  const user = await records.byId(claims.sub);
  return user ? { user, records, sessionId: claims.sid } : undefined;
}

/** Wraps a handler: the session secret must be configured, and D1 failures answer 5000 with nothing half-written. */
function guarded(handler: (c: Context<AppEnv>, secret: string) => Promise<Response>): Handler<AppEnv> {
  return async (c) => {
    const secret = secretOf(c);
    if (!secret) return answer(c, ACCOUNT_CODES.unavailable);
    try {
      return await handler(c, secret);
    } catch (error) {
      // Names only: never a password, token or address in the logs.
      console.error('account:', error instanceof Error ? error.name : 'error');
      return answer(c, ACCOUNT_CODES.unavailable);
    }
  };
}

/** POST /account/user/sign_in `{email, password}`: the same answer, and the same work, for an unknown address and a wrong password. */
export const signInHandler = guarded(async (c, secret) => {
  const input = await body(c, SignIn);
  const email = input ? normalizeEmail(input.email) : undefined;
  if (!input || !email) return answer(c, ACCOUNT_CODES.invalid);
  const records = recordsFor(c, EDITIONS[regionOf(c)].apiGroup);
  if (await limited(c, records, 'sign_in', email)) return answer(c, ACCOUNT_CODES.busy);
  const user = await records.byEmail(email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) return answer(c, ACCOUNT_CODES.credentials);
  return issue(c, records, user, secret);
});

/** What register_or_login came to: a session and its member, or the code that refused it. */
type RegisterOrLogin = { code: typeof ACCOUNT_CODES.ok; tokens: SessionTokens; member: Member } | { code: Exclude<Code, 2000> };

/**
 * The rule of register_or_login, for the JSON call and the log-in page's plain form post:
 * logs in an existing member with the right password; otherwise creates the account
 * (agreement required, a password that is long enough and hard to guess).
 */
export async function registerOrLogin(
  c: Calls,
  input: { email: string; password: string; agree?: true; subscribe?: boolean },
  region: Region,
  secret: string,
): Promise<RegisterOrLogin> {
  const email = normalizeEmail(input.email);
  if (!email || input.password.length > PASSWORD_MAX * 4) return { code: ACCOUNT_CODES.invalid };
  const records = recordsFor(c, EDITIONS[region].apiGroup);
  if (await limited(c, records, 'register_or_login', email)) return { code: ACCOUNT_CODES.busy };
  const existing = await records.byEmail(email);
  const opened = async (user: Member) => ({ code: ACCOUNT_CODES.ok, tokens: await openSession(records, user, secret), member: profileOf(user) });
  if (existing) {
    const ok = await verifyPassword(input.password, existing.passwordHash);
    return ok ? opened(existing) : { code: ACCOUNT_CODES.credentials };
  }
  if (input.agree !== true) return { code: ACCOUNT_CODES.agreement };
  if (passwordProblem(input.password, email)) return { code: ACCOUNT_CODES.weakPassword };
  const id = `${EDITIONS[region].apiGroup}_${crypto.randomUUID()}`;
  const now = Date.now();
  const created = await records.create({ id, email, passwordHash: await hashPassword(input.password), region, newsletter: input.subscribe === true }, now);
  // A concurrent registration of the same address won: answer as a log-in attempt would.
  if (!created) return { code: ACCOUNT_CODES.credentials };
  const user = await records.byId(id);
  return user ? opened(user) : { code: ACCOUNT_CODES.unavailable };
}

/** A member without the password hash: what the profile call answers. */
function profileOf(user: Member & { passwordHash?: string }): Member {
  const { passwordHash: _, ...profile } = user;
  return profile;
}

/** POST /account/user/register_or_login `{email, password, agree: true, subscribe?}` (see `registerOrLogin`). */
export const registerOrLoginHandler = guarded(async (c, secret) => {
  const input = await body(c, RegisterOrLoginBody);
  if (!input) return answer(c, ACCOUNT_CODES.invalid);
  const outcome = await registerOrLogin(c, input, regionOf(c), secret);
  return outcome.code === ACCOUNT_CODES.ok ? answer(c, outcome.code, outcome.tokens) : answer(c, outcome.code);
});

/**
 * GET /account/user/sign_in/refresh?user_id=… with the `reftoken` header: a new apptoken and
 * the next reftoken of the family; a reftoken used twice revokes the family (4003).
 */
export const refreshHandler = guarded(async (c, secret) => {
  const userId = c.req.query('user_id') ?? '';
  const reftoken = c.req.header('reftoken') ?? '';
  const group = groupOfUser(userId);
  if (!group || userId.length > 80 || reftoken.length < 20 || reftoken.length > 200) return answer(c, ACCOUNT_CODES.session);
  const records = recordsFor(c, group);
  if (await limited(c, records, 'refresh')) return answer(c, ACCOUNT_CODES.busy);
  const now = Date.now();
  const rotation = await records.rotate(userId, reftoken, now);
  if (rotation.kind !== 'rotated') return answer(c, ACCOUNT_CODES.session);
  const apptoken = await signAppToken({ sub: userId, sid: rotation.sessionId }, secret, now);
  return answer(c, ACCOUNT_CODES.ok, { user_id: userId, apptoken, reftoken: rotation.reftoken });
});

/** GET /account/user/profile with the `apptoken` header: the member's profile. */
export const profileHandler = guarded(async (c, secret) => {
  const session = await authenticated(c, secret);
  if (!session) return answer(c, ACCOUNT_CODES.session);
  const { passwordHash: _, ...profile } = session.user;
  return answer(c, ACCOUNT_CODES.ok, profile);
});

/** POST /account/user/profile `{name?, newsletter?}`: updates what a member may change. */
export const profileUpdateHandler = guarded(async (c, secret) => {
  const session = await authenticated(c, secret);
  if (!session) return answer(c, ACCOUNT_CODES.session);
  const input = await body(c, ProfileUpdate);
  if (!input || /[\p{Cc}\p{Cf}]/u.test(input.name ?? '')) return answer(c, ACCOUNT_CODES.invalid);
  await session.records.updateProfile(session.user.user_id, input, Date.now());
  const updated = await session.records.byId(session.user.user_id);
  const { passwordHash: _, ...profile } = updated ?? session.user;
  return answer(c, ACCOUNT_CODES.ok, profile);
});

/** POST /account/user/sign_out `{everywhere?}`: ends this session, or every session of the member. */
export const signOutHandler = guarded(async (c, secret) => {
  const session = await authenticated(c, secret);
  if (!session) return answer(c, ACCOUNT_CODES.session);
  const input = (await body(c, SignOut)) ?? {};
  const now = Date.now();
  if (input.everywhere) await session.records.revokeAll(session.user.user_id, now);
  else await session.records.revokeSession(session.sessionId, now);
  return answer(c, ACCOUNT_CODES.ok);
});

/** POST /account/user/password `{current, password}`: a new password; every other session ends. */
export const passwordChangeHandler = guarded(async (c, secret) => {
  const session = await authenticated(c, secret);
  if (!session) return answer(c, ACCOUNT_CODES.session);
  const input = await body(c, PasswordChange);
  if (!input) return answer(c, ACCOUNT_CODES.invalid);
  if (await limited(c, session.records, 'password', session.user.email)) return answer(c, ACCOUNT_CODES.busy);
  if (!(await verifyPassword(input.current, session.user.passwordHash))) return answer(c, ACCOUNT_CODES.credentials);
  if (passwordProblem(input.password, session.user.email)) return answer(c, ACCOUNT_CODES.weakPassword);
  const now = Date.now();
  await session.records.setPassword(session.user.user_id, await hashPassword(input.password), now);
  await session.records.revokeAll(session.user.user_id, now, session.sessionId);
  return answer(c, ACCOUNT_CODES.ok);
});

/**
 * Mails a one-hour reset link to `/{region}/login?reset=…` when the address has an account.
 * The outcome is the same either way (2000, or 4029 when limited), so it tells nobody who is
 * a member. The JSON call and the log-in page's plain form both come here.
 */
export async function requestReset(c: Calls, email: string, region: Region, origin: string): Promise<Code> {
  const records = recordsFor(c, EDITIONS[region].apiGroup);
  if (await limited(c, records, 'reset', email)) return ACCOUNT_CODES.busy;
  const user = await records.byEmail(email);
  if (user) {
    const token = crypto.randomUUID() + crypto.randomUUID();
    const now = Date.now();
    await records.createReset(user.user_id, token, now);
    const { t } = createTranslator(await store.bundle(c.env.CONTENT, region));
    const link = new URL(editionPath(region, '/login'), origin);
    link.searchParams.set('reset', token);
    await sendMail(c.env, records, { to: email, subject: t('common.account.resetSubject'), body: t('common.account.resetBody', { link: link.href }) }, now);
  }
  return ACCOUNT_CODES.ok;
}

/**
 * Sets a new password with a reset token: 2000; 4002 for a weak password, which leaves the
 * token usable, so the member tries another; 4003 for a token that is unknown, expired or
 * used. The token is spent only with a password that passes, and every session then ends.
 */
export async function confirmReset(c: Calls, token: string, password: string, region: Region): Promise<Code> {
  const records = recordsFor(c, EDITIONS[region].apiGroup);
  if (await limited(c, records, 'reset_confirm')) return ACCOUNT_CODES.busy;
  const now = Date.now();
  const pending = await records.pendingReset(token, now);
  const user = pending ? await records.byId(pending) : undefined;
  if (!user) return ACCOUNT_CODES.session;
  if (passwordProblem(password, user.email)) return ACCOUNT_CODES.weakPassword;
  // Spent atomically: of two confirmations of one link, one wins.
  if ((await records.useReset(token, now)) !== user.user_id) return ACCOUNT_CODES.session;
  await records.setPassword(user.user_id, await hashPassword(password), now);
  await records.revokeAll(user.user_id, now);
  return ACCOUNT_CODES.ok;
}

/** POST /account/user/password/reset `{email}`: see `requestReset`. */
export const resetRequestHandler = guarded(async (c) => {
  const input = await body(c, ResetRequest);
  const email = input ? normalizeEmail(input.email) : undefined;
  if (!email) return answer(c, ACCOUNT_CODES.invalid);
  return answer(c, await requestReset(c, email, regionOf(c), new URL(c.req.url).origin));
});

/** POST /account/user/password/reset/confirm `{token, password}`: see `confirmReset`. */
export const resetConfirmHandler = guarded(async (c) => {
  const input = await body(c, ResetConfirm);
  if (!input) return answer(c, ACCOUNT_CODES.invalid);
  return answer(c, await confirmReset(c, input.token, input.password, regionOf(c)));
});

/** POST /account/user/delete `{password, confirm: true}`: deletes the account and every session, after the password again. */
export const deleteHandler = guarded(async (c, secret) => {
  const session = await authenticated(c, secret);
  if (!session) return answer(c, ACCOUNT_CODES.session);
  const input = await body(c, Deletion);
  if (!input) return answer(c, ACCOUNT_CODES.invalid);
  if (await limited(c, session.records, 'delete', session.user.email)) return answer(c, ACCOUNT_CODES.busy);
  if (!(await verifyPassword(input.password, session.user.passwordHash))) return answer(c, ACCOUNT_CODES.credentials);
  await session.records.delete(session.user.user_id, session.user.email);
  return answer(c, ACCOUNT_CODES.ok);
});
