import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { auditPage, hydrated, openDialogs } from './axe';
import { useBrowser } from './browser';
import { fetchLocal, sitemapPages } from './http';
import { nuErrors, type NuMessage } from './nu';

// HTML validity (docs/decisions/0008): the W3C Nu validator over the server's output of every page
// the sitemaps list, plus the pages a visitor reaches otherwise (not found, a form outcome).

const vnu = String(createRequire(import.meta.url)('vnu-jar') as object);
const dir = mkdtempSync(join(tmpdir(), 'storefront-vnu-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const browser = useBrowser();

describe('HTML validity', () => {
  it('the Nu validator finds no error on any page', { timeout: 180_000 }, async () => {
    const port = inject('port');
    const origin = `http://localhost:${port}`;
    const urls = [
      ...(await sitemapPages(port)),
      ...['us', 'de', 'jp', 'kr'].map((r) => `${origin}/${r}/no-such-page`),
      `http://cn.localhost:${port}/no-such-page`,
      `${origin}/us?subscribe=invalid&source=footer`,
      `${origin}/fr?subscribe=ok&source=footer`,
      // Not in the sitemaps (noindex): the log-in and account pages.
      `${origin}/us/login?next=%2Fus%2Fflagship-bumblebee`,
      `${origin}/de/account`,
      `http://cn.localhost:${port}/login`,
    ];
    // Pages a visitor reaches another way: the mailed reset link, and the answers to plain
    // form posts that were refused (errors beside their fields). Campaign pages while they are
    // live: tests/e2e/campaigns.test.ts.
    const post = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams(fields).toString(),
    });
    const requests: [string, Parameters<typeof fetchLocal>[1]][] = [
      ...urls.map((url): [string, undefined] => [url, undefined]),
      [`${origin}/us/login?reset=${'a'.repeat(72)}`, undefined],
      [`${origin}/us/login`, post({ email: 'not-an-address', password: 'x' })],
      // A new address: the Korean form asking for its two boxes, with their details (decision 0057).
      [`${origin}/kr/login`, post({ email: 'validity-new@example.com', password: 'Orbit-Lantern-42-Maple' })],
      [`${origin}/us/login`, post({ intent: 'reset-request', email: 'not-an-address' })],
      [`${origin}/support/forms/rma`, post({ region: 'de', name: 'Ada', email: 'nope' })],
      [`${origin}/support/forms/tech-support`, post({ region: 'us' })],
    ];
    const files = new Map<string, string>();
    await Promise.all(
      requests.map(async ([url, options], i) => {
        const res = await fetchLocal(url, options);
        expect(`${res.status} ${String(res.headers['content-type'])}`, url).toMatch(/^(200|400|404) text\/html/);
        const file = join(dir, `page-${i}.html`);
        writeFileSync(file, res.body);
        files.set(`file:${file}`, options?.method ? `${options.method} ${url}` : url);
      }),
    );
    // The product pages with the most dialogs, as the browser holds them with each dialog
    // open in turn (the DOM the islands made, serialised), so what React adds is valid too.
    const page = await auditPage(browser());
    for (const path of ['/us/flagship-megatron', '/us/grimlock-g1-flagship', '/us/k1-pro-interstellar-scout']) {
      await page.goto(`${origin}${path}`);
      await hydrated(page);
      await openDialogs(page, async (i) => {
        const file = join(dir, `dialog-${files.size}.html`);
        writeFileSync(file, `<!DOCTYPE html>${await page.evaluate(() => document.documentElement.outerHTML)}`);
        files.set(`file:${file}`, `${origin}${path} (dialog ${i + 1} open)`);
      });
    }
    await page.context().close();
    const java = process.env.JAVA ?? 'java';
    const { stderr } = await promisify(execFile)(java, ['-jar', vnu, '--format', 'json', '--exit-zero-always', ...[...files.keys()].map((f) => f.slice(5))], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const errors = nuErrors((JSON.parse(stderr) as { messages: NuMessage[] }).messages);
    const report = errors.map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? '?'} ${m.message} ${m.extract ? `«${m.extract.trim()}»` : ''}`);
    expect(report).toEqual([]);
    expect(files.size).toBeGreaterThan(30);
  });
});
