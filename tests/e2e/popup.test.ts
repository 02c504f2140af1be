import { describe, expect, it } from 'vitest';
import { openPage, runClockUntil, site, useBrowser } from './browser';

const browser = useBrowser();

describe('US new-user popup', () => {
  // It opens some 17 s after load (kernel/islands.ts, `new-visitor`): the page's clock is moved
  // on to it (runClockUntil), then the test works through the form.
  it('opens once for a new visitor, needs the agreement, then welcomes them with 200 credits', { timeout: 60_000 }, async () => {
    const page = await openPage(browser(), { newVisitor: true });
    await page.clock.install();
    await page.goto(`${site()}/us`);
    const dialog = page.getByRole('dialog', { name: 'Welcome to Robolux' });
    // Not before its time: 10 s after load it is not there yet.
    await page.clock.runFor(10_000);
    expect(await dialog.isVisible()).toBe(false);
    await runClockUntil(page, () => dialog.isVisible());
    expect(await dialog.textContent()).toContain('200 welcome credits');
    // React DOM hydrated it (hydrateRoot marks its container), not another runtime.
    const island = page.locator('[data-island="new-user-popup"]');
    expect(await island.getAttribute('data-hydrated')).toBe('true');
    expect(await island.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactContainer$')))).toBe(true);

    const email = dialog.getByRole('textbox', { name: 'Enter your email address' });
    const send = dialog.getByRole('button', { name: 'Get my 200 credits' });
    await email.fill('nope');
    await send.click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Incorrect email address format.');

    await email.fill(`popup-${Date.now()}@example.com`);
    await send.click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Please agree to the Privacy Policy and the Terms of Use first.');

    await dialog.getByRole('checkbox').check();
    await send.click();
    const done = page.getByRole('dialog', { name: "You're in!" });
    await done.waitFor({ state: 'visible' });
    expect(await done.textContent()).toContain('200 welcome credits are on their way.');
    await page.keyboard.press('Escape');
    await expect.poll(() => done.isVisible()).toBe(false);

    // Shown once: the next page neither opens it nor downloads its script.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${site()}/us/faq`);
    await page.clock.runFor(30_000);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(scripts).toEqual([]);
    await page.context().close();
  });

  it('closes with its Close button, by keyboard', { timeout: 60_000 }, async () => {
    const page = await openPage(browser(), { newVisitor: true });
    await page.clock.install();
    await page.goto(`${site()}/us/faq`);
    const dialog = page.getByRole('dialog', { name: 'Welcome to Robolux' });
    await runClockUntil(page, () => dialog.isVisible());
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.context().close();
  });

  it('is not shown outside the US edition', async () => {
    const page = await openPage(browser(), { newVisitor: true });
    await page.clock.install();
    await page.goto(`${site()}/uk`);
    await page.clock.runFor(30_000);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
