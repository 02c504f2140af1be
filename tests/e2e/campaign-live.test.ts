import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, pageErrors, site, useBrowser } from './browser';

const browser = useBrowser();

/** US Black Friday: stage 1 from 18 Nov, stage 2 (Black Friday) from 29 Nov, 00:00 New York. */
const STAGE_2 = Date.parse('2024-11-29T00:00:00-05:00');
const CYBER_MONDAY = Date.parse('2024-12-02T00:00:00-05:00');
const INSIDE = Date.parse('2024-11-20T12:00:00-05:00');
const S = 1000;
const D = 86_400 * S;
const H = 3_600 * S;
const M = 60 * S;

/** The countdown under the timeline, counting to the next stage. */
const TIMELINE = '#timeline [data-island="countdown"]';

/**
 * A page previewing the site at `ms` (through /__preview, as ops do locally); `before` sets
 * routes up before the page loads.
 */
async function at(ms: number, path: string, options: Parameters<typeof openPage>[1] = {}, before?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await openPage(browser(), options);
  // Real seconds pass in these tests; on a shared, busy machine a step may take a while.
  page.setDefaultNavigationTimeout(45_000);
  page.setDefaultTimeout(30_000);
  await before?.(page);
  const errors = pageErrors(page, ['Failed to load resource']);
  (page as Page & { errors: string[] }).errors = errors;
  await page.goto(`${site()}/__preview?at=${ms}&next=${encodeURIComponent(path)}`);
  return page;
}
const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

/** Answers /ssr/timestamp with a server clock that reads `ms` now (and runs on from there). */
async function serverTime(page: Page, ms: number): Promise<void> {
  const offset = ms - Date.now();
  await page.route(`${site()}/ssr/timestamp`, (route: Route) =>
    route.fulfill({ json: { code: 2000, msg: 'success', data: { timestamp: Date.now() + offset, preview: null } } }),
  );
}

/** The countdown's text, once hydrated. */
async function ticking(page: Page, selector = TIMELINE): Promise<string> {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.waitForSelector(`${selector}[data-hydrated="true"]`, { state: 'attached' });
  return (await page.locator(`${selector} [role="timer"]`).textContent()) ?? '';
}

/** Seconds left that a countdown text shows. */
function secondsIn(text: string): number {
  const [d, h, m, s] = [...text.matchAll(/(\d+)\s/g)].map((x) => Number(x[1]));
  return ((d! * 24 + h!) * 60 + m!) * 60 + s!;
}

describe('countdown island', () => {
  it('shows the time left at render, then ticks each second on the server’s clock, as a named timer that does not chatter', { timeout: 90_000 }, async () => {
    // The server's clock says 1 d 2 h 3 min 30 s before Black Friday, whatever the page was rendered at.
    const page = await at(INSIDE, '/us/black-friday', {}, (p) => serverTime(p, STAGE_2 - (D + 2 * H + 3 * M + 30 * S)));
    // As served: the time left at the previewed moment, in the region pack's units.
    const html = await (await page.request.get(`${site()}/us/black-friday`)).text();
    const timeline = html.slice(html.indexOf('id="timeline"'));
    const served = /<div class="countdown" role="timer"[^>]*>(.*?)<\/div>/.exec(timeline)![1]!.replace(/<[^>]+>/g, '');
    expect(served).toBe('8 Days 12 Hours 00 Minutes 00 Seconds');
    await ticking(page);
    const told = (D + 2 * H + 3 * M + 30 * S) / S;
    const shown = async () => secondsIn((await page.locator(`${TIMELINE} [role="timer"]`).textContent())!);
    // Counting from the server's 1 d 2 h 3 min 30 s (less the seconds since it said so), not the 8 days of the render.
    await expect.poll(async () => told - (await shown()), { timeout: 20_000 }).toBeGreaterThanOrEqual(0);
    expect(told - (await shown())).toBeLessThan(90);
    expect(await page.locator(`${TIMELINE} [role="timer"]`).textContent()).toMatch(/^1 Day 02 Hours 0[1-3] Minutes? \d\d Seconds?$/);
    const first = await shown();
    await page.waitForTimeout(2_200);
    const later = await shown();
    expect(first - later).toBeGreaterThanOrEqual(2);
    expect(first - later).toBeLessThanOrEqual(3);

    const timer = page.locator(`${TIMELINE} [role="timer"]`);
    expect(await timer.getAttribute('aria-label')).toBe('Time left until November 29, 2024 at 12:00 AM EST');
    expect(await timer.getAttribute('aria-live')).toBeNull();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('waits 10 s for /ssr/timestamp, counting from the page’s render time meanwhile and after', async () => {
    const asked: number[] = [];
    let failed: Promise<number> | undefined;
    const page = await at(INSIDE, '/us/black-friday', {}, async (p) => {
      await p.route(`${site()}/ssr/timestamp`, () => {
        asked.push(Date.now()); // never answered
      });
      failed = new Promise<number>((resolve) =>
        p.on('requestfailed', (r) => {
          if (r.url().endsWith('/ssr/timestamp')) resolve(Date.now());
        }),
      );
    });
    const text = await ticking(page);
    await expect.poll(() => asked.length, { timeout: 20_000 }).toBe(1);
    // Render time (the previewed moment) against the navigation start: 8 d 12 h, a few seconds gone.
    expect(8 * D + 12 * H - secondsIn(text) * S).toBeLessThan(30 * S);
    // The browser gives up 10 s after it asked (the spec's timestamp timeout), not before.
    const gaveUp = await failed!;
    expect(gaveUp - asked[0]!).toBeGreaterThan(9.5 * S);
    expect(gaveUp - asked[0]!).toBeLessThan(12.5 * S);
    expect(asked).toHaveLength(1);
    // Still counting, from the same fallback.
    const after = secondsIn((await page.locator(`${TIMELINE} [role="timer"]`).textContent())!);
    expect(8 * D + 12 * H - after * S).toBeLessThan(40 * S);
    expect(after).toBeLessThan(secondsIn(text));
    await page.context().close();
  }, 90_000);

  it('falls back to the last known server time when the call fails', { timeout: 90_000 }, async () => {
    const page = await at(INSIDE, '/us/black-friday', {}, (p) => serverTime(p, STAGE_2 - 5 * H));
    expect(await ticking(page)).toBeTruthy();
    await expect
      .poll(async () => secondsIn((await page.locator(`${TIMELINE} [role="timer"]`).textContent())!), { timeout: 20_000 })
      .toBeLessThanOrEqual(5 * 3600);
    await page.unroute(`${site()}/ssr/timestamp`);
    await page.route(`${site()}/ssr/timestamp`, (route) => route.abort());
    await page.reload();
    const text = await ticking(page);
    // 5 h before, as the server last said, not the 8 days of the page's render time.
    await expect
      .poll(async () => secondsIn((await page.locator(`${TIMELINE} [role="timer"]`).textContent())!), { timeout: 20_000 })
      .toBeLessThanOrEqual(5 * 3600);
    expect(secondsIn(text)).toBeGreaterThan(5 * 3600 - 60);
    await page.context().close();
  });

  it('reloads the page once when it reaches zero, and never loops', async () => {
    const page = await at(INSIDE, '/us/black-friday', {}, (p) => serverTime(p, STAGE_2 - 3 * S));
    let loads = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && new URL(r.url()).pathname === '/us/black-friday') loads++;
    });
    await ticking(page);
    await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
    // The reloaded page (the same preview, the same server clock) counts to zero again: no second reload.
    await page.waitForLoadState('load');
    await ticking(page);
    await expect.poll(() => page.locator(`${TIMELINE} [role="timer"]`).textContent(), { timeout: 30_000 }).toBe('0 Days 00 Hours 00 Minutes 00 Seconds');
    await page.waitForTimeout(3_000);
    expect(loads).toBe(1);
    await page.context().close();
  }, 90_000);

  it('under a preview counts from the previewed moment and, at zero, moves the preview to the next stage', async () => {
    const page = await at(STAGE_2 - 6 * S, '/us/black-friday');
    expect(await page.locator('article.campaign').getAttribute('data-stage')).toBe('1');
    const text = await ticking(page);
    expect(secondsIn(text)).toBeLessThanOrEqual(6);
    await expect
      .poll(
        () =>
          page
            .locator('article.campaign')
            .getAttribute('data-stage')
            .catch(() => null),
        { timeout: 45_000 },
      )
      .toBe('2');
    // Now counting to Cyber Monday.
    expect(await page.locator('#timeline [data-slot="countdown"]').getAttribute('data-target')).toBe(new Date(CYBER_MONDAY).toISOString());
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  }, 90_000);
});

/** What a valid entry is told, new or repeat (the result goes by mail). */
const INBOX_UK = "Please check your inbox: we've emailed you the details of your prize draw entry, including your T-shirt size.";
const INBOX_DE =
  'Bitte sehen Sie in Ihrem Posteingang nach: Wir haben Ihnen die Details Ihrer Teilnahme am Gewinnspiel per E-Mail geschickt, einschließlich Ihrer T-Shirt-Größe.';

/** The bodies of the mail an address got, newest first, from the local outbox (/__outbox). */
async function mailTo(address: string): Promise<string[]> {
  const text = await (await fetch(`${site()}/__outbox`)).text();
  return text
    .split('\n---\n\n')
    .filter((mail) => mail.startsWith(`To: ${address} (`))
    .map((mail) => mail.slice(mail.indexOf('\n\n') + 2));
}

describe('lucky-draw form', () => {
  it('works without JavaScript: the message beside the field with the values kept, then the confirmation', { timeout: 90_000 }, async () => {
    const page = await at(INSIDE, '/uk/black-friday', { javaScriptEnabled: false });
    const section = page.locator('#lucky-draw');
    await section.getByLabel('T-shirt size (optional)').selectOption('L');
    await section.getByLabel('Email address').fill('no-at-sign.example.com');
    await Promise.all([page.waitForEvent('load'), section.getByRole('button', { name: 'Enter the prize draw' }).click()]);
    expect(page.url()).toBe(`${site()}/campaign/lucky-draw#lucky-draw`);
    const email = page.locator('#lucky-draw').getByLabel('Email address');
    expect(await email.inputValue()).toBe('no-at-sign.example.com');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#lucky-draw-email-error').textContent()).toBe('Please enter a valid email address');
    expect(await page.locator('#lucky-draw').getByLabel('T-shirt size (optional)').inputValue()).toBe('L');

    const address = `nojs-${Date.now()}@example.co.uk`;
    await email.fill(address);
    await Promise.all([page.waitForEvent('load'), page.locator('#lucky-draw').getByRole('button', { name: 'Enter the prize draw' }).click()]);
    // The page tells no one whether the address had entered, nor its size: the mail does.
    expect(await page.locator('#lucky-draw').getByRole('status').textContent()).toBe(INBOX_UK);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-GB');
    expect(await mailTo(address)).toEqual([expect.stringContaining("You're in the prize draw! Your T-shirt size: L.")]);
    await page.context().close();
  });

  it(
    'answers in place once hydrated: focus to the field to correct, the same answer for an entry and a repeat, each result by mail',
    { timeout: 90_000 },
    async () => {
      const page = await at(INSIDE, '/de/black-friday');
      const island = page.locator('[data-island="lucky-draw"]');
      await island.scrollIntoViewIfNeeded();
      await page.waitForSelector('[data-island="lucky-draw"][data-hydrated="true"]', { state: 'attached' });
      const url = page.url();
      const email = island.getByLabel('E-Mail-Adresse');
      const submit = island.getByRole('button', { name: 'Am Gewinnspiel teilnehmen' });

      await email.fill('kein-at-zeichen');
      await submit.click();
      await expect
        .poll(() => page.locator('#lucky-draw-email-error').textContent(), { timeout: 20_000 })
        .toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('lucky-draw-email');
      expect(page.url()).toBe(url);

      const address = `js-${Date.now()}@example.de`;
      await email.fill(address);
      await submit.click();
      const status = island.getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(INBOX_DE);
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      await expect.poll(() => mailTo(address), { timeout: 20_000 }).toHaveLength(1);
      const [entered] = await mailTo(address);
      expect(entered).toMatch(/Sie nehmen am Gewinnspiel teil! Ihre T-Shirt-Größe haben wir ausgelost: (XL|XXL|XXXL)\./);
      const size = /ausgelost: (X+L)\./.exec(entered!)![1];

      // A repeat, with a plus-tag and another size: the same words on the page; the mail names the size on record.
      await email.fill(address.replace('@', '+again@'));
      await island.getByLabel('T-Shirt-Größe (optional)').selectOption(size === 'XL' ? 'XXXL' : 'XL');
      await submit.click();
      await expect.poll(() => mailTo(address.replace('@', '+again@')), { timeout: 20_000 }).toHaveLength(1);
      expect(await status.textContent()).toBe(INBOX_DE);
      expect((await mailTo(address.replace('@', '+again@')))[0]).toContain(
        `Mit dieser E-Mail-Adresse nehmen Sie bereits am Gewinnspiel teil (T-Shirt-Größe: ${size}).`,
      );
      expect(page.url()).toBe(url);
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    },
  );
});
