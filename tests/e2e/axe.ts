import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { textProblems } from '../text';

// axe-core in the page, for the accessibility gate (docs/decisions/0008). The pages' CSP refuses
// inline script without its nonce, so audit contexts bypass it to inject axe.

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A page in a context that lets axe in; `newVisitor` leaves the US popup free to open. */
export async function auditPage(browser: Browser, { mobile = false, newVisitor = false } = {}): Promise<Page> {
  const context = await browser.newContext({
    bypassCSP: true,
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    isMobile: mobile,
  });
  if (!newVisitor) await context.addInitScript(() => localStorage.setItem('newUserPopupSeen', '1'));
  return context.newPage();
}

/**
 * The axe violations on the page as it is now, one line each (rule, impact, where, why), and
 * the empty or raw text in it (tests/text.ts, docs/decisions/0031): every state an audit opens (a dialog,
 * an island's answer, an error beside a field) is read for both.
 */
export async function violations(page: Page, label: string): Promise<string[]> {
  return [...(await axeViolations(page, label)), ...textProblems(await page.content()).map((p) => `${label} · text: ${p.detail} … ${p.near}`)];
}

async function axeViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; failureSummary: string }[] }[] }>;
        };
      }
    ).axe;
    // Sections below the first view wait to be laid out until they near the screen
    // (content-visibility: auto); axe cannot tell the colours behind text not yet laid out and
    // leaves it unchecked. The audit reads the page laid out whole, as a reader scrolling it
    // meets it, then puts it back.
    const waiting = [...document.querySelectorAll<HTMLElement>('*')].filter((element) => getComputedStyle(element).contentVisibility === 'auto');
    for (const element of waiting) element.style.contentVisibility = 'visible';
    try {
      return await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    } finally {
      for (const element of waiting) element.style.removeProperty('content-visibility');
    }
  }, AXE_TAGS);
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${label} · ${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
  );
}

/** Opens every menu of the page (the header's disclosure menus). */
export async function openMenus(page: Page): Promise<number> {
  return page.evaluate(() => {
    const menus = [...document.querySelectorAll<HTMLDetailsElement>('details')];
    for (const menu of menus) menu.open = true;
    return menus.length;
  });
}

/**
 * Opens the page's dialog islands through their buttons, as a visitor would; returns how many
 * opened. A modal dialog makes the page behind it inert, so each but the last is closed
 * (Escape) before the next button is pressed, after `each` has seen it open; the last stays
 * open.
 */
export async function openDialogs(page: Page, each?: (index: number) => Promise<void>): Promise<number> {
  const buttons = page.locator('[data-hydrated="true"] button[aria-haspopup="dialog"]');
  const count = await buttons.count();
  let opened = 0;
  for (let i = 0; i < count; i++) {
    await buttons.nth(i).click();
    if ((await page.locator('dialog[open]').count()) > 0) opened++;
    await each?.(i);
    if (i < count - 1) await page.keyboard.press('Escape');
  }
  return opened;
}

/**
 * Waits until the page's islands, if any, have hydrated: brings each into view first (its
 * trigger may be `visible`) and focuses inside it; a `new-visitor` or `member` island may rightly
 * never load.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('[data-island]:not([data-island-when="new-visitor"]):not([data-island-when="member"])')) {
      island.firstElementChild?.scrollIntoView();
      // Focus inside an island loads it whatever its trigger (an `interaction` one only so);
      // the observer of `visible` ones may see only where the page rests last.
      island.querySelector<HTMLElement>('a[href], button')?.focus();
    }
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-island]')].every(
      (el) => el.dataset.hydrated === 'true' || el.dataset.islandWhen === 'new-visitor' || (el.dataset.islandWhen === 'member' && !el.dataset.hydrated),
    ),
  );
}
