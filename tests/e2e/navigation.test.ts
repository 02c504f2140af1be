import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, site, useBrowser } from './browser';

// The header (docs/decisions/0034): one row on a phone, whose menu is a drawer (a modal dialog: focus
// kept inside, Escape and a tap outside close it, the page behind does not scroll); on a
// desktop, menus that close on Escape and a click outside, one open at a time. All of it is
// the browser's own (invoker commands, popovers): it works without any script.

const browser = useBrowser();

/** Where the focus is: inside the drawer, on the page behind it (named), or on nothing (the body). */
const focus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return el.closest('#site-menu') ? 'drawer' : `behind: ${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`;
  });
const drawerOpen = (page: Page) => page.evaluate(() => (document.getElementById('site-menu') as HTMLDialogElement).open);
const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');

describe('the phone header and its drawer', () => {
  it('is one row: the logo, the log-in link and the menu button side by side', async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 } });
    await page.goto(`${site()}/de`);
    const boxes = await page.evaluate(() =>
      ['.logo', '.site-header .account-entry', '.menu-button'].map((s) => document.querySelector(s)!.getBoundingClientRect()).map((r) => [r.top, r.bottom]),
    );
    const header = await page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().height);
    expect(header).toBeLessThan(72);
    for (const [top, bottom] of boxes) expect(top! < boxes[2]![1]! && bottom! > boxes[2]![0]!).toBe(true);
    await page.context().close();
  });

  it('opens by keyboard without any script, keeps the focus inside, locks the page, and closes on Escape and on a tap outside', async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto(`${site()}/uk`);
    await page.locator('.menu-button').focus();
    await page.keyboard.press('Enter');
    expect(await drawerOpen(page)).toBe(true);
    expect(await focus(page)).toBe('drawer');
    expect(await scrollLocked(page)).toBe(true);
    // Round and round the drawer's links: never onto the page behind.
    const stops = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      stops.add(await focus(page));
    }
    expect([...stops].filter((s) => s.startsWith('behind'))).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await drawerOpen(page)).toBe(false);
    expect(await scrollLocked(page)).toBe(false);
    // The focus goes back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('menu-button');

    await page.locator('.menu-button').click();
    expect(await drawerOpen(page)).toBe(true);
    // A tap on the dimmed page beside the drawer.
    await page.mouse.click(10, 600);
    expect(await drawerOpen(page)).toBe(false);

    await page.locator('.menu-button').click();
    await page.locator('#site-menu').getByRole('button', { name: 'Close menu' }).click();
    expect(await drawerOpen(page)).toBe(false);

    // Its links lead on: product links enter the page at its entry anchor (docs/spec/platform.md §2).
    await page.locator('.menu-button').click();
    await page.locator('#site-menu').getByRole('link', { name: 'Flagship Bumblebee' }).click();
    await page.waitForURL(`${site()}/uk/flagship-bumblebee#hero`);
    await page.context().close();
  });
});

describe('the desktop menus', () => {
  const openMenus = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.nav-bar .menu-list:popover-open')].map((m) => m.id));

  it('open one at a time and close on Escape and on a click outside, without any script', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await page.goto(`${site()}/us`);
    const robots = page.locator('.nav-bar button[data-identify="products"]');
    const support = page.locator('.nav-bar button[data-identify="support"]');
    await robots.click();
    expect(await openMenus(page)).toHaveLength(1);
    const link = page.locator('.nav-bar').getByRole('link', { name: 'Flagship Megatron' });
    expect(await link.isVisible()).toBe(true);
    // The list sits under its button.
    const [button, list] = await Promise.all([robots.boundingBox(), link.boundingBox()]);
    expect(list!.y).toBeGreaterThan(button!.y + button!.height - 1);
    expect(Math.abs(list!.x - button!.x)).toBeLessThan(40);

    await support.click();
    const open = await openMenus(page);
    expect(open).toHaveLength(1);
    expect(await link.isVisible()).toBe(false);

    await page.keyboard.press('Escape');
    expect(await openMenus(page)).toEqual([]);

    await robots.click();
    await page.mouse.click(640, 700);
    expect(await openMenus(page)).toEqual([]);

    // By keyboard: Enter opens, Tab reaches its links, Enter follows one.
    await robots.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Flagship Bumblebee');
    await page.context().close();
  });
});

describe('skip link', () => {
  it('skips to the main content from the first Tab', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/de`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Hauptinhalt springen' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.context().close();
  });
});
