import { describe, expect, it } from 'vitest';
import { openPage, site, useBrowser } from './browser';

const browser = useBrowser();

describe('recovery from a stale deploy', () => {
  it('reloads the page once when a script under /assets/ answers 404', async () => {
    const page = await openPage(browser());
    let loads = 0;
    page.on('load', () => loads++);
    await page.route(/\/assets\/hydrate-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    // Scrolling to the voice-command island is what loads the hydration script.
    const reach = () => page.getByRole('button', { name: 'See all 36 voice commands' }).scrollIntoViewIfNeeded();
    await page.goto(`${site()}/us/flagship-bumblebee`);
    await reach();
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    // Once only: a second failure does not loop.
    await page.waitForLoadState('load');
    await reach();
    await page.waitForTimeout(1000);
    expect(loads).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/us/flagship-bumblebee');
    await page.context().close();
  });

  it('raises a cancelable preload-error event when an island chunk fails to load', async () => {
    const page = await openPage(browser());
    await page.addInitScript(() => {
      addEventListener('preload-error', (event) => {
        (window as unknown as { preloadErrors: number }).preloadErrors = ((window as unknown as { preloadErrors?: number }).preloadErrors ?? 0) + 1;
        event.preventDefault();
      });
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/\/assets\/voice-commands-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(`${site()}/us/flagship-bumblebee`);
    // Its trigger: coming into view.
    await page.getByRole('button', { name: 'See all 36 voice commands' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => (window as unknown as { preloadErrors?: number }).preloadErrors ?? 0)).toBe(1);
    // Cancelled by the listener, so nothing was rethrown.
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
