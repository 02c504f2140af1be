import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, site, useBrowser } from './browser';

// Sessions that survive a script on the page, and tabs that take turns refreshing
// (docs/decisions/0036); the header's name for a member on a phone (the same decision).

const browser = useBrowser();
const STRONG = 'Orbit-Lantern-42-Maple';
let n = 0;
const fresh = (stem = 'tabs') => `${stem}${++n}-${Date.now()}@example.com`;
// Each browser its own client address, so the account limits of other test files running beside this one are not ours.
let client = 0;
const asClient = () => ({ extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.101.${++client}` } });

/** Registers through the island and waits for `next`. */
async function register(page: Page, email: string, next = '/us/faq') {
  await page.goto(`${site()}/us/login?next=${encodeURIComponent(next)}`);
  await page.locator('#login-email').focus();
  await page.waitForSelector('[data-island="login"][data-hydrated="true"]', { state: 'attached' });
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(STRONG);
  await page.locator('.login-form button[type="submit"]').click();
  // A new address: the agreement is asked for now (decision 0057).
  await page.locator('#login-agree').check();
  await page.locator('.login-form button[type="submit"]').click();
  await page.waitForURL(`${site()}${next}`);
}

/** The session key cookie of the context, as the browser holds it (no script can). */
async function sessionKey(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'session-key-us');
}

describe('two tabs of one browser', () => {
  it('refreshing at once: they take turns, and both stay logged in', { timeout: 60_000 }, async () => {
    const first = await openPage(browser(), asClient());
    const context = first.context();
    await register(first, fresh());
    const second = await context.newPage();
    const before = await first.evaluate(() => ({ apptoken: localStorage.getItem('/us/apptoken'), reftoken: localStorage.getItem('/us/reftoken') }));
    // The apptoken has run out (as after its 10 minutes) for both tabs, which share storage.
    await first.evaluate(() => localStorage.setItem('/us/apptoken', 'expired.token.value'));
    // Each refresh, when it was asked and answered: the tabs take turns (the session lock).
    const refreshes: number[] = [];
    const turns: { asked: number; answered?: number }[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/account/user/sign_in/refresh')) turns.push({ asked: performance.now() });
    });
    context.on('response', (response) => {
      if (!response.url().includes('/account/user/sign_in/refresh')) return;
      refreshes.push(response.status());
      turns[refreshes.length - 1]!.answered = performance.now();
    });
    // Each tab's profile calls, by answer: first refused (4003), then, with the new apptoken, answered.
    const profiles = (tab: Page) => {
      const statuses: number[] = [];
      tab.on('response', (response) => {
        if (response.url().endsWith('/account/user/profile')) statuses.push(response.status());
      });
      return statuses;
    };
    const seen = [profiles(first), profiles(second)];
    // Both open the account page at once: each asks for the profile with the spent apptoken,
    // and neither is answered before both have asked, so both are told 4003 together.
    let asked = 0;
    let release = () => {};
    const together = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/account/user/profile', async (route) => {
      if (route.request().headers().apptoken === 'expired.token.value' && ++asked === 2) release();
      if (route.request().headers().apptoken === 'expired.token.value') await together;
      await route.continue();
    });
    await Promise.all([first.goto(`${site()}/us/account`), second.goto(`${site()}/us/account`)]);
    for (const statuses of seen) await expect.poll(() => statuses, { timeout: 15_000 }).toEqual([401, 200]);
    // One tab refreshed and the other waited its turn, then used the apptoken the first stored.
    // Chromium hands localStorage to other tabs apart from the lock, so on a loaded machine the
    // second may still read the spent tokens after its turn: it refreshes with them, inside the
    // server's grace for a late tab, and gets tokens of its own (decision 0044). Either way every
    // refresh is answered, never two at once, and no tab is logged out.
    expect(refreshes.length, String(refreshes)).toBeGreaterThanOrEqual(1);
    expect(refreshes.length, String(refreshes)).toBeLessThanOrEqual(2);
    expect(
      refreshes.every((status) => status === 200),
      String(refreshes),
    ).toBe(true);
    if (turns.length === 2) expect(turns[1]!.asked, 'the second refresh waited for the first').toBeGreaterThanOrEqual(turns[0]!.answered!);
    const after = await second.evaluate(() => ({ apptoken: localStorage.getItem('/us/apptoken'), reftoken: localStorage.getItem('/us/reftoken') }));
    expect(after.apptoken).not.toBe('expired.token.value');
    expect(after.reftoken).not.toBe(before.reftoken);
    for (const tab of [first, second]) {
      expect(tab.url()).toBe(`${site()}/us/account`);
      expect(await tab.locator('.toasts-message .toast').count(), 'no "Login expired"').toBe(0);
    }
    // Still logged in: a reload of either finds the session live.
    await second.reload();
    await second.locator('.account-welcome').waitFor();
    const profile = await second.evaluate(async () => {
      const res = await fetch('/account/user/profile', { headers: { apptoken: localStorage.getItem('/us/apptoken') ?? '', region: 'us' } });
      return ((await res.json()) as { code: number }).code;
    });
    expect(profile).toBe(2000);
    await context.close();
  });
});

describe('a script on the page', () => {
  it('cannot read the session key, and what it can read works nowhere else', { timeout: 60_000 }, async () => {
    const page = await openPage(browser(), asClient());
    await register(page, fresh('script'));
    const key = await sessionKey(page.context());
    expect(key).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/account/user', secure: false });
    expect(key!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Everything a script sees: document.cookie, localStorage and sessionStorage.
    const seen = await page.evaluate(() => ({
      cookie: document.cookie,
      storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      apptoken: localStorage.getItem('/us/apptoken') ?? '',
      reftoken: localStorage.getItem('/us/reftoken') ?? '',
      userId: localStorage.getItem('/us/userId') ?? '',
    }));
    expect(seen.cookie).not.toContain('session-key');
    expect(seen.cookie).not.toContain(key!.value);
    expect(seen.storage).not.toContain(key!.value);
    // The spec's entries hold what the spec says (platform §3): the tokens, the user id, the profile.
    expect(seen.apptoken.split('.')).toHaveLength(3);
    expect(seen.reftoken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Sent off to another machine, the tokens do nothing: no profile, no refresh…
    const elsewhere = { region: 'us', 'CF-Connecting-IP': '198.51.100.7' };
    const stolenProfile = await fetch(`${site()}/account/user/profile`, { headers: { ...elsewhere, apptoken: seen.apptoken } });
    expect(((await stolenProfile.json()) as { code: number }).code).toBe(4003);
    const stolenRefresh = await fetch(`${site()}/account/user/sign_in/refresh?user_id=${encodeURIComponent(seen.userId)}`, {
      headers: { ...elsewhere, reftoken: seen.reftoken },
    });
    expect(((await stolenRefresh.json()) as { code: number }).code).toBe(4003);
    // …and the member's session goes on (the stolen reftoken was not spent).
    await page.evaluate(() => localStorage.setItem('/us/apptoken', 'expired.token.value'));
    await page.goto(`${site()}/us/account`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('/us/reftoken'))).not.toBe(seen.reftoken);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('/us/apptoken'))).not.toBe('expired.token.value');
    expect(await page.evaluate(() => localStorage.getItem('/us/userId'))).toBe(seen.userId);
    expect(await page.locator('.toasts-message .toast').count()).toBe(0);
    await page.context().close();
  });
});

describe('the header on a phone', () => {
  it('names a member without a name by the start of the address, whole and uncut at 390 px', async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, ...asClient() });
    const email = fresh('mob1795-longer-than-a-header');
    await register(page, email, '/us/flagship-bumblebee');
    const entry = page.locator('header .account-entry');
    await expect.poll(() => entry.textContent()).toBe('mob1795-lon…');
    // Not cut by the layout either: the box holds the whole label.
    expect(await entry.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await entry.isVisible()).toBe(true);
    await page.context().close();
  });
});
