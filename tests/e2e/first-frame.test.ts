import { describe, expect, it } from 'vitest';
import { china, openPage, site, useBrowser } from './browser';
import { fetchLocal } from './http';

// Decision 0053: a page's first frame is drawn once the whole document is parsed
// (`<link rel="expect" href="#page-end" blocking="render">`), not as soon as the parser pauses
// with the stylesheets in: a first paint of the header alone left the first view's style and
// layout (350-650 ms on Lighthouse's phone) after it, where it counts as blocking time. Here the
// parser is made to pause inside <main> (a script that answers late, as a slow network would
// leave the document half read), and the first animation frame, which Chromium runs only when
// it may render, must already see the end of the document.

const browser = useBrowser();

/** What the first frame could see: set by a requestAnimationFrame queued before the document is parsed. */
declare global {
  interface Window {
    firstFrame?: { hero: boolean; end: boolean };
  }
}

const PAGES = [
  { name: 'a Japanese product page', url: () => `${site()}/jp/flagship-bumblebee` },
  { name: 'the US home', url: () => `${site()}/us` },
  { name: 'the China home', url: () => china() + '/' },
  { name: 'the support hub', url: () => `${site()}/us/support` },
];

describe('the first frame', () => {
  for (const { name, url } of PAGES) {
    it(`draws ${name} whole, even when the document arrives in two parts`, async () => {
      const page = await openPage(browser());
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          window.firstFrame = { hero: !!document.querySelector('main h1'), end: !!document.getElementById('page-end') };
        });
      });
      // The parser stops at the start of <main> for 400 ms: without the render block, Chromium
      // draws the header meanwhile.
      // (Fetched here, not by Playwright, which cannot resolve cn.localhost; the headers kept, CSP included.)
      await page.route(url(), async (route) => {
        const { status, headers, text } = await fetchLocal(url());
        const kept = Object.entries(headers).filter(([key]) => !['content-encoding', 'content-length', 'set-cookie'].includes(key));
        const html = text.replace(/(<main[^>]*>)/, '$1<script src="/__pause.js"></script>');
        await route.fulfill({ status, headers: Object.fromEntries(kept.map(([key, value]) => [key, String(value)])), body: html });
      });
      await page.route('**/__pause.js', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      await page.goto(url());
      await page.waitForFunction(() => window.firstFrame !== undefined);
      expect(await page.evaluate(() => window.firstFrame)).toEqual({ hero: true, end: true });
      await page.context().close();
    });
  }
});
