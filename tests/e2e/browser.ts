import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/local/chromium.mjs';

/** Launches Debian's Chromium headless, as this machine allows. */
function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** The global edition's origin. */
export const site = () => `http://localhost:${inject('port')}`;
/** The China edition's origin. */
export const china = () => `http://cn.localhost:${inject('port')}`;

/**
 * A page in a fresh context. Unless `newVisitor`, the visitor has already seen the US
 * new-user popup, so it does not open over what a test is doing.
 */
export async function openPage(browser: Browser, { newVisitor = false, ...options }: BrowserContextOptions & { newVisitor?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext(options);
  if (!newVisitor) await context.addInitScript(() => localStorage.setItem('newUserPopupSeen', '1'));
  const page = await context.newPage();
  // A step that hangs fails by name (which navigation, which locator) before the test's 30 s.
  page.setDefaultNavigationTimeout(15_000);
  page.setDefaultTimeout(10_000);
  return page;
}

/**
 * The page's errors as they happen: uncaught exceptions and console errors (React reports a
 * hydration mismatch as one), but those whose text holds one of `expected` (a refusal the
 * test provokes, which Chromium logs).
 */
export function pageErrors(page: Page, expected: readonly string[] = []): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !expected.some((text) => m.text().includes(text))) errors.push(m.text());
  });
  return errors;
}

/** Launches Chromium for the test file (closed after it) and returns a getter for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/**
 * Holds React back on a page until the test says so, to click before the islands are there
 * (the boot lines replay such clicks): returns the function that lets it load.
 */
export async function holdReact(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/react-\w+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Moves the page's clock on (Playwright's fake timers, installed with `page.clock.install()`
 * before the page loads) a second at a time until `done` holds: a delay such as the new-user
 * popup's 15 s passes at once, and the test never waits out a real timer.
 */
export async function runClockUntil(page: Page, done: () => Promise<boolean>, { step = 1_000, max = 60_000 } = {}): Promise<void> {
  for (let passed = 0; passed <= max; passed += step) {
    if (await done()) return;
    await page.clock.runFor(step);
    // Let what the timers started (an island's script, its render) happen in real time too.
    await page.waitForTimeout(50);
  }
  throw new Error(`still not there after ${max / 1000} s of the page's clock`);
}

