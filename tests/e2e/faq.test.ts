import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { auditPage, violations } from './axe';
import { openPage, site, useBrowser } from './browser';

// The US FAQ in Chromium (docs/decisions/0016): entries loaded from the endpoint, with the spec's
// Loading..., failure and Retry states (docs/spec/content.md §4, §8).

const browser = useBrowser();
const ISLAND = '[data-island="faq"]';
const ENDPOINT = '**/api/faq?**';

/** Focuses the search box, which loads the island, and waits until React owns it. */
async function hydrate(page: Page) {
  await page.getByRole('searchbox', { name: 'Search the FAQ' }).focus();
  await page.waitForSelector(`${ISLAND}[data-hydrated="true"]`, { state: 'attached' });
}

const questions = (page: Page) => page.locator(`${ISLAND} summary`).allTextContents();
const sections = (page: Page) => page.locator(`${ISLAND} h2`).allTextContents();

describe('the FAQ', { timeout: 60_000 }, () => {
  it('loads a section from the endpoint, saying Loading... meanwhile', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/us/faq`);
    expect(await sections(page)).toEqual(['Support Services', 'Download']);
    await hydrate(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENDPOINT, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(ISLAND).getByRole('link', { name: 'Download', exact: true }).click();
    const status = page.locator(ISLAND).getByRole('status').filter({ hasText: 'Loading...' });
    await status.waitFor();
    expect(await page.locator(`${ISLAND} details`).count()).toBe(0);
    release();
    await expect.poll(() => sections(page)).toEqual(['Download']);
    expect(await questions(page)).toContain('Which phones and tablets does the app support?');
    expect(new URL(page.url()).search).toBe('?category=download');
    expect(await page.locator(ISLAND).getByRole('link', { name: 'Download', exact: true }).getAttribute('aria-current')).toBe('page');
    await page.context().close();
  });

  it('says "Failed to load data. Please try again later." when the endpoint fails, and Retry loads it', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/us/faq`);
    await hydrate(page);
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":5000,"msg":"down","data":{}}' }));
    await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('hawaii');
    await page.getByRole('button', { name: 'Search' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('p').textContent()).toBe('Failed to load data. Please try again later.');
    expect(await page.locator(`${ISLAND} details`).count()).toBe(0);

    // The network is back: Retry asks again for the same search.
    await page.unroute(ENDPOINT);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => questions(page)).toEqual(['How much does shipping cost?']);
    expect(await alert.count()).toBe(0);
    expect(await page.locator(ISLAND).getByRole('status').textContent()).toBe('Questions found: 1');
    await page.locator(`${ISLAND} summary`).first().click();
    expect(await page.locator(`${ISLAND} details[open]`).textContent()).toContain('Economy shipping to Hawaii costs $50.');
    await page.context().close();
  });

  it('fails the same way when the network drops, and works by keyboard', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/us/faq`);
    await hydrate(page);
    await page.route(ENDPOINT, (route) => route.abort());
    await page.keyboard.type('android');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await page.unroute(ENDPOINT);
    // Tab to Retry and press it.
    await page.getByRole('button', { name: 'Retry' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => questions(page))
      .toEqual(['Which phones and tablets does the app support?', 'Where do I download the app and the programming software?']);
    await page.context().close();
  });

  it('works without JavaScript: the sections are links and the search a form the page answers', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${site()}/us/faq`);
    expect(await questions(page)).toHaveLength(8);
    await page.locator(ISLAND).getByRole('link', { name: 'Support Services' }).click();
    await page.waitForURL(/category=support-services/);
    expect(await sections(page)).toEqual(['Support Services']);
    await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('puerto rico');
    await page.getByRole('searchbox', { name: 'Search the FAQ' }).press('Enter');
    await page.waitForURL(/q=puerto/);
    expect(await questions(page)).toEqual(['Do you ship to Puerto Rico and remote areas?']);
    await page.context().close();
  });

  it('has no axe violations, with every question open and when loading failed', async () => {
    const page = await auditPage(browser());
    await page.goto(`${site()}/us/faq`);
    for (const summary of await page.locator(`${ISLAND} summary`).all()) await summary.click();
    const found = await violations(page, 'faq');
    await hydrate(page);
    await page.route(ENDPOINT, (route) => route.abort());
    await page.locator(ISLAND).getByRole('link', { name: 'Download', exact: true }).click();
    await page.getByRole('alert').waitFor();
    found.push(...(await violations(page, 'faq failed')));
    expect(found).toEqual([]);
    await page.context().close();
  });
});
