import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fetchLocal, sitemapPages } from './http';

// HTML validity (issue 4 §4): the W3C Nu validator over the server's output of every page
// the sitemaps list, plus the pages a visitor reaches otherwise (not found, a form outcome).

const vnu = String(createRequire(import.meta.url)('vnu-jar') as object);
const dir = mkdtempSync(join(tmpdir(), 'storefront-vnu-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Message {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

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
    const files = new Map<string, string>();
    await Promise.all(
      urls.map(async (url, i) => {
        const res = await fetchLocal(url);
        expect(`${res.status} ${String(res.headers['content-type'])}`, url).toMatch(/^(200|404) text\/html/);
        const file = join(dir, `page-${i}.html`);
        writeFileSync(file, res.body);
        files.set(`file:${file}`, url);
      }),
    );
    const java = process.env.JAVA ?? 'java';
    const { stderr } = await promisify(execFile)(java, ['-jar', vnu, '--format', 'json', '--exit-zero-always', ...[...files.keys()].map((f) => f.slice(5))], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const messages = (JSON.parse(stderr) as { messages: Message[] }).messages;
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
    const report = errors.map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? '?'} ${m.message} ${m.extract ? `«${m.extract.trim()}»` : ''}`);
    expect(report).toEqual([]);
    expect(files.size).toBeGreaterThan(30);
  });
});
