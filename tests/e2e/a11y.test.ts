import { describe, expect, it } from 'vitest';
import { auditPage, hydrated, openDialogs, openMenus, violations } from './axe';
import { china, site, useBrowser } from './browser';

// Accessibility on representative pages, in every state a visitor can put them in: one of
// each kind (a home in a Latin and a CJK script, a product page, a not-found page, an
// information page and the chooser; the two product pages with the most dialogs), quick
// enough for every `npm test`. tests/quality/a11y.test.ts crawls every sitemap page, with
// dialogs and menus open, in `npm run test:quality`.

const browser = useBrowser();

describe('accessibility (axe-core: WCAG 2.0/2.1/2.2 A and AA)', () => {
  it.each([
    ['us', () => `${site()}/us`],
    ['de product', () => `${site()}/de/flagship-bumblebee`],
    ['cn', () => `${china()}/`],
    ['uk not found', () => `${site()}/uk/no-such-page`],
    ['fr chooser', () => `${site()}/fr/choose-your-region`],
    ['us support hub', () => `${site()}/us/support`],
    ['cn Hong Kong and Macau stores', () => `${china()}/where-to-buy/hongkong-macao`],
  ])('%s: none as loaded, with menus open on a phone, or with its dialogs open', async (name, url) => {
    const found: string[] = [];
    const desktop = await auditPage(browser());
    await desktop.goto(url());
    await hydrated(desktop);
    found.push(...(await violations(desktop, `${name} loaded`)));
    if ((await openDialogs(desktop)) > 0) found.push(...(await violations(desktop, `${name} dialog open`)));
    await desktop.context().close();

    const phone = await auditPage(browser(), { mobile: true });
    await phone.goto(url());
    if ((await openMenus(phone)) > 0) found.push(...(await violations(phone, `${name} phone, menus open`)));
    await phone.context().close();
    expect(found).toEqual([]);
  });

  it.each([
    ['megatron', () => `${site()}/us/flagship-megatron`],
    ['grimlock', () => `${site()}/us/grimlock-g1-flagship`],
    ['fr buzz', () => `${site()}/fr/toy-story-buzz-lightyear`],
  ])(
    '%s product page: none with each of its dialogs open in turn (videos, steps, voice commands, the gallery lightbox)',
    { timeout: 90_000 },
    async (name, url) => {
      const page = await auditPage(browser());
      await page.goto(url());
      await hydrated(page);
      const found: string[] = [];
      const opened = await openDialogs(page, async (i) => {
        found.push(...(await violations(page, `${name} dialog ${i + 1} open`)));
      });
      expect(opened).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await page.locator('[data-island="gallery"] ul.gallery a').first().click();
      await page.locator('dialog.lightbox[open]').waitFor();
      found.push(...(await violations(page, `${name} lightbox open`)));
      await page.context().close();
      expect(found).toEqual([]);
    },
  );

  it('the US new-visitor dialog has none, before and after a failed submit', { timeout: 60_000 }, async () => {
    const page = await auditPage(browser(), { newVisitor: true });
    await page.goto(`${site()}/us`);
    await page.locator('dialog.new-user-popup[open]').waitFor({ timeout: 30_000 });
    const found = await violations(page, 'popup open');
    await page.locator('dialog.new-user-popup button[type="submit"]').click();
    await page.locator('#new-user-popup-status:not(:empty)').waitFor();
    found.push(...(await violations(page, 'popup after an invalid submit')));
    await page.context().close();
    expect(found).toEqual([]);
  });
});
