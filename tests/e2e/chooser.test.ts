import { describe, expect, it } from 'vitest';
import { openPage, site, useBrowser } from './browser';

const browser = useBrowser();

describe('region chooser and suggestion', () => {
  it('stores the chosen region and country and shows its label', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/de/choose-your-region`);
    await page.getByRole('link', { name: 'Canada - English' }).click();
    await page.waitForURL(`${site()}/us`);
    // The header's region link and the phone menu's both name it.
    expect(await page.locator('[data-region-label]').allTextContents()).toEqual(['Canada - English', 'Canada - English']);
    // The remembered region answers the bare host.
    await page.goto(`${site()}/`);
    expect(new URL(page.url()).pathname).toBe('/us');
    await page.context().close();
  });

  it('offers a German visitor the German edition, and stays away once dismissed', async () => {
    const page = await openPage(browser(), { extraHTTPHeaders: { 'CF-IPCountry': 'DE' } });
    await page.goto(`${site()}/us/faq`);
    const banner = page.getByRole('complementary', { name: 'Region suggestion' });
    expect(await banner.textContent()).toContain('Germany');
    expect(new URL(page.url()).pathname).toBe('/us/faq');
    await banner.getByRole('link', { name: 'Stay here' }).click();
    await page.waitForURL(`${site()}/us/faq`);
    expect(await page.getByRole('complementary', { name: 'Region suggestion' }).count()).toBe(0);
    await page.goto(`${site()}/us`);
    expect(await page.getByRole('complementary', { name: 'Region suggestion' }).count()).toBe(0);
    await page.context().close();
  });

  it('takes the visitor to the suggested edition when they accept', async () => {
    const page = await openPage(browser(), { extraHTTPHeaders: { 'CF-IPCountry': 'JP' } });
    await page.goto(`${site()}/uk`);
    await page.getByRole('link', { name: 'Go to 日本 - 日本語' }).click();
    await page.waitForURL(`${site()}/jp`);
    expect(await page.getAttribute('html', 'lang')).toBe('ja-JP');
    await page.context().close();
  });
});
