import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/local/worker.mjs';
import { openPage, useBrowser } from './browser';

/**
 * The consent manager in a browser (decision 0033), on a worker of its own with a tag
 * manager, a heatmap and a chat configured (the shared one configures none). The vendors'
 * hosts are answered here: each script records that it ran.
 */
const THIRD_PARTY = JSON.stringify([
  { name: 'tagManager', src: 'https://tags.example/gtm.js', category: 'marketing', cookies: ['_ga', '_ga_*'] },
  { name: 'heatmap', src: 'https://heat.example/hm.js', category: 'analytics' },
  { name: 'chat', src: 'https://chat.example/chat.js', category: 'functional', regions: ['us', 'de'] },
]);
const VENDORS = { 'https://tags.example/gtm.js': 'tagManager', 'https://heat.example/hm.js': 'heatmap', 'https://chat.example/chat.js': 'chat' } as const;

const browser = useBrowser();
let worker: Awaited<ReturnType<typeof startWorker>>;
beforeAll(async () => {
  worker = await startWorker({ vars: { THIRD_PARTY } });
}, 400_000);
afterAll(async () => {
  await worker?.close();
});

/** A page whose vendor requests are answered by scripts that record themselves in `window.ran`. */
async function vendorPage(options: Parameters<typeof openPage>[1] = {}): Promise<{ page: Page; requested: string[] }> {
  const page = await openPage(browser(), options);
  const requested: string[] = [];
  for (const [url, name] of Object.entries(VENDORS)) {
    await page.route(url, async (route) => {
      requested.push(name);
      await route.fulfill({ contentType: 'text/javascript', body: `(window.ran = window.ran || []).push(${JSON.stringify(name)});` });
    });
  }
  return { page, requested };
}

const ran = (page: Page) => page.evaluate(() => ((window as unknown as { ran?: string[] }).ran ?? []).slice().sort());
const layer = (page: Page) => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer)) as unknown[]);
const banner = (page: Page) => page.locator('.consent-banner');

describe('consent in the browser', () => {
  it('de: a first visit loads none of them with denied defaults; Accept all loads them without a reload; Reject all and a revoke leave none', async () => {
    const { page, requested } = await vendorPage();
    await page.goto(`${worker.origin}/de`, { waitUntil: 'load' });
    expect(requested).toEqual([]);
    const first = await layer(page);
    // gtag's arguments object serialises as {"0": …, "1": …, "2": …}.
    expect(first[0]).toMatchObject({
      0: 'consent',
      1: 'default',
      2: { ad_storage: 'denied', analytics_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    });
    expect(first.find((e) => (e as { event?: string }).event === 'virtual_page_view')).toMatchObject({
      consent: { analytics: 'denied', marketing: 'denied', functional: 'denied' },
    });

    await expect.poll(() => page.locator('[data-island="consent"]').getAttribute('data-hydrated'), { timeout: 30_000 }).toBe('true');
    let navigated = false;
    page.on('framenavigated', () => (navigated = true));
    await banner(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
    await expect.poll(() => ran(page)).toEqual(['chat', 'heatmap', 'tagManager']);
    expect(navigated).toBe(false);
    await expect.poll(() => banner(page).count()).toBe(0);
    const after = await layer(page);
    expect(after).toContainEqual(
      expect.objectContaining({ 0: 'consent', 1: 'update', 2: expect.objectContaining({ ad_storage: 'granted', analytics_storage: 'granted' }) }),
    );
    expect(after).toContainEqual({ event: 'consent_update', consent: { analytics: 'granted', marketing: 'granted', functional: 'granted' } });

    // Revoke through the footer's Cookie settings: from the next page on, none.
    await page.evaluate(() => (document.cookie = '_ga=GA1.1.1; path=/'));
    await page.getByRole('link', { name: 'Cookie-Einstellungen' }).click();
    await page.waitForURL(/\/de\/cookie-settings$/);
    await expect.poll(() => page.locator('[data-island="consent"]').getAttribute('data-hydrated'), { timeout: 30_000 }).toBe('true');
    for (const name of ['analytics', 'marketing', 'functional']) await page.locator(`input[name="${name}"]`).uncheck();
    await page.getByRole('button', { name: 'Auswahl speichern' }).click();
    await expect.poll(() => page.getByText('Ihre Auswahl ist gespeichert.').count()).toBe(1);
    expect(await page.evaluate(() => document.cookie)).not.toContain('_ga=');
    requested.length = 0;
    await page.goto(`${worker.origin}/de/manuals`, { waitUntil: 'load' });
    expect(requested).toEqual([]);
    expect(await banner(page).count()).toBe(0);
    await page.context().close();
  });

  it('de: Reject all leaves none, now and on the next page', async () => {
    const { page, requested } = await vendorPage();
    await page.goto(`${worker.origin}/de`, { waitUntil: 'load' });
    await expect.poll(() => page.locator('[data-island="consent"]').getAttribute('data-hydrated'), { timeout: 30_000 }).toBe('true');
    await banner(page).getByRole('button', { name: 'Alle ablehnen' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await page.goto(`${worker.origin}/de/about-us`, { waitUntil: 'load' });
    expect(requested).toEqual([]);
    expect(await ran(page)).toEqual([]);
    await page.context().close();
  });

  it('us with Sec-GPC: 1 loads no marketing script', async () => {
    const { page, requested } = await vendorPage({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await page.goto(`${worker.origin}/us`, { waitUntil: 'load' });
    await expect.poll(() => ran(page)).toEqual(['chat', 'heatmap']);
    expect(requested).not.toContain('tagManager');
    await expect.poll(() => banner(page).locator('.consent-gpc').count()).toBe(1);
    await page.context().close();
  });

  it('the banner works with JavaScript off: Accept all posts, comes back, and the page then loads the scripts', async () => {
    const { page } = await vendorPage({ javaScriptEnabled: false });
    await page.goto(`${worker.origin}/de/about-us`, { waitUntil: 'load' });
    expect(await page.locator('script[src^="https://"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
    await page.waitForURL(`${worker.origin}/de/about-us`);
    expect(await banner(page).count()).toBe(0);
    // Without JavaScript the browser runs no script: the page now names all three.
    for (const src of Object.keys(VENDORS)) expect(await page.locator(`script[src="${src}"]`).count()).toBe(1);
    // The settings open without JavaScript too (a native disclosure).
    await page.goto(`${worker.origin}/fr`, { waitUntil: 'load' });
    await banner(page).locator('summary').click();
    await page.locator('input[name="analytics"]').check();
    await page.getByRole('button', { name: 'Enregistrer mes choix' }).click();
    await page.waitForURL(`${worker.origin}/fr`);
    expect(await banner(page).count()).toBe(0);
    await page.context().close();
  });
});

describe('the consent banner on a phone (390 × 844)', () => {
  /**
   * What is at a point of the window: the element a tap there reaches (the idea of
   * clickable.test.ts: covered, clipped or off-screen buttons fail).
   */
  const reaches = (page: Page, name: string) =>
    banner(page)
      .getByRole('button', { name })
      .evaluate((button) => {
        const r = button.getBoundingClientRect();
        const inView = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return inView && !!hit && button.contains(hit);
      });

  for (const [region, accept, reject, settings] of [
    ['de', 'Alle akzeptieren', 'Alle ablehnen', 'Einstellungen'],
    ['fr', 'Tout accepter', 'Tout refuser', 'Personnaliser'],
  ] as const) {
    it(`${region}: a compact sheet (≤ 35 % of the window) with Accept all and Reject all in view and reachable, Settings one tap away, the page readable to its end`, async () => {
      const { page } = await vendorPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${worker.origin}/${region}`, { waitUntil: 'load' });
      const height = await banner(page).evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeGreaterThan(0);
      expect(height).toBeLessThanOrEqual(0.35 * 844);
      // Both main buttons, without scrolling anything, before and after the island takes over.
      expect(await reaches(page, accept)).toBe(true);
      expect(await reaches(page, reject)).toBe(true);
      await expect.poll(() => page.locator('[data-island="consent"]').getAttribute('data-hydrated'), { timeout: 30_000 }).toBe('true');
      expect(await reaches(page, accept)).toBe(true);
      expect(await reaches(page, reject)).toBe(true);
      // Settings is one tap: the categories show, and saving is in reach after a scroll of the sheet alone.
      await banner(page).getByText(settings, { exact: true }).click();
      await page.locator('input[name="analytics"]').waitFor({ state: 'visible' });
      await banner(page).locator('.consent-settings button').scrollIntoViewIfNeeded();
      expect(
        await banner(page)
          .locator('.consent-settings button')
          .evaluate((b) => {
            const r = b.getBoundingClientRect();
            return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
          }),
      ).toBe(true);
      // The page's last line is never under the sheet: at the end of the page, the footer's last link is above it.
      await page.locator('.consent-settings summary').click();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const covered = await page
        .locator('footer a')
        .last()
        .evaluate((link) => {
          const r = link.getBoundingClientRect();
          return !link.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        });
      expect(covered).toBe(false);
      await page.context().close();
    });
  }
});
