import { describe, expect, it } from 'vitest';
import { openPage, site, useBrowser } from './browser';

const browser = useBrowser();

describe('navigation', () => {
  it('opens a menu by keyboard on a phone-sized screen, without any script', async () => {
    const page = await openPage(browser(), { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto(`${site()}/uk`);
    const products = page.locator('summary[data-identify="products"]');
    await products.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('link', { name: 'Flagship Bumblebee' }).first();
    await expect.poll(() => link.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Flagship Bumblebee');
    await page.keyboard.press('Enter');
    // Product links enter the page at its entry anchor (docs/spec/platform.md §2).
    await page.waitForURL(`${site()}/uk/flagship-bumblebee#hero`);
    await page.context().close();
  });

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
