import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { describe, expect, inject, it } from 'vitest';
import { get } from '../../scripts/local/worker.mjs';
import { ENGINES, openTab, reach, scrollRest, useEngine, type Tab } from './engines';

// The storefront in both engines a shopper's browser runs on (docs/decisions/0060): one page of
// each kind at a phone's and a desktop's width, clean (no error, no failed request, no sideways
// scroll) and answering a real click or key on each of its islands; in-page links that land
// below the sticky strip; a press before an island has hydrated, kept and replayed; CJK text in
// real glyphs on a device without a CJK face, and none of the site's CJK files downloaded
// where the device has its own under another name. One browser per engine for the whole file,
// with no CJK system face (engines.ts).

const site = () => `http://localhost:${inject('port')}`;
const china = () => `http://cn.localhost:${inject('port')}`;
/** Black Friday's first stage (20 November 2024, noon in New York): its lucky draw open. */
const BLACK_FRIDAY = Date.parse('2024-11-20T12:00:00-05:00');

/** Resolves once `predicate` holds in the page (polled each frame). */
const until = (page: Page, predicate: string, timeout = 15_000) => page.waitForFunction(predicate, { timeout });

/**
 * A server in front of the site that sends `path`'s document up to the end of the section
 * holding `marker`, and the rest once `rest` resolves, as a slow network would; everything
 * else passes through.
 */
async function halfPage(path: string, marker: string, rest: Promise<void>): Promise<{ origin: string; close: () => void }> {
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await get(`${site()}${req.url}`, { method: req.method, headers: { cookie: req.headers.cookie ?? '' } });
      // The body as `get` read it: whole and unzipped.
      const headers = Object.fromEntries(
        Object.entries(upstream.headers).filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)),
      );
      res.writeHead(upstream.status, headers as Record<string, string | string[]>);
      if (req.url !== path) return res.end(upstream.body);
      const html = upstream.body.toString('utf8');
      const cut = html.indexOf('</section>', html.indexOf(marker)) + '</section>'.length;
      res.write(html.slice(0, cut));
      await rest;
      res.end(html.slice(cut));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** Whether the page scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A page of one kind, and what a shopper does there. */
interface View {
  kind: string;
  url: () => string;
  /** What a shopper does there that an island (or the script-free header) must answer, at `width`. */
  act: (page: Page, width: number) => Promise<void>;
  /** What the page reports that is its answer, not a problem (a form's 400 that names the wrong field). */
  answers?: RegExp;
}

/** One page of each kind. */
const VIEWS: View[] = [
  {
    kind: 'home (fr)',
    url: () => `${site()}/fr`,
    // The header without script: the drawer on a phone, a menu on a desktop; Escape closes either.
    act: async (page, width) => {
      const [button, panel] = width < 768 ? ['.menu-button', '#site-menu'] : ['.menu-toggle', '#menu-bar-0'];
      await page.locator(button).click();
      await until(page, `document.querySelector('${panel}').matches('[open], :popover-open')`);
      await page.keyboard.press('Escape');
      await until(page, `!document.querySelector('${panel}').matches('[open], :popover-open')`);
    },
  },
  {
    kind: 'product (us)',
    url: () => `${site()}/us/grimlock-g1-flagship`,
    act: async (page, width) => {
      // Each dialog opens from its button and closes on Escape.
      for (const [island, dialog] of [
        ['action-dialog', 'dialog.action-dialog'],
        ['voice-commands', 'dialog.voice-commands'],
      ]) {
        await page.locator(`[data-island="${island}"] button`).click();
        await until(page, `document.querySelector('${dialog}').open`);
        await page.keyboard.press('Escape');
        await until(page, `!document.querySelector('${dialog}').open`);
      }
      // The gallery's second picture opens the lightbox there; the arrow key moves it on.
      await page.locator('[data-island="gallery"] ul.gallery li:nth-child(2) a').click();
      await until(page, `document.querySelector('dialog.lightbox').open`);
      const count = () => page.$eval('.lightbox-count', (el) => el.textContent);
      expect(await count()).toMatch(/^2 \/ \d/);
      await page.keyboard.press('ArrowRight');
      await until(page, `/^3 \\//.test(document.querySelector('.lightbox-count').textContent)`);
      await page.keyboard.press('Escape');
      await until(page, `!document.querySelector('dialog.lightbox').open`);
      // An answer opens and closes; where the browser cannot animate to `auto` (Firefox) it
      // closes at once, not in two steps (its row once stayed 16 px too tall for half a second).
      if (width !== 390) return;
      const answer = 'details.faq-item';
      await page.locator(`${answer} summary`).click();
      await until(page, `document.querySelector('${answer}').open`);
      await page.locator(`${answer} summary`).click();
      const [soon, settled, animates] = await page.$eval(
        answer,
        (el) =>
          new Promise<[number, number, boolean]>((resolve) => {
            const soon = el.getBoundingClientRect().height;
            setTimeout(() => resolve([soon, el.getBoundingClientRect().height, CSS.supports('interpolate-size: allow-keywords')]), 700);
          }),
      );
      if (!animates) expect(soon).toBe(settled);
    },
  },
  {
    kind: 'campaign (de, Black Friday while live)',
    url: () => `${site()}/__preview?at=${BLACK_FRIDAY}&next=${encodeURIComponent('/de/black-friday')}`,
    // The lucky draw answers in place: a wrong address is named beside its field (the server's
    // 400 is that answer).
    answers: /^400: \S+\/campaign\/lucky-draw$|^console: Failed to load resource: the server responded with a status of 400/,
    act: async (page) => {
      await reach(page, '#lucky-draw');
      await until(page, `document.querySelector('[data-island="lucky-draw"]').dataset.hydrated === 'true'`);
      await page.locator('#lucky-draw-email').fill('kein-at-zeichen');
      await page.locator('#lucky-draw button[type="submit"]').click();
      await until(page, `document.querySelector('#lucky-draw-email-error')?.textContent === 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'`, 20_000);
    },
  },
  {
    kind: 'support: the FAQ (us)',
    url: () => `${site()}/us/faq`,
    act: async (page, width) => {
      // The search row: the box and its button side by side, at a phone's width too.
      const row = await page.$eval('.faq-search', (form) => {
        const box = form.querySelector('input')!.getBoundingClientRect();
        const button = form.querySelector('button')!.getBoundingClientRect();
        return { oneRow: button.top < box.bottom && box.top < button.bottom, inside: button.right <= form.getBoundingClientRect().right + 0.5 };
      });
      expect(row, `the FAQ search row at ${width} px`).toEqual({ oneRow: true, inside: true });
      // Searching by keyboard: the box (which loads the island), a word, Enter. (Enter before
      // the island is there sends the plain form: faq.test.ts.)
      await page.locator('#faq-q').click();
      await until(page, `document.querySelector('[data-island="faq"]').dataset.hydrated === 'true'`);
      await page.locator('#faq-q').fill('hawaii');
      await page.keyboard.press('Enter');
      await until(page, `[...document.querySelectorAll('[data-island="faq"] summary')].map((s) => s.textContent).join('|') === 'How much does shipping cost?'`);
    },
  },
  {
    kind: 'log-in (kr)',
    url: () => `${site()}/kr/login`,
    // Reached for, the form is the island's; sent empty, it names what is missing beside each
    // field, in Korean (before then the browser's own check answers, in its own language).
    act: async (page) => {
      await page.locator('#login-email').click();
      await until(page, `document.querySelector('[data-island="login"]').dataset.hydrated === 'true'`);
      await page.locator('form.login-form button[type="submit"]').click();
      await until(page, `[...document.querySelectorAll('.login-form .field-error')].some((el) => /[\\uac00-\\ud7a3]/.test(el.textContent))`);
    },
  },
];

describe.each(ENGINES)('in %s', (engine) => {
  const browser = useEngine(engine);

  /** Opens `url` at `width`; `hold` as in openTab. */
  async function visit(url: string, width: number, hold?: Parameters<typeof openTab>[2]): Promise<Tab> {
    const tab = await openTab(browser(), width, hold);
    await tab.page.goto(url);
    return tab;
  }

  // Loaded on a phone, then the same page on a desktop's width (a load each cost twice the time).
  it.each(VIEWS)('$kind at 390 then 1280 px: clean, no sideways scroll, and it answers', async (view) => {
    const tab = await visit(view.url(), 390);
    for (const width of [390, 1280]) {
      if (width !== 390) await tab.page.setViewport({ width, height: 800 });
      expect(await sideways(tab.page), `sideways at ${width} px`).toBe(false);
      await view.act(tab.page, width);
      expect(await sideways(tab.page), `sideways at ${width} px`).toBe(false);
    }
    expect(tab.problems.filter((problem) => !view.answers?.test(problem))).toEqual([]);
    await tab.close();
  });

  // The section an in-page link names comes to rest with its heading whole below the sticky
  // strip (menu and buy bar): in Chromium the float-in once moved it 50 px while the browser
  // aimed, and "Specs" landed under the strip. At 360 px the French strip takes two rows.
  it.each([
    ['/us/flagship-megatron', [390, 1280]],
    ['/fr/toy-story-buzz-lightyear', [360]],
  ])('in-page links on %s at %j px put the heading below the sticky strip', async (path, widths) => {
    const tab = await visit(`${site()}${path}`, widths[0]!);
    const links = await tab.page.$$eval('.product-menu a', (as) =>
      as.map((a) => a.getAttribute('href')!).filter((href) => href !== '#banner' && href !== '#hero'),
    );
    expect(links.length).toBeGreaterThan(1);
    for (const width of widths) {
      if (width !== widths[0]) {
        await tab.page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
        await tab.page.setViewport({ width, height: 800 });
      }
      for (const href of links) {
        await tab.page.locator(`.product-menu a[href="${href}"]`).click();
        await scrollRest(tab.page);
        const place = await tab.page.evaluate((id) => {
          const section = document.getElementById(id)!;
          return {
            section: Math.round(section.getBoundingClientRect().top),
            heading: Math.round(section.querySelector('h2')!.getBoundingClientRect().top),
            strip: Math.round(document.querySelector('.product-bar')!.getBoundingClientRect().bottom),
            scrolled: scrollY > 0,
          };
        }, href.slice(1));
        expect(place.scrolled, href).toBe(true);
        expect(place.heading, `${href} at ${width} px: the heading's top against the strip's foot`).toBeGreaterThanOrEqual(place.strip);
        expect(place.section, `${href} at ${width} px: the section's top, just below the strip`).toBeLessThan(place.strip + 24);
      }
    }
    expect(tab.problems).toEqual([]);
    await tab.close();
  });

  // A press on the carousel while its island's code is still on its way (its chunk held back):
  // kept, and replayed once React listens. An arrow key on its button was lost.
  // (A click held back this way in Chromium: islands.test.ts and product-islands.test.ts.)
  it.each(
    [
      ['a click on Next', 'click'],
      ['the right arrow key on Next', 'key'],
    ].filter(([, how]) => how === 'key' || engine === 'firefox'),
  )('%s before the carousel hydrated moves it one slide once it has', async (_name, how) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tab = await visit(`${site()}/us/flagship-megatron`, 390, (request) => (/\/assets\/carousel-\w+\.js$/.test(request.url()) ? held : undefined));
    const next = '[data-island="carousel"] .carousel-controls button:last-child';
    if (how === 'click') await tab.page.locator(next).click();
    else {
      await tab.page.$eval(next, (button) => (button as HTMLElement).focus());
      await tab.page.keyboard.press('ArrowRight');
    }
    expect(await tab.page.$eval('[data-island="carousel"]', (island) => island.getAttribute('data-hydrated'))).toBe('pending');
    release();
    await until(tab.page, `document.querySelector('[data-island="carousel"]').dataset.hydrated === 'true'`);
    await until(tab.page, `(track => track.scrollLeft === track.clientWidth)(document.querySelector('.carousel-track'))`);
    expect(tab.problems).toEqual([]);
    await tab.close();
  });

  // Firefox (as Safari) draws a page while it still arrives; Chromium waits for its end
  // (decision 0053), so only there can a shopper tap what is drawn before DOMContentLoaded. The
  // page's end is held back here, the tap made, then the rest let through.
  it.runIf(engine === 'firefox')('keeps a tap on the carousel made while the page still arrives, and replays it', async () => {
    let release!: () => void;
    const rest = new Promise<void>((resolve) => (release = resolve));
    const proxy = await halfPage('/us/flagship-megatron', 'carousel-track', rest);
    const tab = await openTab(browser(), 390);
    const arrived = tab.page.goto(`${proxy.origin}/us/flagship-megatron`);
    const next = await tab.page.waitForSelector('[data-island="carousel"] .carousel-controls button:last-child');
    expect(await tab.page.evaluate(() => document.readyState)).toBe('loading');
    await next!.click();
    release();
    await arrived;
    await until(tab.page, `document.querySelector('[data-island="carousel"]').dataset.hydrated === 'true'`);
    await until(tab.page, `(track => track.scrollLeft === track.clientWidth)(document.querySelector('.carousel-track'))`);
    expect(tab.problems).toEqual([]);
    await tab.close();
    proxy.close();
  });

  // Chinese, Japanese and Korean pages on a device without a face for the language (this
  // browser has none), the site's faces arriving 600 ms after they are asked for, as on a
  // phone's network: the text ends in real glyphs, not in the blank boxes of a missing glyph.
  it('draws Japanese, Chinese and Korean text in real glyphs without a system face', async () => {
    const late = () => new Promise<void>((resolve) => setTimeout(resolve, 600));
    const tab = await openTab(browser(), 390, (request) => (/\.woff2$/.test(request.url()) ? late() : undefined));
    // The widths of the first few CJK characters of the page's main text as drawn, against the
    // same characters in the bare fallback face: on this device, the boxes of a missing glyph.
    const measure = () =>
      tab.page.evaluate(() => {
        const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
        const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent!;
          const at = [...text.matchAll(new RegExp(cjk, 'gu'))].slice(0, 6).map((m) => m.index);
          if (at.length < 6) continue;
          const range = document.createRange();
          const drawn = at.map((i) => {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect().width;
          });
          const probe = (chars: string, family: string) => {
            const span = document.createElement('span');
            span.textContent = chars;
            span.style.fontFamily = family;
            node.parentElement!.appendChild(span);
            const width = span.getBoundingClientRect().width / [...chars].length;
            span.remove();
            return width;
          };
          const chars = at.map((i) => text[i]).join('');
          return { chars, drawn: drawn.reduce((a, b) => a + b) / drawn.length, boxes: probe(chars, 'sans-serif') };
        }
        throw new Error('no CJK text in <main>');
      });
    for (const url of [`${site()}/jp/flagship-bumblebee`, `${china()}/`, `${site()}/kr/login`]) {
      await tab.page.goto(url);
      await tab.page.evaluate(() => document.fonts.ready.then(() => undefined));
      const first = await measure();
      await expect
        .poll(async () => {
          const { chars, drawn, boxes } = await measure();
          return { url, chars, missing: Math.abs(drawn - boxes) < 0.5 };
        })
        .toEqual({ url, chars: first.chars, missing: false });
    }
    expect(tab.problems).toEqual([]);
    await tab.close();
  });
});

// A device with a CJK face that the stacks' family names do not reach (Android's is a nameless
// fallback): the site's faces find it by its own name (`local()`), so it neither downloads them
// nor swaps them in over its own. In Chromium, Android's engine.
describe('in chromium, with the CJK faces under another family name', () => {
  const browser = useEngine('chromium', 'nameless');

  it('draws a Japanese page with the device’s own face, downloading no CJK font file', async () => {
    const fonts: string[] = [];
    const tab = await openTab(browser(), 390, (request) => {
      if (/\/noto-sans-[a-z]+-.*\.woff2$/.test(request.url())) fonts.push(request.url());
      return undefined;
    });
    await tab.page.goto(`${site()}/jp/flagship-bumblebee`);
    await tab.page.evaluate(() => document.fonts.ready.then(() => undefined));
    const used = await tab.page.evaluate(() => [...document.fonts].filter((face) => face.family.includes('Noto Sans JP') && face.status === 'loaded').length);
    expect(used, 'faces of Noto Sans JP Variable drawn from the device').toBeGreaterThan(0);
    expect(fonts).toEqual([]);
    expect(tab.problems).toEqual([]);
    await tab.close();
  });
});
