import { describe, expect, inject, it } from 'vitest';
import { auditPage, hydrated, openDialogs, openMenus, violations } from '../e2e/axe';
import { useBrowser } from '../e2e/browser';
import { sitemapPages } from '../e2e/http';

// Accessibility over every page of every edition (docs/decisions/0008): each sitemap page as loaded
// on a desktop, with each of its dialogs opened through its button, and on a phone with every
// menu open. Zero violations of WCAG 2.0, 2.1 and 2.2 A and AA.

const browser = useBrowser();

describe('accessibility crawl', () => {
  it('finds no axe violation on any sitemap page, in any state', async () => {
    const urls = await sitemapPages(inject('port'));
    const found: string[] = [];
    let states = 0;
    const desktop = await auditPage(browser());
    const phone = await auditPage(browser(), { mobile: true });
    for (const url of urls) {
      await desktop.goto(url);
      await hydrated(desktop);
      found.push(...(await violations(desktop, url)));
      states++;
      // Each dialog open in turn (a modal one makes the rest of the page inert).
      await openDialogs(desktop, async (i) => {
        found.push(...(await violations(desktop, `${url} (dialog ${i + 1} open)`)));
        states++;
      });
      await phone.goto(url);
      if ((await openMenus(phone)) > 0) {
        found.push(...(await violations(phone, `${url} (phone, menus open)`)));
        states++;
      }
    }
    console.log(`accessibility crawl: ${urls.length} pages, ${states} states audited`);
    await desktop.context().close();
    await phone.context().close();
    expect(found).toEqual([]);
  });
});
