import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { china, openPage, site, useBrowser } from './browser';
import { sample } from './matrix';

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

describe('a product page’s sticky strip (in-page menu and buy button) on a phone', () => {
  // German and French labels once pushed the button to a second row: a strip 125 px tall
  // that covered a sixth of the screen while the page scrolled under it.
  const CASES = ['/de/flagship-bumblebee', '/fr/flagship-bumblebee', '/de/toy-story-buzz-lightyear', '/fr/toy-story-buzz-lightyear', '/us/flagship-bumblebee'];
  // `npm test`: the German product page and the French Toy Story page, the longest labels.
  for (const path of sample(CASES, (path) => path === '/de/flagship-bumblebee' || path === '/fr/toy-story-buzz-lightyear')) {
    it(`keeps the menu and the buy button in one row at 390 px on ${path}`, async () => {
      const page = await openPage(browser(), { viewport: { width: 390, height: 844 } });
      // In the brand face, as every page after the first shows it: a face that misses its
      // first 100 ms is not swapped in (font-display: optional, decision 0034), and this
      // machine's stand-in, DejaVu Sans, is wider than a phone's own face (Roboto, SF).
      await page.goto(`${site()}${path}`);
      await page.evaluate(() => document.fonts.ready.then(() => true));
      await page.reload();
      await page.evaluate(() => document.fonts.ready.then(() => true));
      expect(await page.evaluate(() => document.fonts.check('14px "Sora Variable"'))).toBe(true);
      const bar = page.locator('.product-bar');
      const boxes = [...(await bar.locator('.product-menu a').all()), bar.locator('.buy-bar .button')];
      expect(boxes.length).toBeGreaterThan(2);
      const rows = new Set<number>();
      for (const item of boxes) {
        const box = (await item.boundingBox())!;
        expect(box.x + box.width, `${await item.textContent()} inside the screen`).toBeLessThanOrEqual(390);
        rows.add(Math.round(box.y + box.height / 2));
      }
      // One row: every link and the button share a vertical centre (to a pixel or two).
      expect(Math.max(...rows) - Math.min(...rows), `rows of ${path}`).toBeLessThanOrEqual(2);
      expect((await bar.boundingBox())!.height).toBeLessThan(70);
      await page.context().close();
    });
  }
});

// A drawing is a <picture> laid out as its bare <img> (decision 0049): its <source>s take no
// cell of the hero's grid, so the picture stands beside the words on a wide screen.
describe('a hero’s picture', () => {
  for (const path of sample(['/us', '/us/flagship-bumblebee', '/jp/flagship-bumblebee', '/us/flagship-megatron'], (path) => path === '/us' || path === '/jp/flagship-bumblebee')) {
    it(`stands beside its words at 1280 px and under them at 390 px on ${path}`, async () => {
      for (const width of WIDTHS) {
        const page = await openPage(browser(), { viewport: { width, height: 900 } });
        await page.goto(`${site()}${path}`);
        const hero = page.locator('.home-hero, .product-hero').first();
        const words = (await hero.locator('> div').first().boundingBox())!;
        const art = (await hero.locator('img').first().boundingBox())!;
        if (width === 1280) {
          expect(art.x, `${path} at ${width} px`).toBeGreaterThanOrEqual(words.x + words.width);
          expect(art.y, `${path} at ${width} px`).toBeLessThan(words.y + words.height);
        } else expect(art.y, `${path} at ${width} px`).toBeGreaterThanOrEqual(words.y + words.height);
        expect(await page.evaluate(() => [...document.querySelectorAll('picture > source')].filter((s) => s.getBoundingClientRect().width > 0).length)).toBe(0);
        await page.context().close();
      }
    });
  }
});

describe('a home tile’s picture', () => {
  // The French, Japanese and Chinese homes have one or two tiles in a section, not the US's
  // four: two tiles across at 1280 px drew each picture 480 px wide in a 516 px card, a strip
  // empty at its right; a lone tile lay across the row with its picture at the left and the
  // rest of the card empty. A picture fills its card, or, in a tile alone in its row from a
  // tablet up, stands beside the words and buttons.
  const PAGES: [string, () => string, string][] = [
    ['/fr', site, '/fr'],
    ['/jp', site, '/jp'],
    ['cn:/', china, '/'],
  ];
  // `npm test`: the French home (two tiles across) and the China home (a lone tile).
  for (const [name, origin, path] of sample(PAGES, ([name]) => name !== '/jp')) {
    for (const width of WIDTHS) {
      it(`${name} at ${width} px: fills its card, or stands beside the words of a lone tile`, async () => {
        const page = await openPage(browser(), { viewport: { width, height: 900 } });
        await page.goto(`${origin()}${path}`);
        const tiles = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.tiles > .tile')].map((tile) => {
            const style = getComputedStyle(tile);
            const inner = tile.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const img = tile.querySelector('img')!.getBoundingClientRect();
            // The words' own boxes: a block beside a float starts under it, only its lines are shortened.
            const text = (selector: string) => {
              const range = document.createRange();
              range.selectNodeContents(tile.querySelector(selector)!);
              return range.getBoundingClientRect();
            };
            const title = text('h3');
            const buttons = tile.querySelector('.tile-actions .button')!.getBoundingClientRect();
            return {
              alone: tile.parentElement!.children.length === 1,
              inner,
              img: img.toJSON() as DOMRect,
              title: title.toJSON() as DOMRect,
              buttons: buttons.toJSON() as DOMRect,
            };
          }),
        );
        expect(tiles.length).toBeGreaterThan(0);
        for (const { alone, inner, img, title, buttons } of tiles) {
          if (alone && width >= 560) {
            expect(title.left, 'the title beside the picture').toBeGreaterThanOrEqual(img.right);
            expect(title.top).toBeLessThan(img.bottom);
            expect(buttons.left, 'the buttons beside the picture').toBeGreaterThanOrEqual(img.right);
            expect(buttons.top).toBeLessThan(img.bottom);
          } else expect(Math.abs(img.width - inner), `a picture ${img.width} px wide in a card ${inner} px wide`).toBeLessThan(1);
        }
        await page.context().close();
      });
    }
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
  for (const [lang, url, stay] of sample(CASES, ([lang]) => lang === 'zh' || lang === 'de')) {
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

/**
 * The lines of every visible heading and short label the server segmented into phrases
 * (`.phrases`, worker/render/phrases.ts) whose break falls inside a phrase: where the line
 * boxes of two neighbouring characters differ, but no <wbr>, space or punctuation mark parts them.
 */
function brokenInsidePhrases(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('.phrases')) {
      if (!element.getClientRects().length || element.closest('[hidden], dialog:not([open])')) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      // The last character seen: its line's top and whether a break after it is allowed.
      let last: { top: number; free: boolean } | undefined;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.ELEMENT_NODE) {
          if ((node as Element).tagName === 'WBR' && last) last.free = true;
          continue;
        }
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          // A space is a break opportunity, whether or not the line keeps it.
          if (/\s/.test(text[i]!)) {
            if (last) last.free = true;
            continue;
          }
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          if (!rect) continue; // A visually hidden label.
          if (last && Math.round(rect.top) > Math.round(last.top) + 2 && !last.free)
            broken.push(`${element.tagName.toLowerCase()}.${element.className}: "${text.slice(Math.max(0, i - 6), i)}|${text.slice(i, i + 6)}"`);
          // After a punctuation mark (、・。) a line may break: it parts words, as a space does.
          last = { top: rect.top, free: /\p{P}/u.test(text[i]!) };
        }
      }
    }
    return broken;
  });
}

describe('Japanese and Chinese headings and labels at 390 px', () => {
  const PAGES: [string, string][] = [
    ['the jp home', '/jp'],
    ['the cn home', 'cn:/'],
    ['a jp product page', '/jp/flagship-bumblebee'],
    ['a cn product page', 'cn:/flagship-bumblebee'],
    ['a cn product page with a long name', 'cn:/optimus-prime-rise-of-the-beasts-signature-limited-edition'],
    // "プライバシーに関するお知らせ": ICU holds "に関する" as one word, so the phrase was wider than the line.
    ['the jp privacy notice', '/jp/privacy'],
    ['the cn privacy notice', 'cn:/privacy'],
    // A legal text's long headings (個人情報取扱事業者, 外国にある第三者への提供: decision 0056).
    ['the jp privacy policy', '/jp/privacy-policy'],
    ['the jp support hub', '/jp/after-sale-service'],
    ['the cn support hub', 'cn:/after-sale-service'],
    ['the jp warranty page', '/jp/warranty-information'],
    ['the cn dealers page', 'cn:/where-to-buy/hongkong-macao'],
  ];
  // `npm test`: one page of each kind that once broke (a home, a long product name, ICU's long word in a notice, a dealer list).
  const SAMPLE = new Set(['the jp home', 'a cn product page with a long name', 'the jp privacy notice', 'the cn dealers page']);
  for (const [name, path] of sample(PAGES, ([name]) => SAMPLE.has(name))) {
    it(`break only between phrases on ${name}`, async () => {
      const page = await openPage(browser(), { viewport: { width: 390, height: 900 } });
      const response = await page.goto(path.startsWith('cn:') ? `${china()}${path.slice(3)}` : `${site()}${path}`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('.phrases wbr').count()).toBeGreaterThan(0);
      expect(await brokenInsidePhrases(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('a campaign hero under the breadcrumbs', () => {
  // The hero once took its height from its art (40 % of the width) and centred its copy in it:
  // at 1280 px the heading stood some 80 px below the breadcrumbs, where the copy's own steps
  // are 32 px, and at the hero's own left edge, 40 px left of the breadcrumbs and the sections.
  const CASES: [string, string][] = [
    ['/us/black-friday', '2024-11-30T12:00:00-05:00'],
    ['/de/black-friday', '2024-12-02T12:00:00+01:00'],
    ['/us/christmas-sale', '2024-12-10T12:00:00-05:00'],
    ['/us/back-to-school', '2025-08-24T12:00:00-04:00'],
  ];
  for (const [path, iso] of sample(CASES, ([path]) => path === '/de/black-friday' || path === '/us/back-to-school')) {
    for (const width of WIDTHS) {
      it(`${path} at ${width} px: the heading a spacing step below the breadcrumbs, on their left edge`, async () => {
        const page = await openPage(browser(), { viewport: { width, height: 900 } });
        await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse(iso)), url: site() }]);
        await page.goto(`${site()}${path}`);
        const { gap, steps, crumbLeft, headingLeft, sectionLeft } = await page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
          const px = (token: string) => parseFloat(getComputedStyle(document.documentElement).getPropertyValue(token)) * 16;
          // The first crumb's text: the nav's box starts at the content column's padding.
          const crumb = document.querySelector('.breadcrumbs li')!.getBoundingClientRect();
          return {
            gap: box('.campaign-banner h1').top - box('.breadcrumbs').bottom,
            steps: [px('--space-6'), px('--space-7')],
            crumbLeft: crumb.left,
            headingLeft: box('.campaign-banner h1').left,
            sectionLeft: box('.campaign-benefits li').left,
          };
        });
        expect(gap).toBeGreaterThanOrEqual(steps[0]!);
        expect(gap).toBeLessThanOrEqual(steps[1]!);
        expect(Math.abs(headingLeft - crumbLeft)).toBeLessThan(1);
        expect(Math.abs(sectionLeft - crumbLeft)).toBeLessThan(1);
        await page.context().close();
      });
    }
  }
});

/**
 * Campaign pages at a live moment (the preview cookie): Black Friday and Christmas in three
 * editions, Back to School in the one that has it.
 */
const LIVE_CAMPAIGNS: [string, string][] = [
  ...['us', 'de', 'fr'].flatMap((region): [string, string][] => [
    [`/${region}/black-friday`, '2024-11-30T12:00:00Z'],
    [`/${region}/christmas-sale`, '2024-12-10T12:00:00Z'],
  ]),
  ['/us/back-to-school', '2025-08-20T04:00:00Z'],
];
/** The live campaigns `npm test` opens: the longest copy (German Black Friday), a Christmas with its members' gate, Back to School. */
const SAMPLE_CAMPAIGNS = new Set(['/de/black-friday', '/fr/christmas-sale', '/us/back-to-school']);

describe('card grids', () => {
  // "Flagship robots" left two cards at the left of a second row under three (and the support
  // hub two under four): a short last row stands centred, and no card stands alone on a row.
  // Black Friday's groups of 2 and 3 deals, Back to School's 2, Christmas's 4 benefits and the
  // three sale stages once sat at the left of a row of four or five tracks, the rest empty.
  const CASES: [string, string | undefined][] = [['/us', undefined], ['/us/support', undefined], ...LIVE_CAMPAIGNS];
  // `npm test`: the home (its support hub shares the rule), Black Friday's groups of 2 and 3, Back to School's 2, Christmas's 4.
  const SAMPLE = new Set(['/us', '/us/black-friday', '/us/back-to-school', '/de/christmas-sale']);
  for (const [path, iso] of sample(CASES, ([path]) => SAMPLE.has(path))) {
    for (const width of [768, 1280]) {
      it(`${path}${iso ? ` live` : ''} at ${width} px: every row full or centred, none with one card alone`, async () => {
        const page = await openPage(browser(), { viewport: { width, height: 900 } });
        if (iso) await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse(iso)), url: site() }]);
        await page.goto(`${site()}${path}`);
        const lists = await page.evaluate(() =>
          [...document.querySelectorAll('main :is(.tiles, .cards, .support-links, .campaign-items, .gift-guide, .campaign-benefits ul, .campaign-timeline)')]
            .filter((list) => list.getClientRects().length > 0)
            .map((list) => {
              const box = list.getBoundingClientRect();
              const rows = new Map<number, { left: number; right: number; count: number }>();
              for (const item of list.children) {
                const r = item.getBoundingClientRect();
                const row = rows.get(Math.round(r.top)) ?? { left: Infinity, right: -Infinity, count: 0 };
                rows.set(Math.round(r.top), { left: Math.min(row.left, r.left), right: Math.max(row.right, r.right), count: row.count + 1 });
              }
              return {
                items: list.children.length,
                rows: [...rows.values()].map((r) => ({ count: r.count, off: Math.round(r.left - box.left - (box.right - r.right)) })),
              };
            }),
        );
        expect(lists.length).toBeGreaterThan(0);
        for (const { items, rows } of lists) {
          if (items > 1) expect(rows.filter((r) => r.count === 1)).toEqual([]);
          for (const row of rows) expect(Math.abs(row.off), `a row of ${row.count} of ${items}`).toBeLessThan(2);
        }
        await page.context().close();
      });
    }
  }
});

/** Loads `path` (at the moment `iso`, when given) as a returning visitor sees it, in the brand face (see the sticky strip's test). */
async function openInBrandFace(width: number, path: string, iso?: string): Promise<Page> {
  const page = await openPage(browser(), { viewport: { width, height: 900 } });
  if (iso) await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse(iso)), url: site() }]);
  await page.goto(`${site()}${path}`);
  await page.evaluate(() => document.fonts.ready.then(() => true));
  await page.reload();
  await page.evaluate(() => document.fonts.ready.then(() => true));
  return page;
}

/** The visible buttons of the page's main part whose label takes more than one line. */
function brokenButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main :is(a.button, button.button)')]
      .filter((el) => el.getClientRects().length > 0)
      .flatMap((el) => {
        const style = getComputedStyle(el);
        const text =
          el.getBoundingClientRect().height -
          ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((sum, p) => sum + parseFloat(style[p as 'paddingTop']), 0);
        return text > parseFloat(style.lineHeight) * 1.5 ? [el.textContent!.trim()] : [];
      }),
  );
}

/** Every product page, in each edition that has it, as content/pages.ts lists them. */
const PRODUCT_PATHS = [
  ...['us', 'uk', 'eu', 'fr', 'de', 'jp'].map((region) => `/${region}/flagship-bumblebee`),
  ...['us', 'uk', 'eu', 'fr', 'de'].flatMap((region) => [`/${region}/toy-story-buzz-lightyear`, `/${region}/k1-pro-interstellar-scout`]),
  ...[
    'elite-optimus-prime',
    'grimlock-g1-flagship',
    'bumblebee-g1-performance',
    'flagship-megatron',
    'buzz-lightyear-space-ranger-alpha',
    'ai-base',
    'flagship-optimus-prime',
    'optimus-prime-rise-of-the-beasts-signature-limited-edition',
  ].map((slug) => `/us/${slug}`),
];
/** The product pages `npm test` opens: German and French labels, the tallest pages (Megatron, the limited edition). */
const SAMPLE_PRODUCTS = new Set([
  '/de/flagship-bumblebee',
  '/fr/k1-pro-interstellar-scout',
  '/us/flagship-megatron',
  '/us/optimus-prime-rise-of-the-beasts-signature-limited-edition',
]);

/** Product pages at a moment that adds to them, each with the moment (the preview cookie). */
const PRODUCT_MOMENTS: [string, string][] = [['/us/optimus-prime-rise-of-the-beasts-signature-limited-edition', '2023-06-15T12:00:00-04:00']];

describe('card and page buttons at 1280 px', () => {
  // Four tiles across on the home page broke "Learn More" / "Buy Now" onto two rows in three of
  // four cards (decision 0046): a button's label keeps to one line, and an English tile's two
  // buttons share a row.
  const PATHS = ['/us', '/de', '/fr', '/us/flagship-bumblebee', '/us/flagship-megatron', '/us/k1-pro-interstellar-scout'];
  for (const path of sample(PATHS, (path) => path === '/us' || path === '/de' || path === '/us/k1-pro-interstellar-scout')) {
    it(`${path}: no button label breaks onto a second line`, async () => {
      const page = await openInBrandFace(1280, path);
      expect(await brokenButtons(page)).toEqual([]);
      if (path === '/us') {
        const rows = await page.evaluate(() =>
          [...document.querySelectorAll('.tile-actions')].map(
            (actions) => new Set([...actions.children].map((b) => Math.round(b.getBoundingClientRect().top))).size,
          ),
        );
        expect(rows.length).toBeGreaterThan(3);
        expect(rows.every((n) => n === 1)).toBe(true);
      }
      await page.context().close();
    });
  }
});

/**
 * The page's height and width as a shopper scrolling to its foot meets them. Sections below the
 * first view are laid out only as they near the screen (`content-visibility: auto`,
 * client/styles/sections.css) and until then count a placeholder's height: every section is
 * laid out first (through the CSSOM: the site's policy refuses an inline sheet).
 */
async function renderedSize(page: Page): Promise<{ height: number; width: number }> {
  return page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) element.style.contentVisibility = 'visible';
    return { height: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth };
  });
}

describe('sections below the first view', () => {
  // A Japanese product page spent some 600 ms (a phone's CPU) laying out bands no one had
  // scrolled to yet; they now wait until they near the screen. The in-page menu must still
  // land on them, and they must be there when the shopper arrives.
  it('are laid out as they near the screen, and the in-page menu lands on them', async () => {
    const page = await openInBrandFace(390, '/jp/flagship-bumblebee');
    const rendered = () => page.evaluate(() => document.querySelector('#specs h2')!.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);
    await page.locator('.product-menu a[href="#specs"]').click();
    await expect.poll(rendered).toBe(true);
    // Where the scroll comes to rest: the sections passed on the way are laid out as it goes,
    // and their heights replace the placeholders'.
    const top = () => page.evaluate(() => Math.round(document.querySelector('#specs h2')!.getBoundingClientRect().top));
    await expect.poll(async () => (await top()) >= 0 && (await top()) < 200, { timeout: 5000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(await top()).toBeGreaterThanOrEqual(0);
    expect(await top()).toBeLessThan(200);
    const rows = await page.evaluate(() => [...document.querySelectorAll('#specs tr')].filter((row) => row.getBoundingClientRect().height > 0).length);
    expect(rows).toBeGreaterThan(5);
    await page.context().close();
  });

  // Such a section (a band of a product, support or info page, a campaign's section or group) is contained: what would stand
  // outside its box is cut off. Nothing may, but within a scroller (a gallery's strip), which
  // clips it anyway.
  const PAGES: [string, string?][] = [
    ['/jp/flagship-bumblebee'],
    ['/us/flagship-megatron'],
    ['/us/grimlock-g1-flagship'],
    ['/us/support'],
    ['/us/faq'],
    ['/us/black-friday', '2024-11-30T12:00:00Z'],
    ['/de/christmas-sale', '2024-12-10T12:00:00Z'],
    ['/us/back-to-school', '2025-08-20T04:00:00Z'],
  ];
  for (const width of WIDTHS) {
    it(`hold all they draw inside their box at ${width} px`, { timeout: 120_000 }, async () => {
      const outside: string[] = [];
      // `npm test`: a product page of each build (bands, a carousel), a support page, a campaign.
      for (const [path, iso] of sample(PAGES, ([path]) => ['/jp/flagship-bumblebee', '/us/flagship-megatron', '/us/faq', '/us/black-friday'].includes(path))) {
        const page = await openInBrandFace(width, path, iso);
        const found = await page.evaluate(() => {
          const sections = [...document.querySelectorAll<HTMLElement>('.band, .campaign-section, .campaign-group')];
          for (const section of sections) section.style.contentVisibility = 'visible';
          const found: string[] = [];
          for (const section of sections) {
            const box = section.getBoundingClientRect();
            for (const element of section.querySelectorAll('*')) {
              const drawn = element.getBoundingClientRect();
              if (!drawn.width || !drawn.height || !element.checkVisibility({ visibilityProperty: true })) continue;
              let scrolled = false;
              for (let up = element.parentElement; up && up !== section && !scrolled; up = up.parentElement)
                scrolled = getComputedStyle(up).overflowX !== 'visible';
              const beyond = Math.max(box.left - drawn.left, drawn.right - box.right, box.top - drawn.top, drawn.bottom - box.bottom);
              if (!scrolled && beyond > 1)
                found.push(`${section.className} > ${element.tagName.toLowerCase()}.${element.className} by ${Math.round(beyond)} px`);
            }
          }
          return found;
        });
        outside.push(...found.map((f) => `${path}: ${f}`));
        await page.context().close();
      }
      expect(outside).toEqual([]);
    });
  }
});

describe('the home page on a phone', () => {
  // It was 8,750 px tall at 390 px, every tile a full-width band: tiles now sit two up.
  it('is under 6,500 px tall at 390 px, its tiles two to a row', async () => {
    const page = await openInBrandFace(390, '/us');
    expect((await renderedSize(page)).height).toBeLessThan(6500);
    const perRow = await page.evaluate(() => {
      const rows = new Map<number, number>();
      for (const tile of document.querySelectorAll('.tile')) {
        const top = Math.round(tile.getBoundingClientRect().top);
        rows.set(top, (rows.get(top) ?? 0) + 1);
      }
      return [...rows.values()];
    });
    expect(Math.max(...perRow)).toBe(2);
    await page.context().close();
  });
});

describe('buttons on live campaign pages and product pages', () => {
  // "See the K1 and K1 Pro voice commands" broke onto two lines at 390 px, the comparison
  // chart's "Buy Now" too, and the members-only gate's sentence on Christmas (decision 0047).
  for (const [path, iso] of sample(LIVE_CAMPAIGNS, ([path]) => SAMPLE_CAMPAIGNS.has(path))) {
    for (const width of WIDTHS) {
      it(`${path} live at ${width} px: no button label breaks onto a second line`, async () => {
        const page = await openInBrandFace(width, path, iso);
        expect(await brokenButtons(page)).toEqual([]);
        await page.context().close();
      });
    }
  }
  for (const path of sample(PRODUCT_PATHS, (path) => SAMPLE_PRODUCTS.has(path))) {
    it(`${path} at 390 px: no button label breaks onto a second line`, async () => {
      const page = await openInBrandFace(390, path);
      expect(await brokenButtons(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('page heights on a phone', () => {
  // Product pages were 7,000-10,600 px at 390 px (Megatron 9,385, the limited edition 10,617),
  // every card a full-width band; campaign pages up to 8,500 px. Bounds (decision 0047): every
  // product page under 8,000 px, every live campaign page under 9,000 px, neither wider than
  // the screen (German footer links once widened pages to 397 px).
  for (const path of sample(PRODUCT_PATHS, (path) => SAMPLE_PRODUCTS.has(path))) {
    it(`${path} is under 8,000 px tall at 390 px and no wider than the screen`, async () => {
      const page = await openInBrandFace(390, path);
      const { height, width } = await renderedSize(page);
      expect(height).toBeLessThan(8000);
      expect(width).toBe(390);
      await page.context().close();
    });
  }
  // A product page at a moment its content grows: the limited edition in its early-bird window
  // (content/schedule.ts: pre-order from 25 May 2023, early bird until 24 July) adds the
  // early-bird band; it was 8,097 px, which the pages at today's date did not show.
  for (const [path, iso] of PRODUCT_MOMENTS) {
    it(`${path} at ${iso} is under 8,000 px tall at 390 px and no wider than the screen`, async () => {
      const page = await openInBrandFace(390, path, iso);
      expect(await page.locator('.band.feature.tone-accent', { hasText: 'Early-bird pre-order' }).count()).toBe(1);
      const { height, width } = await renderedSize(page);
      expect(height).toBeLessThan(8000);
      expect(width).toBe(390);
      await page.context().close();
    });
  }
  for (const [path, iso] of sample(LIVE_CAMPAIGNS, ([path]) => SAMPLE_CAMPAIGNS.has(path))) {
    it(`${path} live is under 9,000 px tall at 390 px and no wider than the screen`, async () => {
      const page = await openInBrandFace(390, path, iso);
      const { height, width } = await renderedSize(page);
      expect(height).toBeLessThan(9000);
      expect(width).toBe(390);
      await page.context().close();
    });
  }
});

describe('a product page’s cards on a phone', () => {
  // One card per row made Megatron 9,400 px tall: cards now sit two up, a lead card across.
  for (const path of sample(['/us/flagship-megatron', '/us/optimus-prime-rise-of-the-beasts-signature-limited-edition'], (path) => path === '/us/flagship-megatron')) {
    it(`${path} at 390 px: product cards two to a row`, async () => {
      const page = await openInBrandFace(390, path);
      const perRow = await page.evaluate(() => {
        const rows = new Map<string, number>();
        for (const card of document.querySelectorAll('.product-cards > .card')) {
          const key = `${card.parentElement!.getBoundingClientRect().top}:${Math.round(card.getBoundingClientRect().top)}`;
          rows.set(key, (rows.get(key) ?? 0) + 1);
        }
        return [...rows.values()];
      });
      expect(Math.max(...perRow)).toBe(2);
      await page.context().close();
    });
  }
});

describe('a deal lying across, its picture beside its words', () => {
  // Early Black Friday's two deals at 1280 px floated their pictures: the saving and the terms
  // ran on under one picture and beside the other, and the "New" label, once the card became a
  // grid, sat on the product's name. The words keep to their column; the label to the picture.
  it('keeps every line of both deals right of the picture and the label on the picture at 1280 px', async () => {
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse('2024-11-30T12:00:00Z')), url: site() }]);
    await page.goto(`${site()}/us/black-friday`);
    const cards = await page.evaluate(() =>
      [...document.querySelectorAll('.campaign-items')]
        .filter((list) => list.children.length === 2)
        .flatMap((list) => [...list.children])
        .map((card) => {
          const picture = card.querySelector(':scope > picture > img')!.getBoundingClientRect();
          const label = card.querySelector(':scope > .identify')?.getBoundingClientRect();
          const words = [...card.children].filter((child) => !child.matches('picture, .identify')).map((child) => child.getBoundingClientRect());
          return {
            underPicture: words.filter((box) => box.left < picture.right).length,
            labelOnPicture:
              !label || (label.left >= picture.left && label.right <= picture.right && label.top >= picture.top && label.bottom <= picture.bottom),
          };
        }),
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(cards).toEqual(cards.map(() => ({ underPicture: 0, labelOnPicture: true })));
    await page.context().close();
  });
});

describe('a gift’s picture in the Christmas gift guide', () => {
  // It was drawn 240 px wide whatever its card: in the French guide's two cards, 548 px wide at
  // 1280 px, a small picture at the left with the rest of the card's width empty above the words.
  for (const path of sample(['/us/christmas-sale', '/fr/christmas-sale'], (path) => path === '/fr/christmas-sale')) {
    for (const width of WIDTHS) {
      it(`${path} live at ${width} px: fills its card`, async () => {
        const page = await openPage(browser(), { viewport: { width, height: 900 } });
        await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse('2024-12-10T12:00:00Z')), url: site() }]);
        await page.goto(`${site()}${path}`);
        const gifts = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.gift-guide > li')].map((gift) => {
            const style = getComputedStyle(gift);
            return {
              inner: gift.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
              img: gift.querySelector('img')!.getBoundingClientRect().width,
            };
          }),
        );
        expect(gifts.length).toBeGreaterThan(0);
        for (const { inner, img } of gifts) expect(Math.abs(img - inner), `a picture ${img} px wide in a card ${inner} px wide`).toBeLessThan(1);
        await page.context().close();
      });
    }
  }
});

describe('a deal’s buy button', () => {
  // On the French Black Friday, one deal to a stage, "Acheter" was the narrower and the quieter
  // of the two buttons at 390 px, and at 1280 px both were small-type bars stretched across the
  // words' column: the buy button is the primary action, the wider of the two and in body type.
  for (const width of WIDTHS) {
    it(`/fr/black-friday live at ${width} px: wider than "En savoir plus", in body type`, async () => {
      const page = await openPage(browser(), { viewport: { width, height: 900 } });
      await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse('2024-11-30T12:00:00Z')), url: site() }]);
      await page.goto(`${site()}/fr/black-friday`);
      const deals = await page.evaluate(() =>
        [...document.querySelectorAll('.campaign-item')].flatMap((deal) => {
          const buy = deal.querySelector<HTMLElement>('[data-buy]');
          const more = deal.querySelector<HTMLElement>('[data-learn-more]');
          if (!buy || !more) return [];
          return [
            {
              buy: buy.getBoundingClientRect().width,
              more: more.getBoundingClientRect().width,
              size: parseFloat(getComputedStyle(buy).fontSize),
              alone: deal.parentElement!.children.length === 1,
            },
          ];
        }),
      );
      expect(deals.length).toBeGreaterThan(0);
      for (const { buy, more, size, alone } of deals) {
        expect(buy, `"Acheter" ${buy} px wide beside "En savoir plus" ${more} px`).toBeGreaterThan(more);
        if (alone && width >= 560) expect(size).toBeGreaterThanOrEqual(16);
      }
      await page.context().close();
    });
  }
});
