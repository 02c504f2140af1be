import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumFlags, chromiumPath } from '../../scripts/local/chromium.mjs';

// The two engines a shopper's browser runs on, driven by one script: Debian's Chromium over
// the DevTools protocol and Debian's Firefox ESR over WebDriver BiDi, both through
// puppeteer-core (Playwright's Firefox needs its own patched build; puppeteer drives the stock
// one). Everything else under tests/e2e runs in Chromium alone (browser.ts).

/** The engines the cross-engine checks run in. */
export const ENGINES = ['chromium', 'firefox'] as const;
export type Engine = (typeof ENGINES)[number];

/** Where Firefox is: `FIREFOX_PATH`, else Debian's ESR (`.ci/run` installs it). */
export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/**
 * The CJK faces a device has: `none`, as on a device without one (the system's fonts less
 * every face of Chinese, Japanese or Korean), or `nameless`, as on Android, whose CJK face is a
 * fallback that no family name reaches (the same fonts under another family name, their full
 * names kept).
 */
export type CjkFaces = 'none' | 'nameless';

/** A fontconfig file (in a directory of its own, removed by `remove`) that gives the browser `faces`. */
function fontSetup(faces: CjkFaces): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-fonts-'));
  const file = join(dir, 'fonts.conf');
  const rules =
    faces === 'none'
      ? `<include ignore_missing="yes">/etc/fonts/fonts.conf</include><selectfont><rejectfont>${['ja', 'zh-cn', 'zh-tw', 'ko']
          .map((lang) => `<pattern><patelt name="lang"><string>${lang}</string></patelt></pattern>`)
          .join('')}</rejectfont></selectfont>`
      : // Renamed as the fonts are scanned, so in a cache of its own, not the system's.
        `<dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir><cachedir>${join(dir, 'cache')}</cachedir><include ignore_missing="yes">/etc/fonts/conf.d</include>` +
        `<match target="scan"><test name="family" compare="contains"><string>CJK</string></test><edit name="family" mode="assign" binding="same"><string>Nameless CJK</string></edit></match>`;
  writeFileSync(file, `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig>${rules}</fontconfig>`);
  // What the browsers will see (both find system fonts through fontconfig).
  for (const lang of ['ja', 'zh-cn', 'ko']) {
    const families = execFileSync('fc-list', [`:lang=${lang}`, 'family'], { env: { ...process.env, FONTCONFIG_FILE: file }, encoding: 'utf8' }).trim();
    if (faces === 'none' && families) throw new Error(`fontconfig still offers a ${lang} face: ${families}`);
    if (faces === 'nameless' && !/^Nameless CJK$/m.test(families)) throw new Error(`no nameless ${lang} face: ${families || 'none'}`);
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Launches `engine` headless for the test file (closed after it) and returns a getter for it.
 * The browser has the CJK system faces `faces` says (by default none: the pages in those
 * languages must draw their text with the faces the site ships, decision 0060).
 */
export function useEngine(engine: Engine, faces: CjkFaces = 'none'): () => Browser {
  let browser: Browser | undefined;
  let fonts: ReturnType<typeof fontSetup> | undefined;
  beforeAll(async () => {
    fonts = fontSetup(faces);
    const env = { ...process.env, FONTCONFIG_FILE: fonts.file };
    browser =
      engine === 'firefox'
        ? await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true, env })
        : await puppeteer.launch({ browser: 'chrome', executablePath: chromiumPath, headless: true, args: chromiumFlags, env });
  });
  afterAll(async () => {
    await browser?.close();
    fonts?.remove();
  });
  return () => browser!;
}

/** A page in a fresh browser context, with what went wrong on it as it happens. */
export interface Tab {
  page: Page;
  /** Uncaught exceptions, console errors, failed requests and error responses, in order. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * A page `width` px wide in a fresh context, whose visitor has already seen the new-user popup
 * (so it does not open over a test). `hold` sees each request first: a request it answers with a
 * promise waits for it (a script held back, a font slowed down).
 */
export async function openTab(browser: Browser, width: number, hold?: (request: HTTPRequest) => Promise<void> | undefined): Promise<Tab> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(15_000);
  await page.setViewport({ width, height: width < 768 ? 844 : 800 });
  // Firefox runs it on the blank page first too, whose storage is off limits.
  await page.evaluateOnNewDocument(() => {
    try {
      localStorage.setItem('newUserPopupSeen', '1');
    } catch {
      // not a page of the site
    }
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error instanceof Error ? error.message : String(error)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });
  if (hold) {
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      void (hold(request) ?? Promise.resolve()).then(() => request.continue());
    });
  }
  return { page, problems, close: () => context.close() };
}

/**
 * Scrolls the element matching `selector` into the window, as a shopper scrolls to it: a
 * section below the fold is laid out only when it nears the window (`content-visibility:
 * auto`), its controls have no box for a click before then, and the sections passed on the
 * way take their true height only as they come in, so one jump can land short (Firefox).
 */
export async function reach(page: Page, selector: string): Promise<void> {
  await page.$eval(
    selector,
    (el) =>
      new Promise<void>((resolve, reject) => {
        let tries = 0;
        let seen = 0;
        const step = () => {
          const { top, bottom } = el.getBoundingClientRect();
          const inView = bottom > 0 && top < innerHeight;
          // In view for three checks running: the sections around it have taken their size.
          seen = inView ? seen + 1 : 0;
          if (seen >= 3) return resolve();
          if (++tries > 40) return reject(new Error(`${el.tagName} out of reach`));
          if (!inView) el.scrollIntoView({ block: 'center', behavior: 'instant' });
          requestAnimationFrame(() => requestAnimationFrame(step));
        };
        step();
      }),
  );
}

/** Resolves once the page has not scrolled for five frames (a smooth scroll has come to rest). */
export function scrollRest(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = -1;
        let still = 0;
        const frame = () => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 5) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
