import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { china, openPage, site, useBrowser } from './browser';

// What a shopper saw wrong on the pages, at a phone's and a desktop's width: a call to action
// whose button sat at the left under a centred heading, and short labels in the "visit your
// own edition" banner broken in the middle of a word ("留在此 / 处").

const browser = useBrowser();
const WIDTHS = [390, 1280];

/** How many lines the text of the element matching `selector` takes. */
function lines(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

describe('a product page’s closing call to action', () => {
  for (const width of WIDTHS) {
    it(`centres its buy button under its centred heading at ${width} px`, async () => {
      const page = await openPage(browser(), { viewport: { width, height: 900 } });
      await page.goto(`${site()}/us/flagship-bumblebee`);
      const band = page.locator('.band.cta');
      const centre = async (selector: string) => {
        const box = (await band.locator(selector).first().boundingBox())!;
        return box.x + box.width / 2;
      };
      const heading = await centre('h2');
      expect(Math.abs((await centre('a.button')) - heading)).toBeLessThan(2);
      await page.context().close();
    });
  }
});

describe('the region suggestion’s buttons', () => {
  // The "stay" label is a word or two; the "go" label names the other edition and may wrap.
  const CASES: [string, string, string][] = [
    ['zh', `${china()}/flagship-bumblebee`, '留在此处'],
    ['ja', `${site()}/jp/flagship-bumblebee`, 'このまま閲覧'],
    ['ko', `${site()}/kr`, '여기 머물기'],
    ['de', `${site()}/de/flagship-bumblebee`, 'Hier bleiben'],
  ];
  for (const [lang, url, stay] of CASES) {
    for (const width of WIDTHS) {
      it(`keep "${stay}" (${lang}) on one line at ${width} px`, async () => {
        const page = await openPage(browser(), { viewport: { width, height: 900 }, extraHTTPHeaders: { 'CF-IPCountry': 'US' } });
        await page.goto(url);
        const link = page.locator('.suggestion-actions a', { hasText: stay });
        expect(await link.count()).toBe(1);
        expect(await lines(page, `.suggestion-actions a[href^="/region-suggest/dismiss"]`)).toBe(1);
        await page.context().close();
      });
    }
  }
});
