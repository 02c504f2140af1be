import { describe, expect, it } from 'vitest';
import { china, openPage, site, useBrowser } from './browser';
import { sample } from './matrix';

// A picture's `sizes` says how wide the browser will draw it before the style sheet is there,
// and the browser fetches the file of its srcset that fits that width at the screen's density.
// A `sizes` narrower than the card the grid makes leaves a blurry picture: the China home's two
// tiles were drawn 480 px wide from a 320 px file at 1280 px, which Lighthouse's "serves images
// with appropriate resolution" caught (best practices 0.96 on a desktop). Here every drawn
// picture, on the pages whose grids change with their number of cards, is checked as that audit
// checks it: the file at least as wide as the picture on screen times the screen's density
// (three quarters of it for a picture over 64 px, the audit's allowance), every picture once
// scrolled into view, not only the first screen.

const browser = useBrowser();

/**
 * Pages, the fewest pictures of its own (in its main part, not the frame's logo and globe)
 * each draws on every screen, its real count a little under: a page whose pictures were gone
 * or hidden would otherwise pass with nothing of its own measured. The support page's cards
 * are SVG drawings, sharp at any size: it has none to count, only the frame's. For a campaign,
 * the moment it is live (the preview cookie).
 */
const PAGES: [origin: () => string, path: string, least: number, iso?: string][] = [
  [site, '/us', 9],
  [site, '/kr', 1],
  [site, '/jp', 2],
  [site, '/fr', 3],
  [china, '/', 4],
  [site, '/us/flagship-bumblebee', 3],
  [site, '/us/flagship-megatron', 4],
  [site, '/us/support', 0],
  [site, '/us/black-friday', 14, '2024-11-30T12:00:00Z'],
  [site, '/de/black-friday', 10, '2024-11-30T12:00:00Z'],
  [site, '/us/christmas-sale', 8, '2024-12-10T12:00:00Z'],
  [site, '/us/back-to-school', 6, '2025-08-20T04:00:00Z'],
];
/** A phone (at twice the density), a tablet and a desktop. */
const SCREENS = [
  { width: 390, height: 844, deviceScaleFactor: 2 },
  { width: 768, height: 1024, deviceScaleFactor: 1 },
  { width: 1280, height: 900, deviceScaleFactor: 1 },
];

/** The pages `npm test` measures: the China home (the blurry tiles), a product page and a campaign, on every screen. */
const SAMPLE = new Set(['/', '/us/flagship-megatron', '/us/black-friday']);

describe('pictures are as sharp as the screen draws them', () => {
  for (const [origin, path, least, iso] of sample(PAGES, ([, path]) => SAMPLE.has(path))) {
    for (const { width, height, deviceScaleFactor } of SCREENS) {
      it(`${origin === china ? 'cn:' : ''}${path}${iso ? ' live' : ''} at ${width} px (×${deviceScaleFactor})`, async () => {
        const page = await openPage(browser(), { viewport: { width, height }, deviceScaleFactor });
        if (iso) await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse(iso)), url: origin() }]);
        await page.goto(`${origin()}${path}`);
        // Scroll down a screen at a time so every lazy picture starts to load, then give each
        // a moment to arrive (a picture in a closed dialog or a hidden slide never does).
        await page.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
            scrollTo(0, y);
            await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
          }
          const arrived = (img: HTMLImageElement) =>
            img.complete
              ? Promise.resolve()
              : new Promise((resolve) => ['load', 'error'].forEach((type) => img.addEventListener(type, resolve, { once: true })));
          await Promise.race([Promise.all([...document.images].map(arrived)), new Promise((resolve) => setTimeout(resolve, 3000))]);
        });
        // An <img>'s naturalWidth is the file's width over the density its srcset entry was
        // chosen for (a 240w file in a 120 px slot reads 120); the file's own width is what a
        // fresh Image of the same URL reads, as Lighthouse measures it.
        const { measured, blurry } = await page.evaluate(async (dpr) => {
          const density = dpr >= 2 ? 2 : dpr >= 1.5 ? 1.5 : 1;
          const fileWidth = async (src: string) => {
            const file = new Image();
            file.src = src;
            await file.decode().catch(() => undefined);
            return file.naturalWidth;
          };
          const drawn = [...document.images].filter(
            (img) => img.complete && img.currentSrc && !/\.svg(\?|$)/.test(img.currentSrc) && img.getClientRects().length > 0,
          );
          const found = await Promise.all(
            drawn.map(async (img) => {
              const { width: shown, height: tall } = img.getBoundingClientRect();
              const allowance = shown > 64 || tall > 64 ? 0.75 : 1;
              const file = await fileWidth(img.currentSrc);
              return {
                src: img.currentSrc.replace(/^.*\/images\//, ''),
                own: img.closest('main') !== null,
                shown: Math.round(shown),
                file,
                needs: Math.ceil(allowance * density * shown),
              };
            }),
          );
          return {
            measured: found.filter(({ own }) => own).length,
            blurry: found.filter(({ file, needs }) => file < needs).map(({ src, shown, file }) => `${src}: ${file} px wide, drawn ${shown} px`),
          };
        }, deviceScaleFactor);
        expect(measured, 'pictures of its own measured').toBeGreaterThanOrEqual(least);
        expect(blurry).toEqual([]);
        await page.context().close();
      });
    }
  }
});
