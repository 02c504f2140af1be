import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ISLAND_TRIGGER, WHEN_ATTR, type IslandTrigger } from '../../kernel/islands';
import { china, holdReact, openPage, pageErrors, site, useBrowser } from './browser';

const browser = useBrowser();

/** The element's keys that React DOM's hydrateRoot leaves on a root container (Preact, for one, leaves none). */
const reactRootKeys = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Object.keys(el).filter((key) => key.startsWith('__reactContainer$')));

/** Serves `path` with the voice-command island's trigger replaced, as if kernel/islands.ts declared another. */
async function withTrigger(page: Page, path: string, when: IslandTrigger): Promise<void> {
  await page.route(`${site()}${path}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(`${WHEN_ATTR}="${ISLAND_TRIGGER['voice-commands']}"`, `${WHEN_ATTR}="${when}"`);
    expect(html).toContain(`${WHEN_ATTR}="${when}"`);
    await route.fulfill({ response, body: html });
  });
}

const VOICE = '[data-island="voice-commands"]';

describe('in the browser', () => {
  it('hydrates the voice-command island with React DOM once it scrolls into view: the button opens the dialog, Escape closes it', async () => {
    const page = await openPage(browser());
    const errors = pageErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${site()}/us/flagship-bumblebee`, { waitUntil: 'networkidle' });
    // Below the fold, and this visitor has seen the popup: nothing loaded yet.
    expect(await page.locator(VOICE).getAttribute('data-hydrated')).toBeNull();
    expect(scripts).toEqual([]);

    const open = page.getByRole('button', { name: 'See all 36 voice commands' });
    await open.scrollIntoViewIfNeeded();
    await page.waitForSelector(`${VOICE}[data-hydrated="true"]`, { state: 'attached' });
    expect(await reactRootKeys(page, VOICE)).toHaveLength(1);
    expect(scripts.some((url) => /\/assets\/react-\w+\.js$/.test(url))).toBe(true);

    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Voice commands' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('li').count()).toBe(36);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus returns to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('renders a Japanese island’s heading and button in phrases, the same on the server and after hydration', async () => {
    // The server cuts them (BudouX is not in the browser); the island renders the phrases it is given.
    const page = await openPage(browser());
    const errors = pageErrors(page);
    await page.goto(`${site()}/jp/flagship-bumblebee`, { waitUntil: 'networkidle' });
    const markup = () => page.locator(VOICE).evaluate((el) => el.innerHTML);
    const served = await markup();
    expect(await page.locator(`${VOICE} h2 wbr`).count()).toBeGreaterThan(0);
    expect(await page.locator(`${VOICE} button.button .phrases wbr`).count()).toBeGreaterThan(0);

    const open = page.getByRole('button', { name: '音声コマンド全36種類を見る' });
    await open.scrollIntoViewIfNeeded();
    await page.waitForSelector(`${VOICE}[data-hydrated="true"]`, { state: 'attached' });
    expect(await markup()).toBe(served);
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'バンブルビーの音声コマンド' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('h2').innerHTML()).toBe('<span class="phrases">バンブルビーの<wbr>音声コマンド</span>');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('replays a click on the voice-command button made before React was there', async () => {
    const page = await openPage(browser());
    // Hold React back until the visitor has clicked.
    const release = await holdReact(page);
    await page.goto(`${site()}/us/flagship-bumblebee`);
    await page.getByRole('button', { name: 'See all 36 voice commands' }).click();
    expect(await page.locator(VOICE).getAttribute('data-hydrated')).toBe('pending');
    release();
    await expect.poll(() => page.getByRole('dialog', { name: 'Voice commands' }).isVisible()).toBe(true);
    expect(await page.locator(VOICE).getAttribute('data-hydrated')).toBe('true');
    await page.context().close();
  });

  it('replays a click on a gallery picture made before React was there: the lightbox opens on the page, not the raw file', async () => {
    const page = await openPage(browser());
    const release = await holdReact(page);
    const path = `${site()}/us/flagship-megatron`;
    await page.goto(path);
    const third = page.locator('[data-island="gallery"] ul.gallery a').nth(2);
    await third.click();
    expect(await page.locator('[data-island="gallery"]').getAttribute('data-hydrated')).toBe('pending');
    expect(page.url()).toBe(path);
    release();
    const dialog = page.getByRole('dialog', { name: 'Gallery' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.lightbox-count').textContent()).toBe('3 / 4');
    expect(page.url()).toBe(path);
    await page.context().close();
  });

  it('hydrates an island at idle when it declares `idle`, without the visitor scrolling', async () => {
    const page = await openPage(browser());
    await withTrigger(page, '/de/flagship-bumblebee', 'idle');
    await page.goto(`${site()}/de/flagship-bumblebee`);
    await page.waitForSelector(`${VOICE}[data-hydrated="true"]`, { state: 'attached' });
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.context().close();
  });

  it('hydrates an island on the first interaction near it when it declares `interaction`, and not before', async () => {
    const page = await openPage(browser());
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await withTrigger(page, '/de/flagship-bumblebee', 'interaction');
    await page.goto(`${site()}/de/flagship-bumblebee`, { waitUntil: 'networkidle' });
    // Scrolled past, not touched: still nothing.
    await page.locator(`${VOICE} button`).first().scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    // A tap on the text beside it.
    await page.locator('#app > p').first().click();
    await page.waitForSelector(`${VOICE}[data-hydrated="true"]`, { state: 'attached' });
    expect(await reactRootKeys(page, VOICE)).toHaveLength(1);
    await page.context().close();
  });

  it('starts no JavaScript download before first contentful paint on the heaviest page, for a new visitor', { timeout: 60_000 }, async () => {
    const page = await openPage(browser(), { newVisitor: true });
    await page.goto(`${site()}/us/flagship-bumblebee`);
    // Both islands: the popup opens by itself, the voice commands once scrolled to.
    await page.getByRole('dialog', { name: 'Welcome to Robolux' }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.locator(`${VOICE} button`).first().scrollIntoViewIfNeeded();
    await page.waitForSelector(`${VOICE}[data-hydrated="true"]`, { state: 'attached' });
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js'))
        .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
    }));
    expect(timing.fcp).toBeGreaterThan(0);
    expect(timing.scripts.map((s) => s.url)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/react-/), expect.stringMatching(/^\/assets\/hydrate-/)]),
    );
    for (const script of timing.scripts) expect(script.start, script.url).toBeGreaterThan(timing.fcp!);
    await page.context().close();
  });

  it('requests no JavaScript file at all on pages without an island, even when the visitor scrolls and taps', async () => {
    for (const url of [`${site()}/jp`, `${site()}/de/faq`, `${china()}/`, `${site()}/uk/no-such-page`]) {
      const page = await openPage(browser(), { newVisitor: true });
      const scripts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script' || new URL(r.url()).pathname.endsWith('.js')) scripts.push(r.url());
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.mouse.click(5, 5);
      await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const loaded = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js')).length);
      // The header's account entry is there, but loads only for a member (docs/decisions/0017).
      expect(await page.locator('[data-island]:not([data-island-when="member"])').count(), url).toBe(0);
      expect(scripts, url).toEqual([]);
      expect(loaded, url).toBe(0);
      await page.context().close();
    }
  });

  it('pushes a virtual page view with path, region and login state to the data layer', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/de`);
    const layer = await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer);
    expect(layer).toContainEqual({ event: 'virtual_page_view', page_path: '/de', region: 'de', login_state: 'Not logged in' });
    // Logged in = a user id in the page's storage scope (de: /eu, kernel/session.ts).
    await page.evaluate(() => localStorage.setItem('/eu/userId', 'eu_42'));
    await page.reload();
    const again = await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer);
    expect(again).toContainEqual({ event: 'virtual_page_view', page_path: '/de', region: 'de', login_state: 'Logged in' });
    await page.close();
  });

  it('sets the page flags and device class, and loads no script on a page without islands', async () => {
    const page = await openPage(browser(), { viewport: { width: 800, height: 900 } });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${site()}/jp`);
    const flags = await page.evaluate(() => ({ cls: document.documentElement.className, device: document.documentElement.dataset.device }));
    expect(flags.cls).not.toContain('no-js');
    expect(flags.cls).toMatch(/^(webp|no-webp)$/);
    // Chromium decodes WebP: the flag turns to webp once the probe image has loaded.
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toBe('webp');
    expect(flags.device).toBe('ipad');
    expect(scripts).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.device)).toBe('window');
    await page.close();
  });

  it('serves the China edition at the root of its host, in Chinese', async () => {
    const page = await openPage(browser());
    const res = await page.goto(`${china()}/`);
    expect(res?.status()).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await page.goto(`${site()}/cn/flagship-bumblebee`);
    expect(page.url()).toBe(`${china()}/flagship-bumblebee`);
    await page.close();
  });

  it('has no CSP violations on the product page', async () => {
    const page = await openPage(browser());
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${site()}/fr/flagship-bumblebee`);
    await page.locator(`${VOICE} button`).first().scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-hydrated="true"]', { state: 'attached' });
    expect(violations).toEqual([]);
    await page.close();
  });
});
