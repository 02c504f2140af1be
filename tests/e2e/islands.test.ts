import { describe, expect, it } from 'vitest';
import { china, openPage, site, useBrowser } from './browser';

const browser = useBrowser();

describe('in the browser', () => {
  it('hydrates the voice-command island: the button opens the dialog, Escape closes it', async () => {
    const page = await openPage(browser());
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A hydration mismatch is reported as a console error, not a page error.
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${site()}/us/flagship-bumblebee`);
    await page.waitForSelector('[data-island="voice-commands"][data-hydrated="true"]');
    const open = page.getByRole('button', { name: 'See all 36 voice commands' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Voice commands' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('li').count()).toBe(36);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // Focus returns to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pushes a virtual page view with path, region and login state to the data layer', async () => {
    const page = await openPage(browser());
    await page.goto(`${site()}/de`);
    const layer = await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer);
    expect(layer).toContainEqual({ event: 'virtual_page_view', page_path: '/de', region: 'de', login_state: 'Not logged in' });
    await page.evaluate(() => localStorage.setItem('userId', '42'));
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
    expect(flags.cls).toMatch(/\b(webp|no-webp)\b/);
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
    await page.waitForSelector('[data-hydrated="true"]');
    expect(violations).toEqual([]);
    await page.close();
  });
});
