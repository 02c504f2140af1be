import { EDITIONS, type ApiGroup, type Region } from '../../content/editions';
import { missingAgreements, normalizeEmail, PASSWORD_MAX } from '../../kernel/rules';
import { MARKET_RULES } from '../../content/legal/markets';
import { API_CODES } from '../../content/schema/api';
import type { Translator } from '../../locales';
import { configOf, type Bindings } from '../env';
import { groupStorage } from '../records/groups';
import { sendMail } from '../records/mail';
import type { Caller } from '../records/caller';
import { allow, count, within } from '../records/rate-limit';
import { hashPassword, passwordProblem, verifyPassword } from './password';
import { eraseMemberData, memberCopy, type MemberCopy } from './member-data';
import { AccountRecords, type Member } from './records';
import { hashToken, newRefreshToken, readAppToken, signAppToken } from './tokens';
import { logError } from '../log';
import { countEvent } from '../metrics';

/** Envelope codes of the account rules (docs/decisions/0013; messages `common.api.message.{code}`). */
export const ACCOUNT_CODES = {
  ok: API_CODES.success,
  invalid: 4000,
  credentials: 4001,
  weakPassword: 4002,
  session: API_CODES.invalidSession,
  agreement: 4004,
  /** A registration of the address won a moment before, with another password. */
  justRegistered: 4009,
  busy: 4029,
  unavailable: 5000,
} as const;
export type AccountCode = (typeof ACCOUNT_CODES)[keyof typeof ACCOUNT_CODES];

/** What the account rules read of a call: the bindings, who sends it (for the rate limits), and where to leave work for after the answer. */

/** A rule's outcome: an envelope code, with the data a success answers; `captcha` when a new account's CAPTCHA was not passed (4000). */
type Outcome<T = object> = { code: typeof ACCOUNT_CODES.ok; data: T } | { code: Exclude<AccountCode, 2000>; captcha?: true };

/** The API group's account records: us, kr and jp in the US database, uk/eu/fr/de in the EU one, cn in its own. */
function recordsFor(env: Bindings, group: ApiGroup): AccountRecords {
  return new AccountRecords(groupStorage(env, group).db);
}

/** A user id names its API group (`eu_…`), so refresh and profile calls find their database. */
export function groupOfUser(userId: string): ApiGroup | undefined {
  const group = userId.split('_')[0];
  return group === 'us' || group === 'eu' || group === 'cn' ? group : undefined;
}

/**
 * Rate limits on a credential rule (decision 0027): every call counts against its client's
 * budget; a call naming an address is refused while that address has had too many failed
 * credentials from this client (only this client is slowed: the member elsewhere is not
 * locked out) or from everyone together (a distributed guess). Failures count across
 * actions: a guess is a guess whether it came as a sign-in, a registration or a deletion.
 * The counts live in the API group's own database, beside the records they protect, so an
 * EU address never leaves the EU database (decision 0013).
 */
async function limited(caller: Caller, records: AccountRecords, action: string, email?: string): Promise<boolean> {
  const now = Date.now();
  if (!(await allow(records.db, 'account-client', `${action}:${caller.client}`, now))) return true;
  if (email === undefined) return false;
  const [guesses, address] = await Promise.all([
    within(records.db, 'account-guess', `${email}|${caller.client}`, now),
    within(records.db, 'account-address', email, now),
  ]);
  return !guesses || !address;
}

/** Counts a failed credential for an address, from this client and from everyone. */
async function failed(caller: Caller, records: AccountRecords, email: string): Promise<void> {
  const now = Date.now();
  await Promise.all([count(records.db, 'account-guess', `${email}|${caller.client}`, now), count(records.db, 'account-address', email, now)]);
}

/** The session secret; undefined (logged) when it is not configured, and every account rule answers 5000. */
export function secretOf(env: Bindings): string | undefined {
  const secret = configOf(env).sessionSecret;
  if (!secret) logError('account: SESSION_SECRET is not set; account calls are refused');
  return secret;
}

/** A new session's tokens (docs/spec/platform.md §7). */
interface SessionTokens {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

/** A member without the password hash: what the profile call answers. */
function profileOf(user: Member & { passwordHash?: string }): Member {
  const { passwordHash: _, ...profile } = user;
  return profile;
}

/**
 * A session as it is handed to the browser: the spec's tokens, which the answer carries and
 * the page stores, and the session's key, which goes only into an HttpOnly cookie
 * (worker/post/session-cookie.ts): the tokens work only beside it (docs/decisions/0036).
 */
export interface OpenedSession {
  tokens: SessionTokens;
  key: string;
}

/** Starts a session for a member, with a new key. */
async function openSession(records: AccountRecords, user: Member, secret: string): Promise<OpenedSession> {
  const now = Date.now();
  const key = newRefreshToken();
  const { sessionId, reftoken } = await records.startSession(user.user_id, key, now);
  const apptoken = await signAppToken({ sub: user.user_id, sid: sessionId }, secret, now);
  return { tokens: { user_id: user.user_id, apptoken, reftoken }, key };
}

/** A signed-in member: who, their records, and the session the apptoken names. */
export interface Authenticated {
  user: Member & { passwordHash: string };
  records: AccountRecords;
  sessionId: string;
  /** The API group the member's records are in (and so their session key's cookie). */
  group: ApiGroup;
}

/**
 * The member of a valid apptoken whose session is live and whose key the browser sent
 * (`keysOf` reads the API group's cookies), else undefined (4003).
 */
export async function authenticate(
  env: Bindings,
  apptoken: string | undefined,
  keysOf: (group: ApiGroup) => readonly string[],
  secret: string,
): Promise<Authenticated | undefined> {
  const claims = await readAppToken(apptoken, secret);
  const group = claims ? groupOfUser(claims.sub) : undefined;
  if (!claims || !group) return undefined;
  const records = recordsFor(env, group);
  if (!(await records.sessionLive(claims.sid, claims.sub, keysOf(group)))) return undefined;
  const user = await records.byId(claims.sub);
  return user ? { user, records, sessionId: claims.sid, group } : undefined;
}

/** Signs in with an address and password: the same answer, and the same work, for an unknown address and a wrong password. */
export async function signIn(caller: Caller, input: { email: string; password: string }, region: Region, secret: string): Promise<Outcome<OpenedSession>> {
  const email = normalizeEmail(input.email);
  if (!email) return { code: ACCOUNT_CODES.invalid };
  const records = recordsFor(caller.env, EDITIONS[region].apiGroup);
  if (await limited(caller, records, 'sign_in', email)) return { code: ACCOUNT_CODES.busy };
  const user = await records.byEmail(email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) {
    await failed(caller, records, email);
    return { code: ACCOUNT_CODES.credentials };
  }
  countEvent(caller.env, 'sign_in', region, 'password');
  return { code: ACCOUNT_CODES.ok, data: await openSession(records, user, secret) };
}

/**
 * The rule of register_or_login, for the JSON call and the log-in page's plain form post:
 * logs in an existing member with the right password; otherwise creates the account
 * (every agreement its edition asks for, content/legal/markets.ts: a new address without
 * them hears 4004, so a form can ask for them then and only then; a password that is long
 * enough and hard to guess, and the CAPTCHA
 * where one is configured: checked last, so a token is not spent on a form still to correct).
 * Of two registrations of one address at once, one creates the account; the other is then a
 * log-in with its own password: the same password (a double submit, two tabs) opens a
 * session of its own on the new account, another one hears that the address was registered
 * a moment ago (4009), never that the password is wrong (docs/decisions/0036).
 */
export async function registerOrLogin(
  caller: Caller,
  input: { email: string; password: string; agree?: true | readonly string[]; subscribe?: boolean },
  region: Region,
  secret: string,
): Promise<Outcome<OpenedSession & { member: Member; created: boolean }>> {
  const email = normalizeEmail(input.email);
  if (!email || input.password.length > PASSWORD_MAX * 4) return { code: ACCOUNT_CODES.invalid };
  const records = recordsFor(caller.env, EDITIONS[region].apiGroup);
  if (await limited(caller, records, 'register_or_login', email)) return { code: ACCOUNT_CODES.busy };
  const existing = await records.byEmail(email);
  const opened = async (user: Member, created = false) => {
    countEvent(caller.env, 'sign_in', region, created ? 'register' : 'password');
    return { code: ACCOUNT_CODES.ok, data: { ...(await openSession(records, user, secret)), member: profileOf(user), created } };
  };
  if (existing) {
    if (await verifyPassword(input.password, existing.passwordHash)) return opened(existing);
    await failed(caller, records, email);
    return { code: ACCOUNT_CODES.credentials };
  }
  // Asked only now, of a new address: a member logs in without ticking anything (docs/decisions/0057).
  if (missingAgreements(MARKET_RULES[region].agreements, input.agree).length > 0) return { code: ACCOUNT_CODES.agreement };
  if (passwordProblem(input.password, email)) return { code: ACCOUNT_CODES.weakPassword };
  if (!(await caller.human())) return { code: ACCOUNT_CODES.invalid, captcha: true };
  const id = `${EDITIONS[region].apiGroup}_${crypto.randomUUID()}`;
  const now = Date.now();
  const created = await records.create({ id, email, passwordHash: await hashPassword(input.password), region, newsletter: input.subscribe === true }, now);
  if (!created) {
    // A concurrent registration of the same address won: with the same password this is the
    // same person (a double submit); with another, the address is just taken.
    const winner = await records.byEmail(email);
    if (winner && (await verifyPassword(input.password, winner.passwordHash))) return opened(winner);
    await failed(caller, records, email);
    return { code: ACCOUNT_CODES.justRegistered };
  }
  const user = await records.byId(id);
  return user ? opened(user, true) : { code: ACCOUNT_CODES.unavailable };
}

/**
 * A new apptoken and the next reftoken of the family, beside the session's key (its cookie,
 * read by `keysOf` for the user's API group); without the key, 4003 and nothing changes; a
 * reftoken used twice revokes the family (4003).
 */
export async function refresh(
  caller: Caller,
  userId: string,
  reftoken: string,
  keysOf: (group: ApiGroup) => readonly string[],
  secret: string,
): Promise<Outcome<OpenedSession>> {
  const group = groupOfUser(userId);
  if (!group || userId.length > 80 || reftoken.length < 20 || reftoken.length > 200) return { code: ACCOUNT_CODES.session };
  const records = recordsFor(caller.env, group);
  if (await limited(caller, records, 'refresh')) return { code: ACCOUNT_CODES.busy };
  const now = Date.now();
  const rotation = await records.rotate(userId, reftoken, keysOf(group), now);
  if (rotation.kind !== 'rotated') return { code: ACCOUNT_CODES.session };
  const apptoken = await signAppToken({ sub: userId, sid: rotation.sessionId }, secret, now);
  return { code: ACCOUNT_CODES.ok, data: { tokens: { user_id: userId, apptoken, reftoken: rotation.reftoken }, key: rotation.key } };
}

/** The member's profile, as the profile call answers it. */
export function profile(session: Authenticated): Member {
  return profileOf(session.user);
}

/** Updates what a member may change: their name (no control or format characters) and the newsletter. */
export async function updateProfile(session: Authenticated, input: { name?: string; newsletter?: boolean }): Promise<Outcome<Member>> {
  if (/[\p{Cc}\p{Cf}]/u.test(input.name ?? '')) return { code: ACCOUNT_CODES.invalid };
  await session.records.updateProfile(session.user.user_id, input, Date.now());
  const updated = await session.records.byId(session.user.user_id);
  return { code: ACCOUNT_CODES.ok, data: profileOf(updated ?? session.user) };
}

/** Ends this session, or every session of the member. */
export async function signOut(session: Authenticated, everywhere: boolean): Promise<Outcome> {
  const now = Date.now();
  if (everywhere) await session.records.revokeAll(session.user.user_id, now);
  else await session.records.revokeSession(session.sessionId, now);
  return { code: ACCOUNT_CODES.ok, data: {} };
}

/** A new password after the current one; every other session ends. */
export async function changePassword(caller: Caller, session: Authenticated, input: { current: string; password: string }): Promise<Outcome> {
  if (await limited(caller, session.records, 'password', session.user.email)) return { code: ACCOUNT_CODES.busy };
  if (!(await verifyPassword(input.current, session.user.passwordHash))) {
    await failed(caller, session.records, session.user.email);
    return { code: ACCOUNT_CODES.credentials };
  }
  if (passwordProblem(input.password, session.user.email)) return { code: ACCOUNT_CODES.weakPassword };
  const now = Date.now();
  await session.records.setPassword(session.user.user_id, await hashPassword(input.password), now);
  await session.records.revokeAll(session.user.user_id, now, session.sessionId);
  return { code: ACCOUNT_CODES.ok, data: {} };
}

/** Deletes the account and every session, after the password again. */
export async function deleteAccount(caller: Caller, session: Authenticated, password: string): Promise<Outcome> {
  if (await limited(caller, session.records, 'delete', session.user.email)) return { code: ACCOUNT_CODES.busy };
  if (!(await verifyPassword(password, session.user.passwordHash))) {
    await failed(caller, session.records, session.user.email);
    return { code: ACCOUNT_CODES.credentials };
  }
  // Everything tied to the address first, then the account in one transaction (decision 0040).
  await eraseMemberData(caller.env, session.user.email);
  await session.records.delete(session.user.user_id, session.user.email);
  return { code: ACCOUNT_CODES.ok, data: {} };
}

/** A copy of everything held tied to the member's address (decision 0040). */
export async function dataCopy(caller: Caller, session: Authenticated): Promise<Outcome<MemberCopy>> {
  if (await limited(caller, session.records, 'export')) return { code: ACCOUNT_CODES.busy };
  return { code: ACCOUNT_CODES.ok, data: await memberCopy(caller.env, session.group, profileOf(session.user), session.sessionId, Date.now()) };
}

/**
 * Mails a one-hour reset link (`loginUrl?reset=…`, the edition's configured log-in page,
 * never the request's host) when the address has an account. The answer is the same either
 * way (2000, or 4029 when limited), and so is its time: the same lookup and token work are
 * done for an unknown address, and the token's record and the mail are made after the
 * answer. The JSON call and the log-in page's plain form both come here, with the edition's
 * words (`t`) for the mail.
 */
export async function requestReset(caller: Caller, email: string, region: Region, loginUrl: string, t: Translator['t']): Promise<AccountCode> {
  const records = recordsFor(caller.env, EDITIONS[region].apiGroup);
  if (await limited(caller, records, 'reset', email)) return ACCOUNT_CODES.busy;
  const now = Date.now();
  // Each request for an address counts against it, as a failure does: reset mails are bounded too.
  await count(records.db, 'account-address', email, now);
  const user = await records.byEmail(email);
  const token = crypto.randomUUID() + crypto.randomUUID();
  const link = new URL(loginUrl);
  link.searchParams.set('reset', token);
  const mail = { to: email, subject: t('common.account.resetSubject'), body: t('common.account.resetBody', { link: link.href }) };
  const work = user
    ? (async () => {
        await records.createReset(user.user_id, token, now);
        await sendMail(caller.env, records.db, mail, now);
      })()
    : hashToken(token);
  // After the answer nobody can be told: a failure is logged (its name only, never the address).
  caller.defer(work.catch((error: unknown) => logError('account: reset mail failed', error)));
  return ACCOUNT_CODES.ok;
}

/**
 * Sets a new password with a reset token: 2000; 4002 for a weak password, which leaves the
 * token usable, so the member tries another; 4003 for a token that is unknown, expired or
 * used. The token is spent only with a password that passes, and every session then ends.
 */
export async function confirmReset(caller: Caller, token: string, password: string, region: Region): Promise<AccountCode> {
  const records = recordsFor(caller.env, EDITIONS[region].apiGroup);
  if (await limited(caller, records, 'reset_confirm')) return ACCOUNT_CODES.busy;
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
