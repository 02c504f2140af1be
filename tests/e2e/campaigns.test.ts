import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { auditPage, openMenus, violations } from './axe';
import { site, useBrowser } from './browser';
import { fetchLocal } from './http';
import { nuErrors, type NuMessage } from './nu';

// The campaign pages at moments when they are live (their 2024/2025 dates: at today's date
// they answer 302, so the sitemap crawls never reach them): valid HTML and no axe violation,
// in each stage that changes what they show.

const MOMENTS: [string, string][] = [
  ['/us/black-friday', '2024-11-20T12:00:00Z'], // Early Black Friday: later stages locked
  ['/uk/black-friday', '2024-11-30T12:00:00Z'], // Black Friday
  ['/de/black-friday', '2024-12-02T12:00:00Z'], // Cyber Monday: all revealed
  ['/fr/christmas-sale', '2024-12-10T12:00:00Z'],
  ['/eu/christmas-sale', '2024-12-10T12:00:00Z'],
  ['/us/back-to-school', '2025-08-12T12:00:00Z'],
];

const vnu = String(createRequire(import.meta.url)('vnu-jar') as object);
const dir = mkdtempSync(join(tmpdir(), 'storefront-campaigns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const browser = useBrowser();

describe('campaign pages while live', () => {
  it('the Nu validator finds no error', { timeout: 180_000 }, async () => {
    const origin = `http://localhost:${inject('port')}`;
    const files = new Map<string, string>();
    for (const [i, [path, iso]] of MOMENTS.entries()) {
      const res = await fetchLocal(`${origin}${path}`, { headers: { Cookie: `timestamp=${Date.parse(iso)}` } });
      expect(res.status, path).toBe(200);
      const file = join(dir, `campaign-${i}.html`);
      writeFileSync(file, res.body);
      files.set(file, path);
    }
    const { stderr } = await promisify(execFile)(process.env.JAVA ?? 'java', ['-jar', vnu, '--format', 'json', '--exit-zero-always', ...files.keys()], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const errors = nuErrors((JSON.parse(stderr) as { messages: NuMessage[] }).messages);
    const report = errors.map((m) => `${files.get(m.url.replace(/^file:/, '')) ?? m.url}:${m.lastLine ?? '?'} ${m.message}`);
    expect(report, report.join('\n')).toEqual([]);
  });

  it.each(MOMENTS)('%s at %s: no axe violation as loaded or with menus open on a phone', { timeout: 120_000 }, async (path, iso) => {
    const found: string[] = [];
    for (const mobile of [false, true]) {
      const page = await auditPage(browser(), { mobile });
      await page.context().addCookies([{ name: 'timestamp', value: String(Date.parse(iso)), url: site() }]);
      await page.goto(`${site()}${path}`);
      expect(page.url()).toBe(`${site()}${path}`);
      if (!mobile) found.push(...(await violations(page, `${path} loaded`)));
      else if ((await openMenus(page)) > 0) found.push(...(await violations(page, `${path} phone, menus open`)));
      await page.context().close();
    }
    expect(found).toEqual([]);
  });
});
