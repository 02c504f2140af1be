import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { holdReact, openPage, site, useBrowser } from './browser';

// The product pages' islands (docs/decisions/0024-product-page-islands.md) in
// headless Chromium: the gallery lightbox, the video dialog, Megatron's carousel and
// Grimlock's action-programming dialog, each by keyboard (focus in, trapped, Escape, focus
// back), the gallery and carousel by swipe, the video's replay and fullscreen.

const browser = useBrowser();

/** Opens a product page and waits until the island named `name` has hydrated (scrolled to it first). */
async function withIsland(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(`${site()}${path}`);
  const island = page.locator(`[data-island="${name}"]`).first();
  await island.evaluate((el) => el.firstElementChild?.scrollIntoView());
  // An `interaction` island loads when the visitor reaches for it: a focus inside it is that.
  await island.locator('a, button').first().focus();
  await page.waitForSelector(`[data-island="${name}"][data-hydrated="true"]`, { state: 'attached' });
  return island;
}

/** Whether focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));

/** Presses Tab `times` times and Shift+Tab as often, checking after each that focus stayed in the open dialog. */
async function expectFocusTrapped(page: Page, times: number): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < times; i++) {
      await page.keyboard.press(key);
      expect(await focusInDialog(page), `${key} ×${i + 1}`).toBe(true);
    }
  }
}

/** A horizontal swipe of `dx` pixels over `target`, as touch pointer events. */
async function swipe(target: Locator, dx: number): Promise<void> {
  await target.evaluate((el, dx) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const init = { bubbles: true, cancelable: true, pointerId: 7, pointerType: 'touch', isPrimary: true, clientY: y };
    el.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: x }));
    el.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: x + dx / 2 }));
    el.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + dx }));
  }, dx);
}

describe('gallery lightbox', () => {
  it('opens a picture by keyboard, moves with the arrow keys and buttons, counts "n / m", traps focus, and Escape gives focus back', async () => {
    const page = await openPage(browser());
    const island = await withIsland(page, '/us/flagship-megatron', 'gallery');
    const links = island.locator('ul.gallery a');
    expect(await links.count()).toBe(4);
    const third = links.nth(2);
    const alt = await third.locator('img').getAttribute('alt');
    await third.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Gallery' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const count = dialog.locator('.lightbox-count');
    expect(await count.textContent()).toBe('3 / 4');
    expect(await dialog.locator('figure img').getAttribute('alt')).toBe(alt);
    expect(await focusInDialog(page)).toBe(true);

    await page.keyboard.press('ArrowRight');
    expect(await count.textContent()).toBe('4 / 4');
    await page.keyboard.press('ArrowRight');
    expect(await count.textContent()).toBe('1 / 4');
    await page.keyboard.press('ArrowLeft');
    expect(await count.textContent()).toBe('4 / 4');
    await dialog.getByRole('button', { name: 'Previous image' }).press('Enter');
    expect(await count.textContent()).toBe('3 / 4');
    await dialog.getByRole('button', { name: 'Next image' }).click();
    expect(await count.textContent()).toBe('4 / 4');

    await expectFocusTrapped(page, 5);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await third.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('moves to the next picture on a swipe left and back on a swipe right', async () => {
    const page = await openPage(browser(), { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const island = await withIsland(page, '/us/flagship-megatron', 'gallery');
    await island.locator('ul.gallery a').first().click();
    const dialog = page.getByRole('dialog', { name: 'Gallery' });
    const count = dialog.locator('.lightbox-count');
    await expect.poll(() => count.textContent()).toBe('1 / 4');
    const figure = dialog.locator('figure');
    await swipe(figure, -120);
    expect(await count.textContent()).toBe('2 / 4');
    await swipe(figure, -120);
    expect(await count.textContent()).toBe('3 / 4');
    await swipe(figure, 120);
    expect(await count.textContent()).toBe('2 / 4');
    // A short drag is not a swipe.
    await swipe(figure, -15);
    expect(await count.textContent()).toBe('2 / 4');
    await page.context().close();
  });

  it('says where it is in the edition’s language, and is plain links to the full images without JavaScript', async () => {
    const page = await openPage(browser());
    const island = await withIsland(page, '/de/flagship-bumblebee', 'gallery');
    await island.locator('ul.gallery a').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('button', { name: 'Nächstes Bild' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Schließen' }).count()).toBe(1);
    expect(await dialog.locator('.lightbox-count').textContent()).toMatch(/^2 \/ \d+$/);
    await page.context().close();

    const plain = await openPage(browser(), { javaScriptEnabled: false });
    await plain.goto(`${site()}/us/flagship-megatron`);
    const hrefs = await plain.locator('#gallery ul.gallery a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(4);
    for (const href of hrefs) expect(href).toMatch(/^\/images\/products\/flagship-megatron\/[\w-]+\.svg$/);
    expect(await plain.locator('dialog.lightbox').isVisible()).toBe(false);
    const res = await plain.goto(`${site()}${hrefs[0]}`);
    expect(res?.status()).toBe(200);
    await plain.context().close();
  });
});

describe('video dialog', () => {
  it(
    'shows an original poster with alt text, opens and plays the local clip by keyboard, offers Replay once it has ended, and gives focus back',
    { timeout: 60_000 },
    async () => {
      const page = await openPage(browser());
      const island = await withIsland(page, '/us/flagship-megatron', 'video');
      const poster = page.locator('[data-video="bannerVideo"] a.video-poster-open img');
      expect(await poster.getAttribute('src')).toBe('/images/products/flagship-megatron/video-poster.svg');
      expect(await poster.getAttribute('alt')).toMatch(/Megatron/);

      const play = island.getByRole('button', { name: 'Watch Video' });
      await play.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'See Megatron convert' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      // By class: once closed, the dialog is no longer in the accessibility tree.
      const video = page.locator('dialog.video-dialog video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && !v.paused), { timeout: 8_000 }).toBe(true);
      expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\/media\/flagship-megatron\/convert\.(webm|mp4)$/);
      const replay = dialog.getByRole('button', { name: 'Replay' });
      expect(await replay.isVisible()).toBe(false);
      await expectFocusTrapped(page, 4);

      // To the end: Replay appears, and plays it again from the start.
      await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.2));
      await expect.poll(() => replay.isVisible(), { timeout: 8_000 }).toBe(true);
      expect(await video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
      await replay.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime < 2)).toBe(true);
      await expect.poll(() => replay.isVisible()).toBe(false);
      expect(await focusInDialog(page)).toBe(true);

      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      // The dialog's close event, which pauses the video, is a task queued after it closes.
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      expect(await play.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.context().close();
    },
  );

  it('opens the video from its poster, even clicked before the island loaded, without leaving the page', async () => {
    const page = await openPage(browser());
    const release = await holdReact(page);
    const path = `${site()}/us/flagship-megatron`;
    await page.goto(path);
    await page.locator('[data-video="bannerVideo"] a.video-poster-open').click();
    expect(page.url()).toBe(path);
    release();
    const dialog = page.getByRole('dialog', { name: 'See Megatron convert' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(page.url()).toBe(path);
    await page.context().close();
  });

  it('shows the video full screen from its Fullscreen button, and has no such button where the browser cannot', async () => {
    const page = await openPage(browser());
    await page.addInitScript(() => {
      const original = HTMLVideoElement.prototype.requestFullscreen;
      (window as unknown as { fullscreenCalls: number }).fullscreenCalls = 0;
      HTMLVideoElement.prototype.requestFullscreen = function (this: HTMLVideoElement, options?: FullscreenOptions) {
        (window as unknown as { fullscreenCalls: number }).fullscreenCalls++;
        return original.call(this, options);
      };
    });
    const island = await withIsland(page, '/us/flagship-megatron', 'video');
    await island.getByRole('button', { name: 'Watch Video' }).click();
    const dialog = page.getByRole('dialog', { name: 'See Megatron convert' });
    const full = dialog.getByRole('button', { name: 'Full screen' });
    await full.click();
    expect(await page.evaluate(() => (window as unknown as { fullscreenCalls: number }).fullscreenCalls)).toBe(1);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName)).toBe('VIDEO');
    await page.evaluate(() => document.exitFullscreen());
    await page.context().close();

    const without = await openPage(browser());
    await without.addInitScript(() => Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false }));
    const other = await withIsland(without, '/us/flagship-megatron', 'video');
    await other.getByRole('button', { name: 'Watch Video' }).click();
    const box = without.getByRole('dialog', { name: 'See Megatron convert' });
    await expect.poll(() => box.isVisible()).toBe(true);
    expect(await box.getByRole('button', { name: 'Full screen' }).count()).toBe(0);
    await without.context().close();
  });

  it('serves the local clip as a small video file, and links to it without JavaScript', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${site()}/us/flagship-megatron`);
    const link = page.locator('[data-video="bannerVideo"] a.video-file');
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe('/media/flagship-megatron/convert.webm');
    for (const [file, type] of [
      ['/media/flagship-megatron/convert.webm', 'video/webm'],
      ['/media/flagship-megatron/convert.mp4', 'video/mp4'],
    ]) {
      const res = await page.request.get(`${site()}${file}`);
      expect(res.status(), file).toBe(200);
      expect(res.headers()['content-type'], file).toContain(type);
      expect((await res.body()).length, file).toBeLessThan(300_000);
    }
    await page.context().close();
  });
});

describe('Megatron’s experience carousel', () => {
  /** The slide (1-based) whose left edge sits at the track's. */
  const current = (island: Locator) =>
    island.locator('.carousel-track').evaluate((track) => {
      const left = track.getBoundingClientRect().left;
      const slides = [...track.children];
      return slides.findIndex((s) => Math.abs(s.getBoundingClientRect().left - left) < 4) + 1;
    });

  it('is a carousel of labelled slides that moves with its buttons and the arrow keys, wraps, and never moves by itself', async () => {
    const page = await openPage(browser(), { reducedMotion: 'reduce' });
    const island = await withIsland(page, '/us/flagship-megatron', 'carousel');
    const carousel = page.locator('[aria-roledescription="carousel"]');
    expect(await carousel.getAttribute('aria-label')).toBe('The Megatron experience');
    const labels = await carousel.locator('[aria-roledescription="slide"]').evaluateAll((s) => s.map((e) => e.getAttribute('aria-label')));
    expect(labels).toEqual(['1 of 4', '2 of 4', '3 of 4', '4 of 4']);
    expect(await current(island)).toBe(1);

    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => current(island)).toBe(2);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => current(island)).toBe(3);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => current(island)).toBe(2);
    await carousel.getByRole('button', { name: 'Previous slide' }).press('Enter');
    await expect.poll(() => current(island)).toBe(1);
    await carousel.getByRole('button', { name: 'Previous slide' }).press('Enter');
    await expect.poll(() => current(island)).toBe(4);

    // No autoplay: left alone, it stays where the visitor put it.
    await page.waitForTimeout(1_500);
    expect(await current(island)).toBe(4);
    await page.context().close();
  });

  it('moves one slide per swipe', async () => {
    const page = await openPage(browser(), { hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const island = await withIsland(page, '/us/flagship-megatron', 'carousel');
    const track = island.locator('.carousel-track');
    await swipe(track, -150);
    await expect.poll(() => current(island)).toBe(2);
    await swipe(track, -150);
    await expect.poll(() => current(island)).toBe(3);
    await swipe(track, 150);
    await expect.poll(() => current(island)).toBe(2);
    await page.context().close();
  });
});

describe('Grimlock’s action-programming dialog', () => {
  it('opens by keyboard with the four steps, traps focus, and Escape gives focus back to its button', async () => {
    const page = await openPage(browser());
    const island = await withIsland(page, '/us/grimlock-g1-flagship', 'action-dialog');
    const open = island.getByRole('button', { name: 'How action programming works' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Action programming, step by step' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('ol.steps h3').allTextContents()).toEqual(['Record', 'Sequence', 'Play', 'Share']);
    expect(await focusInDialog(page)).toBe(true);
    await expectFocusTrapped(page, 3);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('shows the same steps in a <details> without JavaScript', async () => {
    const page = await openPage(browser(), { javaScriptEnabled: false });
    await page.goto(`${site()}/us/grimlock-g1-flagship`);
    const details = page.locator('details.steps-fallback');
    await details.locator('summary').click();
    expect(await details.locator('ol.steps h3').allTextContents()).toEqual(['Record', 'Sequence', 'Play', 'Share']);
    expect(await page.locator('dialog.action-dialog').isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('voice-command lists', () => {
  it('K1 and K1 Pro side by side: 41 and 81 commands under their titles, opened by keyboard, focus trapped, Escape gives focus back', async () => {
    const page = await openPage(browser());
    const island = await withIsland(page, '/us/k1-pro-interstellar-scout', 'voice-commands');
    const open = island.getByRole('button', { name: 'See the K1 and K1 Pro voice commands' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'K1 and K1 Pro voice commands' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.command-groups h3').allTextContents()).toEqual(['K1: 41 commands', 'K1 Pro: 81 commands']);
    expect(await dialog.locator('.command-groups section').nth(0).locator('li').count()).toBe(41);
    expect(await dialog.locator('.command-groups section').nth(1).locator('li').count()).toBe(81);
    expect(await focusInDialog(page)).toBe(true);
    await expectFocusTrapped(page, 3);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('the limited edition’s numbered list, 1 to 16, closes from its button and gives focus back', async () => {
    const page = await openPage(browser());
    const island = await withIsland(page, '/us/optimus-prime-rise-of-the-beasts-signature-limited-edition', 'voice-commands');
    const open = island.getByRole('button', { name: 'See all 16 voice commands' });
    await open.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Voice interactions' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const list = dialog.locator('ol.numbered');
    expect(await list.locator('li').count()).toBe(16);
    // The serial numbers are the ordered list's own markers: 1 to 16 in order.
    expect(await list.evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe('decimal');
    await dialog.getByRole('button', { name: 'Close' }).press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
