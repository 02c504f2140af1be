import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../scripts/local/worker.mjs';
import { openPage, runClockUntil, site, useBrowser } from './browser';
import { FULL_MATRIX } from './matrix';

// Every link and button a visitor sees takes the click, on a phone and on a desktop: on every
// page type, and in every dialog and menu opened over a page (below). On campaign pages, in
// every stage: the hero's art once painted over its copy (an `opacity` on the image
// made it a stacking context above the text), so the call to action could not be clicked and
// the heading showed through the art. The hero's copy also reads at 4.5:1 against the art
// behind it, measured on the pixels, and its call to action stands out from the art at 3:1.

const WIDTHS = [390, 1280];

const browser = useBrowser();

/** The links and buttons of a page's frame and content. */
const PAGE_TARGETS = '.site-header :is(a, button), main :is(a, button), .site-footer :is(a, button)';

/**
 * Brings each visible link and button of `selector` into view (scrolling only when it is not
 * wholly in view already) and asks the document what is at its centre: the element itself or
 * something inside it, else it is named with what covers it. All in one task, so nothing moves
 * between scroll and hit test.
 */
function covered(page: Page, selector = PAGE_TARGETS): Promise<{ checked: string[]; covered: string[] }> {
  return page.evaluate(async (selector) => {
    // The next frame, painted: a section scrolled to is laid out in it (sections below the first
    // view wait until they near the screen, content-visibility: auto), as a shopper sees it.
    const painted = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}`;
    const checked: string[] = [];
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      // Invisible: hidden, transparent, in a closed <details> or popover, or visually hidden (1 px, clipped).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
        el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        await painted();
      }
      const boxes = [...el.getClientRects()].filter((r) => r.width > 1 && r.height > 1);
      // Off the page by design after scrolling (the skip link, until focused).
      const inView = boxes.filter((r) => {
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        return x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
      });
      if (inView.length === 0) continue;
      const label = `${el.closest('.campaign-banner') ? 'hero ' : ''}${name(el)} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      checked.push(label);
      // A link wrapping over lines is hit at the centre of one of its boxes, not of their union.
      const hits = inView.map((r) => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      if (!hits.some((hit) => hit && el.contains(hit))) found.push(`${label} under ${hits[0] ? name(hits[0]) : 'nothing'}`);
    }
    scrollTo({ top: 0, behavior: 'instant' });
    return { checked, covered: found };
  }, selector);
}

interface Contrast {
  text: string;
  ratio: number;
}

/**
 * The hero's contrast as painted: each text of the banner's copy against the darkest and the
 * lightest pixel behind it (a screenshot with the copy's text made transparent), or against its
 * own opaque fill (the call to action); and that fill against the art around the button.
 */
async function heroContrast(page: Page): Promise<{ texts: Contrast[]; button: Contrast }> {
  // A viewport tall enough that all of the hero is in the screenshot, whatever sits above it (a
  // preview's ribbon, the campaign bars); the width, which sets the layout, stays.
  const { width } = page.viewportSize()!;
  await page.setViewportSize({ width, height: 2000 });
  await page.evaluate(() => scrollTo({ top: 0, behavior: 'instant' }));
  // The texts, their colours and boxes, read before the text is hidden.
  const texts = await page.evaluate(() => {
    const parse = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
    const copy = document.querySelector('.campaign-banner-copy')!;
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    const out: { text: string; color: number[]; fill?: number[]; boxes: { x: number; y: number; w: number; h: number }[] }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const parent = node.parentElement!;
      // An opaque background between the text and the banner is what the text sits on.
      let fill: number[] | undefined;
      for (let el: Element | null = parent; el && el !== copy.parentElement; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg.length === 3 || bg[3] === 1) {
          fill = bg.slice(0, 3);
          break;
        }
      }
      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [...range.getClientRects()].map((r) => ({ x: r.left, y: r.top, w: r.width, h: r.height }));
      out.push({ text: node.textContent.trim(), color: parse(getComputedStyle(parent).color).slice(0, 3), fill: fill?.slice(0, 3), boxes });
    }
    const cta = copy.querySelector('.button')!.getBoundingClientRect();
    const ctaFill = parse(getComputedStyle(copy.querySelector('.button')!).backgroundColor).slice(0, 3);
    return { out, cta: { x: cta.left, y: cta.top, w: cta.width, h: cta.height }, ctaFill };
  });
  // Through the CSSOM: the page's CSP refuses a <style> element.
  const hide = (on: boolean) =>
    page.evaluate((on) => {
      for (const el of document.querySelectorAll<HTMLElement>('.campaign-banner-copy, .campaign-banner-copy *')) {
        if (on) el.style.setProperty('color', 'transparent', 'important');
        else el.style.removeProperty('color');
      }
    }, on);
  await hide(true);
  const png = (await page.screenshot()).toString('base64');
  await hide(false);
  return page.evaluate(
    async ({ png, out, cta, ctaFill }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const channel = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
      const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const at = (x: number, y: number) => {
        const i = (Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 4;
        return luminance([data[i]!, data[i + 1]!, data[i + 2]!]);
      };
      /** The worst ratio of `l` against the pixels of the given points. */
      const worst = (l: number, points: [number, number][]) => {
        let [low, high] = [1, 0];
        for (const [x, y] of points) {
          const p = at(x, y);
          [low, high] = [Math.min(low, p), Math.max(high, p)];
        }
        return ratio(l, Math.min(high, Math.max(low, l)));
      };
      const inside = (b: { x: number; y: number; w: number; h: number }) => {
        const points: [number, number][] = [];
        for (let y = Math.ceil(b.y); y < b.y + b.h; y++) for (let x = Math.ceil(b.x); x < b.x + b.w; x++) points.push([x, y]);
        return points;
      };
      const texts = out.map(({ text, color, fill, boxes }) => ({
        text,
        ratio: Math.round(100 * (fill ? ratio(luminance(color), luminance(fill)) : worst(luminance(color), boxes.flatMap(inside)))) / 100,
      }));
      // The ring 2 to 6 px around the button: the art it has to stand out from.
      const ring = inside({ x: cta.x - 6, y: cta.y - 6, w: cta.w + 12, h: cta.h + 12 }).filter(
        ([x, y]) => x < cta.x - 2 || x > cta.x + cta.w + 2 || y < cta.y - 2 || y > cta.y + cta.h + 2,
      );
      return { texts, button: { text: 'call to action against the art', ratio: Math.round(100 * worst(luminance(ctaFill), ring)) / 100 } };
    },
    { png, ...texts },
  );
}

/** Waits until an island has hydrated (the boot lines load it when the visitor reaches for it). */
const hydrated = (page: Page, name: string) => page.waitForSelector(`[data-island="${name}"][data-hydrated="true"]`, { state: 'attached' });

/**
 * One case: a page type in one state, at the given widths. `at`: a moment to preview (a campaign
 * while it is live); `member`: signed in; `country`: where the visitor is (a region suggestion
 * when it is not the edition's); `vendors`: on the worker with third-party scripts to ask
 * consent for (the shared one asks nothing, so shows no consent banner); `open`: what opens the
 * dialog or menu checked, `targets` its links and buttons (else the page's own). `expect`: what
 * the check must have seen besides nothing covered: a page's frame (`page`), a live campaign's
 * frame, hero and offers, read for contrast too (`campaign`), or something in the dialog (`dialog`).
 */
interface Case {
  name: string;
  path: string;
  widths: number[];
  /** The widths `npm test` runs (none when absent); the full matrix (test:quality) runs `widths`. */
  sample?: number[];
  at?: string;
  member?: boolean;
  country?: string;
  newVisitor?: boolean;
  /** The page's clock is Playwright's, moved on by `open` (a delay to wait out). */
  clock?: boolean;
  vendors?: boolean;
  open?: (page: Page) => Promise<void>;
  targets?: string;
  expect: 'page' | 'campaign' | 'dialog';
}

/** A campaign page at a moment while it is live, at both widths. */
const campaign = (path: string, at: string, stage: string, sample?: number[]): Case => ({ name: `campaign ${stage}`, path, at, widths: WIDTHS, sample, expect: 'campaign' });
/** A page type, at both widths. */
const page = (name: string, path: string, more: Partial<Case> = {}): Case => ({ name, path, widths: WIDTHS, expect: 'page', ...more });
/** What a modal dialog shows, once `open` has opened it. */
const IN_DIALOG = 'dialog[open] :is(a, button)';

const CASES: Case[] = [
  // Campaign pages, in every stage: the hero's art once painted over its copy (an `opacity` on
  // the image made it a stacking context above the text), so the call to action could not be
  // clicked and the heading showed through the art.
  campaign('/us/black-friday', '2024-11-20T12:00:00-05:00', 'Early Black Friday: later stages locked', [390]),
  campaign('/us/black-friday', '2024-11-30T12:00:00-05:00', 'Black Friday'),
  campaign('/us/black-friday', '2024-12-02T12:00:00-05:00', 'Cyber Monday: all revealed'),
  campaign('/de/black-friday', '2024-12-02T12:00:00+01:00', 'Cyber Monday, the longest copy', [1280]),
  campaign('/us/christmas-sale', '2024-12-10T12:00:00-05:00', 'the sale'),
  campaign('/de/christmas-sale', '2024-12-10T12:00:00+01:00', 'the sale'),
  campaign('/us/back-to-school', '2025-08-12T12:00:00-04:00', 'stage 1'),
  campaign('/us/back-to-school', '2025-08-24T12:00:00-04:00', 'stage 2'),
  // Every other page type, in several editions.
  page('home', '/us', { sample: WIDTHS }),
  page('home, Japanese', '/jp'),
  page('product', '/us/flagship-bumblebee', { sample: WIDTHS }),
  page('product with a carousel and video', '/us/flagship-megatron'),
  page('product with a comparison', '/us/k1-pro-interstellar-scout', { sample: [390] }),
  page('product, German', '/de/flagship-bumblebee'),
  page('support hub', '/us/support', { sample: [1280] }),
  page('manuals', '/us/manuals'),
  page('FAQ', '/us/faq'),
  page('support form', '/us/technical-support', { sample: [390] }),
  page('registration form', '/uk/product-registration'),
  page('log-in', '/us/login', { sample: [390] }),
  page('account, signed out', '/us/account'),
  page('account, signed in', '/us/account', { sample: [1280], member: true, open: (page) => page.locator('.account-welcome').waitFor() }),
  page('about', '/us/about-us'),
  page('news', '/us/news'),
  page('contact', '/us/contact-us'),
  page('where to buy', '/fr/where-to-buy', { sample: [1280] }),
  page('legal', '/us/privacy-policy', { sample: [390] }),
  page('region chooser', '/us/choose-your-region', { sample: [390] }),
  page('not found', '/us/no-such-page', { sample: [1280] }),
  // Every dialog, menu and banner opened over a page. The phone's menu drawer is there below
  // the desktop breakpoint only; at 1280 px the desktop menus stand in its place.
  {
    name: 'the phone menu drawer',
    path: '/de/flagship-bumblebee',
    widths: [390],
    sample: [390],
    open: (page) => page.locator('.menu-button').click(),
    targets: '#site-menu :is(a, button)',
    expect: 'dialog',
  },
  ...['products', 'support', 'about'].map((menu): Case => ({
    name: `the desktop "${menu}" menu`,
    path: '/us',
    widths: [1280],
    sample: menu === 'products' ? [1280] : [],
    open: (page) => page.locator(`.nav-bar button[data-identify="${menu}"]`).click(),
    targets: '.menu-list:popover-open :is(a, button)',
    expect: 'dialog',
  })),
  {
    name: 'the gallery lightbox',
    path: '/us/flagship-bumblebee',
    widths: WIDTHS,
    sample: [390],
    open: async (page) => {
      const island = page.locator('[data-island="gallery"]');
      await island.locator('ul.gallery a').first().focus();
      await hydrated(page, 'gallery');
      await island.locator('ul.gallery a').first().click();
      await page.getByRole('dialog').waitFor();
    },
    targets: IN_DIALOG,
    expect: 'dialog',
  },
  {
    name: 'the video dialog',
    path: '/us/flagship-megatron',
    widths: WIDTHS,
    sample: [1280],
    open: async (page) => {
      const island = page.locator('[data-island="video"]');
      await island.getByRole('button', { name: 'Watch Video' }).focus();
      await hydrated(page, 'video');
      await island.getByRole('button', { name: 'Watch Video' }).click();
      await page.getByRole('dialog').waitFor();
    },
    targets: IN_DIALOG,
    expect: 'dialog',
  },
  {
    name: 'the voice-command list',
    path: '/us/flagship-bumblebee',
    widths: WIDTHS,
    sample: [390],
    open: async (page) => {
      const button = page.locator('[data-island="voice-commands"] button[aria-haspopup="dialog"]').first();
      await button.scrollIntoViewIfNeeded();
      await hydrated(page, 'voice-commands');
      await button.click();
      await page.getByRole('dialog').waitFor();
    },
    targets: IN_DIALOG,
    expect: 'dialog',
  },
  {
    name: 'the new-visitor (newsletter) popup',
    path: '/us',
    widths: WIDTHS,
    sample: [1280],
    newVisitor: true,
    clock: true,
    open: (page) => runClockUntil(page, () => page.getByRole('dialog', { name: 'Welcome to Robolux' }).isVisible()),
    targets: IN_DIALOG,
    expect: 'dialog',
  },
  ...[
    ['opt-in (de)', '/de/flagship-bumblebee'],
    ['opt-out (us)', '/us'],
  ].map(([model, path]): Case => ({
    name: `the consent banner, ${model}`,
    path: path!,
    widths: WIDTHS,
    sample: model === 'opt-in (de)' ? [390] : [],
    vendors: true,
    open: (page) => page.locator('.consent-banner').waitFor(),
    targets: '.consent-banner :is(a, button, summary)',
    expect: 'dialog',
  })),
  {
    name: 'the region suggestion',
    path: '/de/flagship-bumblebee',
    widths: WIDTHS,
    sample: [1280],
    country: 'US',
    open: (page) => page.locator('.region-suggestion').waitFor(),
    targets: '.region-suggestion :is(a, button)',
    expect: 'dialog',
  },
];

/** A tag manager to ask consent for: the shared worker configures none, so asks nothing. */
const THIRD_PARTY = JSON.stringify([{ name: 'tagManager', src: 'https://tags.example/gtm.js', category: 'marketing' }]);
let vendorWorker: Awaited<ReturnType<typeof startWorker>> | undefined;
beforeAll(async () => {
  vendorWorker = await startWorker({ vars: { THIRD_PARTY } });
}, 400_000);
afterAll(async () => {
  await vendorWorker?.close();
});

/**
 * Opens the case's page at `width` as its visitor (a member, from elsewhere, at a moment), opens
 * its dialog, and checks that every visible link and button of it takes the click.
 */
async function check(c: Case, width: number): Promise<void> {
  const origin = c.vendors ? vendorWorker!.origin : site();
  const page = await openPage(browser(), {
    viewport: { width, height: width < 768 ? 844 : 900 },
    newVisitor: c.newVisitor,
    extraHTTPHeaders: c.country ? { 'CF-IPCountry': c.country } : undefined,
  });
  // The vendor's script is answered here, as nothing else is reachable.
  await page.route('https://tags.example/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  if (c.at) await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse(c.at)), url: origin }]);
  if (c.clock) await page.clock.install();
  if (c.member) await signUp(page, origin);
  await page.goto(`${origin}${c.path}`);
  if (c.at) expect(page.url()).toBe(`${origin}${c.path}`);
  await c.open?.(page);
  // The footer's link lists fold on a phone (decision 0052): open, as a shopper's tap opens
  // them, so their links are checked too.
  await page.evaluate(() => document.querySelectorAll('.site-footer details').forEach((group) => group.setAttribute('open', '')));
  const where = `${c.name} on ${c.path} ${width} px`;
  const { checked, covered: under } = await covered(page, c.targets);
  expect(under, where).toEqual([]);
  if (c.expect === 'dialog') expect(checked.length, `${where}: what it shows was checked`).toBeGreaterThan(0);
  else expect(checked[0], `${where}: the header's logo was checked`).toMatch(/^a\.logo /);
  if (c.expect === 'page') expect(checked.filter((l) => l.startsWith('a ')).length, `${where}: the footer's and the page's links`).toBeGreaterThan(8);
  if (c.expect === 'campaign') {
    // The hero's call to action and the offers.
    expect(
      checked.filter((l) => l.startsWith('hero a.button.primary ')),
      where,
    ).toHaveLength(1);
    expect(checked.filter((l) => l.startsWith('a.button')).length, where).toBeGreaterThanOrEqual(3);
    const { texts, button } = await heroContrast(page);
    expect(texts.length, where).toBeGreaterThanOrEqual(4);
    expect(
      texts.filter((t) => t.ratio < 4.5),
      where,
    ).toEqual([]);
    expect(button.ratio, where).toBeGreaterThanOrEqual(3);
  }
  await page.context().close();
}

/** Signs a new member up through the API and keeps the session as the log-in form keeps it. */
async function signUp(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/us`);
  const stored = await page.evaluate(async () => {
    const res = await fetch('/account/user/register_or_login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', region: 'us' },
      body: JSON.stringify({ email: `clickable-${crypto.randomUUID()}@example.com`, password: 'Orbit-Lantern-42-Maple', agree: true }),
    });
    const { data } = (await res.json()) as { data: { apptoken: string; reftoken: string; user_id: string } };
    const scope = document.documentElement.dataset.scope;
    localStorage.setItem(`${scope}/apptoken`, data.apptoken);
    localStorage.setItem(`${scope}/reftoken`, data.reftoken);
    localStorage.setItem(`${scope}/userId`, data.user_id);
    return Boolean(data.apptoken);
  });
  expect(stored, 'signed up').toBe(true);
}

// `npm test` runs each page kind, dialog and campaign state once (`sample`, at the width where
// it failed before, else both), the full matrix runs in `npm run test:quality` (./matrix.ts).
describe('every visible link and button takes the click, on every page type and in every state', () => {
  it.each(CASES.flatMap((c) => (FULL_MATRIX ? c.widths : (c.sample ?? [])).map((width) => [c.name, c.path, width, c] as const)))(
    '%s (%s) at %i px',
    { timeout: 90_000 },
    async (_, __, width, c) => {
      await check(c, width);
    },
  );
});
