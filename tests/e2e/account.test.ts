import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createTranslator } from '../../locales';
import { bundledCopy } from '../../worker/bundle/build';
import { SiteProvider } from '../../worker/context/react';
import type { Site } from '../../worker/context/site';
import { MembersOnly } from '../../worker/pages/parts/members-only';
import { describe, expect, it } from 'vitest';
import { auditPage, violations } from './axe';
import { openPage, site, useBrowser } from './browser';

// The session in the browser (docs/decisions/0017): register, log out, log in,
// reload, silent refresh, an expired session, keyboard-only and no-JavaScript log-in, and the
// us and eu storage scopes.

const browser = useBrowser();
const STRONG = 'Orbit-Lantern-42-Maple';
let n = 0;
const fresh = () => `browser${++n}-${Date.now()}@example.com`;

/** The session entries of a storage scope, as the page sees them. */
function stored(page: Page, scope: '/us' | '/eu') {
  return page.evaluate((s) => Object.fromEntries(['apptoken', 'reftoken', 'userId', 'userInfo'].map((k) => [k, localStorage.getItem(`${s}/${k}`)])), scope);
}

/**
 * Logs in (or registers) through the hydrated island, and waits for `next`. A new address is
 * asked for the agreement first, and only a new one (decision 0057): says whether it was asked.
 */
async function logIn(page: Page, region: string, email: string, next = `/${region}/flagship-bumblebee`): Promise<boolean> {
  await page.goto(`${site()}/${region}/login?next=${encodeURIComponent(next)}`);
  const island = page.locator('[data-island="login"]');
  await page.locator('#login-email').focus();
  await page.waitForSelector('[data-island="login"][data-hydrated="true"]', { state: 'attached' });
  await island.locator('#login-email').fill(email);
  await island.locator('#login-password').fill(STRONG);
  await island.locator('button[type="submit"]').click();
  const landed = page.waitForURL(`${site()}${next}`).then(() => false);
  const asked = await Promise.race([
    landed,
    island
      .locator('#login-agree')
      .waitFor()
      .then(() => true),
  ]).catch(() => false);
  if (asked) {
    await island.locator('#login-agree').check();
    await island.locator('button[type="submit"]').click();
  }
  await landed;
  return asked;
}

/** The header's account entry, once it has read the session (members) or as the server wrote it. */
const entry = (page: Page) => page.locator('header .account-entry');

/** What the header calls a member with no name yet: the start of the address, 12 characters at most (`browser1-17…`). */
const short = (email: string) => {
  const local = email.split('@')[0]!;
  return local.length > 12 ? `${local.slice(0, 11)}…` : local;
};

describe('the session in the browser', () => {
  it('registers, shows the member in the header, logs out, logs in again and stays logged in after a reload', { timeout: 60_000 }, async () => {
    const page = await openPage(browser());
    const email = fresh();
    await page.goto(`${site()}/us/flagship-bumblebee`);
    expect(await entry(page).textContent()).toBe('Log in');
    expect(await entry(page).getAttribute('href')).toBe('/us/login?next=%2Fus%2Fflagship-bumblebee');

    expect(await logIn(page, 'us', email)).toBe(true);
    const session = await stored(page, '/us');
    expect(session.userId).toMatch(/^us_/);
    expect(session.apptoken).toBeTruthy();
    expect(JSON.parse(session.userInfo!)).toMatchObject({ email });
    // The new member is welcomed on the page they went on to, and named by the start of their address.
    await expect
      .poll(() => page.locator('.toasts-notification').textContent())
      .toBe('Welcome! Your account is ready and you are logged in. We’ve sent a link to your address: follow it to confirm the address is yours.');
    await expect.poll(() => entry(page).textContent()).toBe(short(email));
    expect(await entry(page).getAttribute('href')).toBe('/us/account');
    const layer = await page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
    expect(layer).toContainEqual(expect.objectContaining({ event: 'virtual_page_view', login_state: 'Logged in' }));

    // The account page: edit the name, and the header follows.
    await page.goto(`${site()}/us/account`);
    const name = page.getByLabel('Name');
    await name.fill('Ada Robot');
    await page.locator('form[data-part="profile"] button[type="submit"]').click();
    await expect.poll(() => page.locator('.toasts-notification').textContent()).toContain('Your changes are saved.');
    // The header elsewhere shows the new name (on the account page it names the page).
    await page.goto(`${site()}/us/faq`);
    await expect.poll(() => entry(page).textContent()).toBe('Ada Robot');

    await page.goto(`${site()}/us/account`);
    await page.getByRole('button', { name: 'Log out on this device' }).click();
    // The page says so where the button was, with the focus there, and a way back in.
    const out = page.getByRole('status').filter({ hasText: 'You are logged out.' });
    await out.waitFor();
    expect(await out.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await out.getByRole('link').getAttribute('href')).toBe('/us/login?next=%2Fus%2Faccount');
    expect(page.url()).toBe(`${site()}/us/account`);
    expect(await stored(page, '/us')).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('session-key-us');
    await page.goto(`${site()}/us/faq`);
    expect(await entry(page).textContent()).toBe('Log in');

    // Logging in again is no registration: nothing to tick, no welcome.
    expect(await logIn(page, 'us', email, '/us/faq')).toBe(false);
    await page.reload();
    await expect.poll(() => entry(page).textContent()).toBe('Ada Robot');
    expect((await stored(page, '/us')).userId).toMatch(/^us_/);
    expect(await page.locator('.toasts-notification .toast').count()).toBe(0);
    await page.context().close();
  });

  it('stacks notifications 24 px from the top in a polite live region, each for 4.5 s', { timeout: 60_000 }, async () => {
    const page = await openPage(browser());
    await logIn(page, 'us', fresh(), '/us/account');
    await expect.poll(() => page.locator('.account-welcome').textContent()).toMatch(/^Welcome, /);
    const save = page.locator('form[data-part="profile"] button[type="submit"]');
    const toasts = page.locator('.toasts-notification .toast');
    // The new member's welcome goes first.
    await expect
      .poll(() => toasts.allTextContents())
      .toEqual(['Welcome! Your account is ready and you are logged in. We’ve sent a link to your address: follow it to confirm the address is yours.']);
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(0);
    await page.getByLabel('Name').fill('Stack One');
    await save.click();
    await toasts.first().waitFor({ state: 'visible' });
    const firstAt = Date.now();
    await page.getByLabel('Name').fill('Stack Two');
    await save.click();
    await expect.poll(() => toasts.count()).toBe(2);
    expect(await toasts.allTextContents()).toEqual(['Your changes are saved.', 'Your changes are saved.']);
    const live = page.locator('.toasts-notification');
    expect(await live.evaluate((el) => [el.getAttribute('role'), el.getAttribute('aria-live'), getComputedStyle(el).top])).toEqual([
      'status',
      'polite',
      '24px',
    ]);
    // The first leaves 4.5 s after it came (a timer fires late, never early), then the second.
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(1);
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(4_400);
    await expect.poll(() => toasts.count(), { timeout: 10_000 }).toBe(0);
    await page.context().close();
  });

  it('refreshes an expired apptoken silently, once, and repeats the call', async () => {
    const page = await openPage(browser());
    await logIn(page, 'us', fresh(), '/us/faq');
    const before = await stored(page, '/us');
    // An apptoken the server no longer accepts (as one past its 10 minutes would be).
    await page.evaluate(() => localStorage.setItem('/us/apptoken', 'expired.token.value'));
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/account/user/sign_in/refresh')) refreshes.push(r.url());
    });
    await page.goto(`${site()}/us/account`);
    await expect.poll(() => page.locator('.account-welcome').textContent()).toMatch(/^Welcome, /);
    await expect.poll(async () => (await stored(page, '/us')).apptoken).not.toBe('expired.token.value');
    const after = await stored(page, '/us');
    expect(after.reftoken, 'the reftoken is rotated').not.toBe(before.reftoken);
    expect(after.userId).toBe(before.userId);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toContain(`user_id=${encodeURIComponent(before.userId!)}`);
    expect(await page.locator('.toasts-message .toast').count(), 'no error toast').toBe(0);
    expect(page.url()).toBe(`${site()}/us/account`);
    await page.context().close();
  });

  it('says the login expired when the refresh token is revoked, then opens /us/login 2 s later', async () => {
    const page = await openPage(browser());
    await logIn(page, 'us', fresh(), '/us/faq');
    // The member signs out everywhere from another device: the server revokes every refresh
    // token of the account, this browser's included. Then this browser's apptoken runs out.
    const revoked = await page.evaluate(async () => {
      const res = await fetch('/account/user/sign_out', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apptoken: localStorage.getItem('/us/apptoken') ?? '', region: 'us' },
        body: JSON.stringify({ everywhere: true }),
      });
      localStorage.setItem('/us/apptoken', 'expired.token.value');
      return ((await res.json()) as { code: number }).code;
    });
    expect(revoked).toBe(2000);
    await page.goto(`${site()}/us/account`);
    const toast = page.locator('.toasts-message[role="status"] .toast');
    await toast.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    expect(await toast.textContent()).toBe('Login expired, please log in again.');
    expect(await page.locator('.toasts-message').evaluate((el) => getComputedStyle(el).top)).toBe('8px');
    expect(await stored(page, '/us')).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
    await page.waitForURL(`${site()}/us/login?next=%2Fus%2Faccount`);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1_500);
    await page.context().close();
  });

  it('logs in with the keyboard alone, and shows errors beside their fields first', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/us/login?next=%2Fus%2Ffaq`);
    const tabTo = async (id: string) => {
      for (let i = 0; i < 60 && (await page.evaluate(() => document.activeElement?.id)) !== id; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(id);
    };
    await tabTo('login-email');
    await page.keyboard.type('not-an-address');
    await tabTo('login-password');
    await page.keyboard.type(STRONG);
    // The show-password button, with the keyboard.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#login-password').getAttribute('type')).toBe('text');
    expect(await page.locator('.password-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#login-password').getAttribute('type')).toBe('password');
    await page.locator('#login-password').press('Enter');
    // Nothing sent: the island says what is wrong and takes the focus to the first field in error.
    await expect.poll(() => page.locator('#login-email-error').textContent()).toBe('Incorrect email address format.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    expect(await page.locator('#login-email').getAttribute('aria-invalid')).toBe('true');

    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(fresh());
    await page.keyboard.press('Enter');
    // The address is new: the agreement is asked for now, the focus on it, the password still typed.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-agree');
    expect(await page.locator('#login-password').inputValue()).toBe(STRONG);
    expect(await page.locator('.agreements legend').textContent()).toBe(
      'No account uses this address yet. To create one, read and tick the box below, then send the form again.',
    );
    await page.keyboard.press('Space');
    await tabTo('login-subscribe');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('submit');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site()}/us/faq`);
    expect((await stored(page, '/us')).userId).toMatch(/^us_/);
    await page.context().close();
  });

  it('asks a new Korean address for two separate required boxes, each with its details, and creates the account only with both', async () => {
    const page = await openPage(browser());
    const email = fresh();
    await page.goto(`${site()}/kr/login?next=%2Fkr%2Fmanuals`);
    await page.locator('#login-email').focus();
    await page.waitForSelector('[data-island="login"][data-hydrated="true"]', { state: 'attached' });
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(STRONG);
    await page.locator('.login-form button[type="submit"]').click();
    // The server says the address is new: the two boxes, the first focused, the password kept.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('login-agree');
    expect(await page.locator('[data-agreement]').evaluateAll((els) => els.map((el) => el.getAttribute('data-agreement')))).toEqual(['terms', 'privacy']);
    expect(await page.locator('label[for="login-agree"]').textContent()).toBe('[필수] 이용약관 동의');
    expect(await page.locator('label[for="login-agree-privacy"]').textContent()).toBe('[필수] 개인정보 수집·이용 동의');
    // Each box's details open in place: the items, purposes and retention of the collection.
    await page.locator('[data-agreement="privacy"] summary').click();
    expect(await page.locator('[data-agreement="privacy"] table').isVisible()).toBe(true);
    expect(await page.locator('[data-agreement="privacy"] th[scope="col"]').allTextContents()).toEqual(['수집·이용 목적', '수집 항목', '보유·이용 기간']);
    // One box is not both: the form names the other and sends nothing.
    await page.locator('#login-agree').check();
    await page.locator('.login-form button[type="submit"]').click();
    await expect.poll(() => page.locator('#login-agree-privacy-error').textContent()).toBe('개인정보 수집·이용에 동의해 주세요.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-agree-privacy');
    expect(page.url()).toContain('/kr/login');
    await page.locator('#login-agree-privacy').check();
    await page.locator('.login-form button[type="submit"]').click();
    await page.waitForURL(`${site()}/kr/manuals`);
    expect((await stored(page, '/us')).userId).toMatch(/^us_/);
    await page.context().close();
  });

  it('logs in without the island: the plain form post hands the session to the next page', async () => {
    const page = await openPage(browser());
    // No island code arrives: the form posts to the page, as without JavaScript.
    await page.route('**/assets/*.js', (route) => route.abort());
    const email = fresh();
    await page.goto(`${site()}/de/login?next=%2Fde%2Fflagship-bumblebee`);
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill('short');
    await page.locator('.login-form button[type="submit"]').click();
    // The browser's own check stops a too-short password: the server's check is the same rule.
    expect(page.url()).toContain('/de/login?next=');
    await page.locator('#login-password').fill(STRONG);
    await page.locator('.login-form button[type="submit"]').click();
    // The page answers that the address is new: the agreement, and the password once more.
    await page.locator('#login-agree').check();
    expect(await page.locator('#login-email').inputValue()).toBe(email);
    await page.locator('#login-password').fill(STRONG);
    await page.locator('.login-form button[type="submit"]').click();
    await page.waitForURL(`${site()}/de/flagship-bumblebee`);
    const session = await stored(page, '/eu');
    expect(session.userId).toMatch(/^eu_/);
    expect(JSON.parse(session.userInfo!)).toMatchObject({ email, region: 'de' });
    const layer = await page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
    expect(layer).toContainEqual(expect.objectContaining({ page_path: '/de/flagship-bumblebee', login_state: 'Logged in' }));
    // Back never reaches the answer that carried the tokens (it replaced itself); the step before
    // it is the form that asked for the agreement, a posted page the browser will not resend unasked.
    await page.goBack().catch(() => null);
    expect(await page.content()).not.toContain('localStorage.setItem');
    await page.context().close();
  });

  it('without JavaScript at all, says what is wrong beside each field and confirms a log-in', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${site()}/fr/login`);
    // Nothing to tick until the page says the address is new (decision 0057).
    expect(await page.locator('#login-agree').count()).toBe(0);
    await page.locator('#login-email').fill(fresh());
    await page.locator('#login-password').fill('password123');
    await page.locator('.login-form button[type="submit"]').click();
    await page.waitForLoadState();
    expect(await page.locator('#login-password-error').textContent()).toBe(
      'Saisissez à nouveau votre mot de passe\u202f: nous ne le renvoyons jamais à votre navigateur.',
    );
    // The box is required: the browser itself asks for it before sending.
    expect(await page.locator('#login-agree').getAttribute('required')).toBe('');
    await page.locator('#login-agree').check();
    await page.locator('#login-password').fill('password123');
    await page.locator('.login-form button[type="submit"]').click();
    await page.waitForLoadState();
    // A weak password (the server's strength check, in French).
    expect(await page.locator('#login-password-error').textContent()).toBe('Choisissez un mot de passe de 8 à 128 caractères difficile à deviner.');
    expect(await page.locator('#login-password').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#login-password').fill(STRONG);
    await page.locator('#login-agree').check();
    await page.locator('.login-form button[type="submit"]').click();
    await page.getByText('Vous êtes connecté.').waitFor();
    expect(await page.getByRole('link', { name: 'Continuer' }).getAttribute('href')).toBe('/fr');
    await page.context().close();
  });

  it('keeps the us and eu sessions apart: a member of one is a stranger to the other', async () => {
    const page = await openPage(browser());
    const us = fresh();
    await logIn(page, 'us', us, '/us/faq');
    await page.goto(`${site()}/uk/flagship-bumblebee`);
    expect(await entry(page).textContent()).toBe('Log in');
    expect(await stored(page, '/eu')).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
    // The eu account page finds no session and sends the visitor to log in there.
    await page.goto(`${site()}/uk/account`);
    await page.waitForURL(`${site()}/uk/login?next=%2Fuk%2Faccount`);

    const eu = fresh();
    await logIn(page, 'fr', eu, '/fr/flagship-bumblebee');
    await expect.poll(() => entry(page).textContent()).toBe(short(eu));
    await page.goto(`${site()}/jp`);
    await expect.poll(() => entry(page).textContent()).toBe(short(us));
    expect(JSON.parse((await stored(page, '/eu')).userInfo!).email).toBe(eu);
    await page.context().close();
  });

  it('has no axe violations on the log-in page, after a failed submit, on the account page and in its delete dialog', { timeout: 60_000 }, async () => {
    const page = await auditPage(browser());
    await page.goto(`${site()}/us/login`);
    const found = await violations(page, 'login');
    await page.locator('#login-email').focus();
    await page.waitForSelector('[data-island="login"][data-hydrated="true"]', { state: 'attached' });
    await page.locator('.login-form button[type="submit"]').click();
    await page.locator('#login-email-error').waitFor();
    found.push(...(await violations(page, 'login errors')));
    await page.locator('#login-email').fill(fresh());
    await page.locator('#login-password').fill(STRONG);
    await page.locator('.login-form button[type="submit"]').click();
    await page.locator('#login-agree').waitFor();
    found.push(...(await violations(page, 'login asking for the agreement')));
    await page.locator('#login-agree').check();
    await page.locator('.login-form button[type="submit"]').click();
    await page.waitForURL(`${site()}/us`);
    await page.goto(`${site()}/us/account`);
    await page.locator('.account-welcome').waitFor();
    await expect.poll(() => entry(page).getAttribute('href')).toBe('/us/account');
    found.push(...(await violations(page, 'account')));
    await page.locator('#account-delete-password').fill(STRONG);
    await page.locator('#account-delete-confirm').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    found.push(...(await violations(page, 'delete dialog')));
    await page.context().close();
    expect(found).toEqual([]);
  });

  it('deletes the account after the confirmation, and the address can register again', async () => {
    const page = await openPage(browser());
    const email = fresh();
    await logIn(page, 'us', email, '/us/account');
    await page.locator('.account-welcome').waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await page.locator('#account-deletePassword-error').textContent()).toBe('Please enter your password.');
    await page.locator('#account-delete-password').fill(STRONG);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await page.locator('#account-confirm-error').textContent()).toBe('Please confirm that you want to delete your account.');
    await page.locator('#account-delete-confirm').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    // Escape closes it and nothing happens; focus is back on the button.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete my account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${site()}/us`);
    expect(await stored(page, '/us')).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
    // The address is free again: registering with it makes a new account.
    await logIn(page, 'us', email, '/us/faq');
    expect((await stored(page, '/us')).userId).toMatch(/^us_/);
    await page.context().close();
  });

  it('downloads the member’s data as a JSON file from the account page: profile, sign-ups, support forms and draw entries', { timeout: 60_000 }, async () => {
    const page = await openPage(browser());
    const email = fresh();
    await logIn(page, 'us', email, '/us/account');
    await page.locator('.account-welcome').waitFor();
    // Records tied to the address, made from the site's own pages as a shopper would (same
    // origin, so the POST guard lets them through): a us newsletter sign-up (single opt-in
    // there), a lucky-draw entry while the us Black Friday draw is open (its preview clock),
    // and a return request from the us support page.
    const made = await page.evaluate(
      async ({ email, at }) => {
        const json = (path: string, body: object, headers: Record<string, string> = {}) =>
          fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
            body: JSON.stringify(body),
          }).then((r) => r.json() as Promise<{ code: number }>);
        const subscribed = await json('/account/user/subscribe/create', { email, region: 'us', source: 'footer' });
        document.cookie = `timestamp=${at}; path=/`;
        const entered = await json('/campaign/lucky-draw', { region: 'us', campaign: 'black-friday', email, size: 'XL' });
        document.cookie = 'timestamp=; path=/; max-age=0';
        const form = new FormData();
        const fields = {
          region: 'us',
          name: 'Ada Lovelace',
          email,
          product: 'flagshipBumblebee',
          serial: 'fb-2024-000123',
          orderNumber: 'US-100234',
          purchaseDate: '2024-11-30',
          store: 'Robolux Store US',
          reason: 'defective',
          description: 'The left arm servo stops after a few seconds of the dance routine.',
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        const sent = await fetch('/support/forms/rma', { method: 'POST', headers: { Accept: 'application/json' }, body: form }).then(
          (r) => r.json() as Promise<{ code: number }>,
        );
        return [subscribed.code, entered.code, sent.code];
      },
      { email, at: Date.parse('2024-11-20T12:00:00Z') },
    );
    expect(made).toEqual([2000, 2000, 2000]);

    // Records filed under an address reach the account once the member proves the address is
    // theirs (docs/decisions/0054): the link mailed at registration, opened, its button pressed.
    const outbox = await (await fetch(`${site()}/__outbox?to=${encodeURIComponent(email)}`)).text();
    const proof = outbox
      .split('\n---\n\n')
      .filter((mail) => mail.startsWith(`To: ${email} (`))
      .flatMap((mail) => /https?:\/\/\S+\/us\/account\/confirm\?t=\S+/.exec(mail) ?? []);
    expect(proof).toHaveLength(1);
    await page.goto(`${site()}${new URL(proof[0]!).pathname}${new URL(proof[0]!).search}`);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Confirm my address' }).click()]);

    // The click, as a member makes it: the island fetches the copy with the session's headers
    // and hands the browser a file (a Blob link with `download`), which Chromium saves.
    await page.goto(`${site()}/us/account`);
    await page.locator('.account-welcome').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^robolux-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(file.profile).toMatchObject({ email, edition: 'us' });
    expect(file.subscriptions).toEqual([expect.objectContaining({ edition: 'us', source: 'footer', status: 'confirmed' })]);
    expect(file.luckyDraw).toEqual([expect.objectContaining({ edition: 'us', campaign: 'black-friday', size: 'XL' })]);
    expect(file.supportForms).toEqual([expect.objectContaining({ kind: 'rma', edition: 'us', fields: expect.objectContaining({ orderNumber: 'US-100234' }) })]);
    await page.context().close();
  });

  it('shows a members-only offer to a member, and only the log-in link to everyone else', async () => {
    // The part's server HTML, as a campaign page would carry it (worker/pages/parts/members-only.tsx).
    const us = {
      ...createTranslator(bundledCopy('us')),
      href: (p: string) => `/us${p}`,
      url: new URL('http://localhost/us/faq'),
      slug: 'faq',
    } as unknown as Site;
    const part = renderToStaticMarkup(
      createElement(SiteProvider, { value: us }, createElement(MembersOnly, null, createElement('p', { id: 'offer' }, 'Members save an extra 10%'))),
    );
    const place = (page: Page) =>
      page.evaluate((html) => {
        document.querySelector('main')!.insertAdjacentHTML('afterbegin', html);
        // What the boot lines do for a member: mark it for the hydration entry.
        if (localStorage.getItem('/us/userId')) document.querySelector('[data-island="members-only"]')!.setAttribute('data-hydrated', 'pending');
      }, part);

    const stranger = await openPage(browser());
    await stranger.goto(`${site()}/us/faq`);
    await place(stranger);
    expect(await stranger.locator('#offer').isVisible()).toBe(false);
    expect(await stranger.getByRole('link', { name: 'Log in or create an account to see it' }).getAttribute('href')).toBe('/us/login?next=%2Fus%2Ffaq');
    await stranger.context().close();

    const member = await openPage(browser());
    await logIn(member, 'us', fresh(), '/us/faq');
    // The header's entry has loaded the hydration entry, which takes the part from here.
    await expect.poll(() => entry(member).getAttribute('href')).toBe('/us/account');
    await place(member);
    await member.locator('#offer').waitFor({ state: 'visible' });
    expect(await member.locator('.members-only-gate').isVisible()).toBe(false);
    await member.context().close();
  });
});
