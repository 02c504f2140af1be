import { EDITIONS, REGIONS, type ApiGroup, type Region } from '../../content/editions';
import { accountEmail, missingAgreements, PASSWORD_MAX } from '../../kernel/rules';
import { CODES } from '../../kernel/codes';
import { MARKET_RULES } from '../../content/legal/markets';
import type { Translator } from '../../locales';
import { configOf, type Bindings } from '../env';
import { API_GROUPS, groupStorage } from '../records/groups';
import { sendMail } from '../records/mail';
import type { Caller } from '../records/caller';
import { addressKey, allow, count, within } from '../records/rate-limit';
import { accountSignUp, subscribe, withdrawAccountSignUp, type Subscribed } from '../records/subscriptions';
import { hashPassword, passwordProblem, verifyPassword } from './password';
import { eraseAccountOwn, eraseMemberData, memberCopy, type MemberCopy } from './member-data';
import { deviceEntry, deviceFor, PROOF_TTL_MS, proofState, proofToken, readProofToken } from './proof';
import { AccountRecords, RESET_TTL_MS, type Member } from './records';
import { hashToken, newRefreshToken, readAppToken, signAppToken } from './tokens';
import { logError } from '../log';
import { countEvent } from '../metrics';

/** Envelope codes of the account rules (docs/decisions/0013; messages `common.api.message.{code}`). */
export const ACCOUNT_CODES = {
  ok: CODES.success,
  invalid: CODES.invalid,
  credentials: CODES.credentials,
  weakPassword: CODES.weakPassword,
  session: CODES.invalidSession,
  agreement: CODES.agreement,
  /** A registration of the address won a moment before, with another password. */
  justRegistered: CODES.conflict,
  busy: CODES.busy,
  unavailable: CODES.unavailable,
} as const;
export type AccountCode = (typeof ACCOUNT_CODES)[keyof typeof ACCOUNT_CODES];

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

/** Where an address's account is: its API group's records, and the member if there is one. */
interface Located {
  group: ApiGroup;
  records: AccountRecords;
  user?: Member & { passwordHash: string };
}

/**
 * The account of an address, in whichever API group holds it: one account per address
 * across the groups (docs/decisions/0054), so a US member signing in from the German edition
 * signs in to their US account, and nobody can open a second one elsewhere. Every group is
 * asked every time, so a member and a stranger cost the same; an address held in more than
 * one group (accounts from before this rule) is the edition's own group's first. Without an
 * account: the edition's own group, where one would be made.
 */
async function locate(env: Bindings, email: string, region: Region): Promise<Located> {
  const home = EDITIONS[region].apiGroup;
  const order = [home, ...API_GROUPS.filter((g) => g !== home)];
  const found = await Promise.all(
    order.map(async (group) => {
      const records = recordsFor(env, group);
      return { group, records, user: await records.byEmail(email) };
    }),
  );
  return found.find((f) => f.user) ?? found[0]!;
}

/** Whether an account another group made for the same address at the same moment came first (the older stands; at the same ms, the group listed first). */
async function lostRace(env: Bindings, mine: { group: ApiGroup; created: number }, email: string): Promise<boolean> {
  const others = await Promise.all(
    API_GROUPS.filter((g) => g !== mine.group).map(async (group) => ({ group, user: await recordsFor(env, group).byEmail(email) })),
  );
  const rank = (group: ApiGroup) => API_GROUPS.indexOf(group);
  return others.some(
    ({ group, user }) => user !== undefined && (user.created_at < mine.created || (user.created_at === mine.created && rank(group) < rank(mine.group))),
  );
}

/** Whether the client may make another call of an action (every call counts against its budget). */
async function clientAllowed(caller: Caller, records: AccountRecords, action: string): Promise<boolean> {
  return allow(records.db, 'account-client', `${action}:${caller.client}`, Date.now());
}

/** A credential call let through, and the member's own browser it came from, if it did (its device cookie's id). */
type Gate = { open: false } | { open: true; device?: string };

/**
 * The limits on a call that tries a password for an address (docs/decisions/0055). Every call
 * counts against its client's budget. A browser with the address's device cookie (where the
 * member signed in before) then has a failure budget of its own and nothing else: what
 * strangers do never reaches it. Any other client is slowed per address (its own failures
 * for the address), and past a ceiling of failures for the address from every such client,
 * or for every address together (a guess spread over many), it goes on only by passing the
 * CAPTCHA where one is configured. A stranger's hundred wrong passwords make the next
 * stranger solve a CAPTCHA per try; they never stop the member's own browser, a member who
 * proves to be human, or a reset link from the member's mailbox. The counts live in the API
 * group's database that holds the account, keyed by the address's hash (decision 0013).
 */
async function credentialGate(caller: Caller, records: AccountRecords, action: string, email: string, secret: string): Promise<Gate> {
  const now = Date.now();
  if (!(await clientAllowed(caller, records, action))) return { open: false };
  const device = await deviceFor(secret, email, caller.devices);
  if (device) return (await within(records.db, 'account-device', device, now)) ? { open: true, device } : { open: false };
  const key = await addressKey(email);
  if (!(await within(records.db, 'account-guess', `${key}|${caller.client}`, now))) return { open: false };
  const [address, everyone] = await Promise.all([within(records.db, 'account-address', key, now), within(records.db, 'account-global', 'all', now)]);
  if (address && everyone) return { open: true };
  return (await caller.provedHuman()) ? { open: true } : { open: false };
}

/** Counts a failed credential: against the member's own browser's budget, else for the address from this client, from everyone, and overall. */
async function failed(caller: Caller, records: AccountRecords, email: string, gate: Gate): Promise<void> {
  const now = Date.now();
  if (gate.open && gate.device) {
    await count(records.db, 'account-device', gate.device, now);
    return;
  }
  const key = await addressKey(email);
  await Promise.all([
    count(records.db, 'account-guess', `${key}|${caller.client}`, now),
    count(records.db, 'account-address', key, now),
    count(records.db, 'account-global', 'all', now),
  ]);
}

/** The session secret; undefined (logged) when it is not configured, and every account rule answers 5000. */
export function secretOf(env: Bindings): string | undefined {
  const secret = configOf(env).sessionSecret;
  if (!secret) logError('account: SESSION_SECRET is not set; account calls are refused');
  return secret;
}

/** A member without the password hash: what the profile call answers. */
function profileOf(user: Member & { passwordHash?: string }): Member {
  const { passwordHash: _, ...profile } = user;
  return profile;
}

/**
 * A member's profile with the newsletter as the subscription rule holds it (the sign-up the
 * account made: confirmed, or waiting for its mailed link), not a flag of the account's own.
 */
async function withNewsletter(env: Bindings, user: Member & { passwordHash?: string }): Promise<Member> {
  const region = REGIONS.find((r) => r === user.region) ?? 'us';
  const state = await accountSignUp(env.DB, user.email, region);
  return { ...profileOf(user), newsletter: state === 'confirmed', newsletterPending: state === 'pending' };
}

/**
 * A session as it is handed to the browser: the spec's tokens, which the answer carries and
 * the page stores; the session's key, which goes only into an HttpOnly cookie
 * (worker/post/session-cookie.ts): the tokens work only beside it (docs/decisions/0036); and
 * the browser's device entry for the address (worker/post/device-cookie.ts, decision 0055).
 */
export interface OpenedSession {
  tokens: SessionTokens;
  key: string;
  /** The device cookie's entry for this member, when the session was opened with the password (a refresh renews none). */
  device?: string;
}

/** A new session's tokens (docs/spec/platform.md §7). */
interface SessionTokens {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

/** Starts a session for a member, with a new key, and the device entry of this browser (renewed when it had one). */
async function openSession(records: AccountRecords, user: Member, secret: string, device: string | undefined): Promise<OpenedSession> {
  const now = Date.now();
  const key = newRefreshToken();
  const { sessionId, reftoken } = await records.startSession(user.user_id, key, now);
  const apptoken = await signAppToken({ sub: user.user_id, sid: sessionId }, secret, now);
  return { tokens: { user_id: user.user_id, apptoken, reftoken }, key, device: await deviceEntry(secret, user.email, device) };
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
 * (`keysOf` reads the API group's cookies), else undefined (an invalid session).
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
  const email = accountEmail(input.email);
  if (!email) return { code: ACCOUNT_CODES.invalid };
  const { records, user } = await locate(caller.env, email, region);
  const gate = await credentialGate(caller, records, 'sign_in', email, secret);
  if (!gate.open) return { code: ACCOUNT_CODES.busy };
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) {
    await failed(caller, records, email, gate);
    return { code: ACCOUNT_CODES.credentials };
  }
  countEvent(caller.env, 'sign_in', region, 'password');
  return { code: ACCOUNT_CODES.ok, data: await openSession(records, user, secret, gate.device) };
}

/** What a rule that mails a member needs of the edition: its words, and the page a proof link opens (`?t=…` is added). */
export interface MailWords {
  t: Translator['t'];
  /** The edition's address-proof page on its configured origin (never the request's host). */
  proofUrl: string;
}

/**
 * Mails a link that proves the member's address (docs/decisions/0054), at most a few a day
 * per address (`confirm-mail`); whether it was handed to the mail service, so a page says
 * "check your inbox" only for a mail that went.
 */
async function mailProof(caller: Caller, records: AccountRecords, member: Member, words: MailWords, secret: string): Promise<boolean> {
  const now = Date.now();
  if (!(await allow(records.db, 'confirm-mail', await addressKey(member.email), now))) return false;
  const link = `${words.proofUrl}?t=${await proofToken(secret, member, now)}`;
  try {
    // Through the outbox (decision 0064), retried while its link works.
    const mail = { kind: 'proof' as const, to: member.email, subject: words.t('account.proof.subject'), body: words.t('account.proof.body', { link }), expiresAt: now + PROOF_TTL_MS };
    return (await sendMail(caller.env, records.db, mail, now)).accepted;
  } catch (error) {
    logError('account: proof mail failed', error instanceof Error ? error.name : 'error');
    return false;
  }
}

/** A session opened by register_or_login: the member, whether the account is new, the proof mail, and a newsletter sign-up waiting for its confirmation mail. */
type Registered = OpenedSession & { member: Member; created: boolean; proofMailed: boolean; pending?: Subscribed['pending'] };

/**
 * The rule of register_or_login, for the JSON call and the log-in page's plain form post:
 * logs in an existing member with the right password (in whichever API group holds the
 * address); otherwise creates the account (every agreement its edition asks for,
 * content/legal/markets.ts: a new address without them hears 4004, so a form can ask for them
 * then and only then (docs/decisions/0057); a password that is long enough and hard to guess,
 * and the CAPTCHA where one is configured: checked last, so a token is not spent on a form
 * still to correct). A new account's address is not proven: a link to prove it goes to the
 * address, and until it is followed the account reaches nothing else filed under the address
 * (docs/decisions/0054). Its newsletter box is a sign-up by the footer's rule (double opt-in
 * where the edition asks for it). Of two registrations of one address at once, one creates
 * the account; the other is then a log-in with its own password: the same password (a double
 * submit, two tabs) opens a session of its own on the new account, another one hears that the
 * address was registered a moment ago (conflict), never that the password is wrong
 * (docs/decisions/0036).
 */
export async function registerOrLogin(
  caller: Caller,
  input: { email: string; password: string; agree?: true | readonly string[]; subscribe?: boolean },
  region: Region,
  secret: string,
  words: MailWords,
): Promise<Outcome<Registered>> {
  const email = accountEmail(input.email);
  if (!email || input.password.length > PASSWORD_MAX * 4) return { code: ACCOUNT_CODES.invalid };
  const located = await locate(caller.env, email, region);
  const gate = await credentialGate(caller, located.records, 'register_or_login', email, secret);
  if (!gate.open) return { code: ACCOUNT_CODES.busy };
  const opened = async (records: AccountRecords, user: Member, extra: Partial<Registered> = {}): Promise<Outcome<Registered>> => {
    countEvent(caller.env, 'sign_in', region, extra.created ? 'register' : 'password');
    const session = await openSession(records, user, secret, gate.open ? gate.device : undefined);
    return { code: ACCOUNT_CODES.ok, data: { ...session, member: await withNewsletter(caller.env, user), created: false, proofMailed: false, ...extra } };
  };
  if (located.user) {
    if (await verifyPassword(input.password, located.user.passwordHash)) return opened(located.records, located.user);
    await failed(caller, located.records, email, gate);
    return { code: ACCOUNT_CODES.credentials };
  }
  // Asked only now, of a new address: a member logs in without ticking anything (docs/decisions/0057).
  if (missingAgreements(MARKET_RULES[region].agreements, input.agree).length > 0) return { code: ACCOUNT_CODES.agreement };
  if (passwordProblem(input.password, email)) return { code: ACCOUNT_CODES.weakPassword };
  if (!(await caller.human())) return { code: ACCOUNT_CODES.invalid, captcha: true };
  const group = EDITIONS[region].apiGroup;
  const records = recordsFor(caller.env, group);
  const id = `${group}_${crypto.randomUUID()}`;
  const now = Date.now();
  const created = await records.create({ id, email, passwordHash: await hashPassword(input.password), region }, now);
  // A concurrent registration of the same address, here or in another group, won: with the
  // same password this is the same person (a double submit); with another, the address is just taken.
  const raced = !created || (await lostRace(caller.env, { group, created: now }, email));
  if (raced) {
    if (created) await records.withdraw(id);
    const winner = await locate(caller.env, email, region);
    if (winner.user && (await verifyPassword(input.password, winner.user.passwordHash))) return opened(winner.records, winner.user);
    await failed(caller, winner.records, email, gate);
    return { code: ACCOUNT_CODES.justRegistered };
  }
  const user = await records.byId(id);
  if (!user) return { code: ACCOUNT_CODES.unavailable };
  const proofMailed = await mailProof(caller, records, user, words, secret);
  const signUp = input.subscribe === true ? await subscribe(caller.env, { email, region, source: 'account' }, caller.client, now) : undefined;
  return opened(records, user, { created: true, proofMailed, ...(signUp?.pending ? { pending: signUp.pending } : {}) });
}

/**
 * A new apptoken and the next reftoken of the family, beside the session's key (its cookie,
 * read by `keysOf` for the user's API group); without the key, an invalid session and
 * nothing changes; a reftoken used twice revokes the family (an invalid session).
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
  if (!(await clientAllowed(caller, records, 'refresh'))) return { code: ACCOUNT_CODES.busy };
  const now = Date.now();
  const rotation = await records.rotate(userId, reftoken, keysOf(group), now);
  if (rotation.kind !== 'rotated') return { code: ACCOUNT_CODES.session };
  const apptoken = await signAppToken({ sub: userId, sid: rotation.sessionId }, secret, now);
  return { code: ACCOUNT_CODES.ok, data: { tokens: { user_id: userId, apptoken, reftoken: rotation.reftoken }, key: rotation.key } };
}

/** The member's profile, as the profile call answers it. */
export function profile(env: Bindings, session: Authenticated): Promise<Member> {
  return withNewsletter(env, session.user);
}

/**
 * Updates what a member may change: their name (no control or format characters), and the
 * newsletter, which is a sign-up by the footer's rule (docs/decisions/0054): where the edition
 * asks for double opt-in it waits for its mailed link (`pending`, which the caller mails), and
 * unticking withdraws the account's sign-up.
 */
export async function updateProfile(
  caller: Caller,
  session: Authenticated,
  input: { name?: string; newsletter?: boolean },
): Promise<Outcome<Member> & { pending?: Subscribed['pending'] }> {
  if (/[\p{Cc}\p{Cf}]/u.test(input.name ?? '')) return { code: ACCOUNT_CODES.invalid };
  const now = Date.now();
  const { user } = session;
  const region = REGIONS.find((r) => r === user.region) ?? 'us';
  if (input.name !== undefined) await session.records.updateName(user.user_id, input.name, now);
  let pending: Subscribed['pending'];
  if (input.newsletter === true) {
    const signUp = await subscribe(caller.env, { email: user.email, region, source: 'account' }, caller.client, now);
    if (signUp.outcome === 'busy') return { code: ACCOUNT_CODES.busy };
    if (signUp.outcome !== 'ok') return { code: ACCOUNT_CODES.unavailable };
    pending = signUp.pending;
  } else if (input.newsletter === false) await withdrawAccountSignUp(caller.env.DB, user.email, region);
  const updated = (await session.records.byId(user.user_id)) ?? user;
  return { code: ACCOUNT_CODES.ok, data: await withNewsletter(caller.env, updated), ...(pending ? { pending } : {}) };
}

/** Ends this session, or every session of the member. */
export async function signOut(session: Authenticated, everywhere: boolean): Promise<Outcome> {
  const now = Date.now();
  if (everywhere) await session.records.revokeAll(session.user.user_id, now);
  else await session.records.revokeSession(session.sessionId, now);
  return { code: ACCOUNT_CODES.ok, data: {} };
}

/** A new password after the current one; every other session ends. */
export async function changePassword(caller: Caller, session: Authenticated, input: { current: string; password: string }, secret: string): Promise<Outcome> {
  const gate = await credentialGate(caller, session.records, 'password', session.user.email, secret);
  if (!gate.open) return { code: ACCOUNT_CODES.busy };
  if (!(await verifyPassword(input.current, session.user.passwordHash))) {
    await failed(caller, session.records, session.user.email, gate);
    return { code: ACCOUNT_CODES.credentials };
  }
  if (passwordProblem(input.password, session.user.email)) return { code: ACCOUNT_CODES.weakPassword };
  const now = Date.now();
  await session.records.setPassword(session.user.user_id, await hashPassword(input.password), now);
  await session.records.revokeAll(session.user.user_id, now, session.sessionId);
  return { code: ACCOUNT_CODES.ok, data: {} };
}

/**
 * Deletes the account and every session, after the password again. What is filed under the
 * address (support forms, sign-ups, draw entries) is erased with it only when the member
 * proved the address; an unproven account takes only its own rows and its own newsletter
 * sign-up (docs/decisions/0054).
 */
export async function deleteAccount(caller: Caller, session: Authenticated, password: string, secret: string): Promise<Outcome> {
  const gate = await credentialGate(caller, session.records, 'delete', session.user.email, secret);
  if (!gate.open) return { code: ACCOUNT_CODES.busy };
  if (!(await verifyPassword(password, session.user.passwordHash))) {
    await failed(caller, session.records, session.user.email, gate);
    return { code: ACCOUNT_CODES.credentials };
  }
  // Everything tied to the address first, then the account in one transaction (decision 0040).
  if (session.user.proven) await eraseMemberData(caller.env, session.user.email);
  else await eraseAccountOwn(caller.env, session.user);
  await session.records.delete(session.user.user_id, session.user.email);
  return { code: ACCOUNT_CODES.ok, data: {} };
}

/** A copy of everything held tied to the member (decision 0040): what is filed under the address only once the address is proven (0054). */
export async function dataCopy(caller: Caller, session: Authenticated): Promise<Outcome<MemberCopy>> {
  if (!(await clientAllowed(caller, session.records, 'export'))) return { code: ACCOUNT_CODES.busy };
  const member = await withNewsletter(caller.env, session.user);
  return { code: ACCOUNT_CODES.ok, data: await memberCopy(caller.env, session.group, member, session.sessionId, Date.now()) };
}

/**
 * Mails the member a new link proving their address (the account page's "send the link
 * again"): 2000 when it went, or when the address is already proven; busy past the few a
 * day (`confirm-mail`); unavailable when the mail could not be handed over.
 */
export async function resendProof(caller: Caller, session: Authenticated, words: MailWords, secret: string): Promise<Outcome<{ proven: boolean }>> {
  if (!(await clientAllowed(caller, session.records, 'proof'))) return { code: ACCOUNT_CODES.busy };
  if (session.user.proven) return { code: ACCOUNT_CODES.ok, data: { proven: true } };
  const now = Date.now();
  if (!(await within(session.records.db, 'confirm-mail', await addressKey(session.user.email), now))) return { code: ACCOUNT_CODES.busy };
  return (await mailProof(caller, session.records, session.user, words, secret))
    ? { code: ACCOUNT_CODES.ok, data: { proven: false } }
    : { code: ACCOUNT_CODES.unavailable };
}

/** What following a proof link did: the address proven (and the member's edition), or why not. */
export type Proof = { outcome: 'proven'; region: Region } | { outcome: 'expired' | 'invalid' | 'busy' };

/**
 * Proves a member's address by the token of the link mailed to it (docs/decisions/0054): only
 * a POST does (the link opens a page with one button; a mail scanner's GET changes nothing),
 * once the token's signature holds for the account's current address and before it expires.
 */
export async function proveAddress(caller: Caller, token: string, secret: string): Promise<Proof> {
  const claim = readProofToken(token);
  const group = claim ? groupOfUser(claim.userId) : undefined;
  if (!claim || !group) return { outcome: 'invalid' };
  const records = recordsFor(caller.env, group);
  if (!(await clientAllowed(caller, records, 'prove'))) return { outcome: 'busy' };
  const user = await records.byId(claim.userId);
  const now = Date.now();
  const state = user ? await proofState(secret, claim, user.email, now) : 'invalid';
  if (!user || state !== 'ok') return { outcome: state === 'ok' ? 'invalid' : state };
  await records.prove(user.user_id, now);
  return { outcome: 'proven', region: REGIONS.find((r) => r === user.region) ?? 'us' };
}

/**
 * Mails a one-hour reset link (`loginUrl?reset=…`, the edition's configured log-in page,
 * never the request's host) when the address has an account, in whichever API group. The
 * answer is the same either way (2000; busy only when this client asks too often), and so is
 * its time: the same lookups and token work for an unknown address, and the token's record
 * and the mail are made after the answer. At most a few reset mails a day go to one address
 * (`reset-mail`), and the member's own browser has a few of its own (`reset-mail-device`), so
 * a stranger can neither flood the mailbox nor spend the member's: past them the answer is
 * still the same, and nothing is mailed. The JSON call and the log-in page's plain form both
 * come here, with the edition's words (`t`) for the mail.
 */
export async function requestReset(caller: Caller, given: string, region: Region, loginUrl: string, t: Translator['t'], secret: string): Promise<AccountCode> {
  const email = accountEmail(given);
  const { records, user } = email ? await locate(caller.env, email, region) : { records: recordsFor(caller.env, EDITIONS[region].apiGroup), user: undefined };
  if (!(await clientAllowed(caller, records, 'reset'))) return ACCOUNT_CODES.busy;
  if (!email) return ACCOUNT_CODES.ok;
  const now = Date.now();
  const device = await deviceFor(secret, email, caller.devices);
  const mailable = device ? await allow(records.db, 'reset-mail-device', device, now) : await allow(records.db, 'reset-mail', await addressKey(email), now);
  const token = crypto.randomUUID() + crypto.randomUUID();
  const link = new URL(loginUrl);
  link.searchParams.set('reset', token);
  // Through the outbox (decision 0064), sent at once and retried while its link lasts (an hour).
  const mail = {
    kind: 'reset' as const,
    region,
    to: email,
    subject: t('common.account.resetSubject'),
    body: t('common.account.resetBody', { link: link.href }),
    expiresAt: now + RESET_TTL_MS,
  };
  const work =
    user && mailable
      ? (async () => {
          await records.createReset(user.user_id, token, now);
          const receipt = await sendMail(caller.env, records.db, mail, now);
          if (!receipt.accepted) throw new Error('the outbox did not take the reset mail');
        })()
      : hashToken(token);
  // After the answer nobody can be told: a failure is logged (its name only, never the address).
  caller.defer(work.catch((error: unknown) => logError('account: reset mail failed', error)));
  return ACCOUNT_CODES.ok;
}

/**
 * Sets a new password with a reset token: 2000; weakPassword for a weak password, which
 * leaves the token usable, so the member tries another; an invalid session for a token that
 * is unknown, expired or used. The token is spent only with a password that passes, and every
 * session then ends. The link came to the address, so following it proves the address too.
 */
export async function confirmReset(caller: Caller, token: string, password: string, region: Region): Promise<AccountCode> {
  const home = recordsFor(caller.env, EDITIONS[region].apiGroup);
  if (!(await clientAllowed(caller, home, 'reset_confirm'))) return ACCOUNT_CODES.busy;
  const now = Date.now();
  // The link names no group: the one whose records hold the token (the member's).
  const held = await Promise.all(
    API_GROUPS.map(async (group) => ({ records: recordsFor(caller.env, group), userId: await recordsFor(caller.env, group).pendingReset(token, now) })),
  );
  const found = held.find((h) => h.userId !== undefined);
  const user = found?.userId ? await found.records.byId(found.userId) : undefined;
  if (!found || !user) return ACCOUNT_CODES.session;
  const { records } = found;
  if (passwordProblem(password, user.email)) return ACCOUNT_CODES.weakPassword;
  // Spent atomically: of two confirmations of one link, one wins.
  if ((await records.useReset(token, now)) !== user.user_id) return ACCOUNT_CODES.session;
  await records.setPassword(user.user_id, await hashPassword(password), now);
  await records.prove(user.user_id, now);
  await records.revokeAll(user.user_id, now);
  return ACCOUNT_CODES.ok;
}
