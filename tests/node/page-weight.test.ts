import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { overBudget } from '../../scripts/quality/budgets.mjs';
import { gzipSize, pageWeight } from '../../scripts/quality/page-weight.mjs';

// scripts/quality/page-weight.mjs counts what a new visitor downloads, whether the hydration entry
// is written into the HTML or loaded lazily by the inline boot lines.

const client = mkdtempSync(join(tmpdir(), 'storefront-weight-'));
mkdirSync(join(client, 'assets'));
const files = {
  '/assets/hydrate.js': 'h'.repeat(300),
  '/assets/Popup.js': 'p'.repeat(500),
  '/assets/react.js': 'r'.repeat(900),
  '/assets/site.css': 'c'.repeat(100),
};
for (const [url, body] of Object.entries(files)) writeFileSync(join(client, url), body);
const manifest = { hydrate: '/assets/hydrate.js', islands: { popup: ['/assets/Popup.js', '/assets/react.js'] } };
const gz = (...urls: (keyof typeof files)[]) => urls.reduce((n, url) => n + gzipSize(files[url]), 0);

const boot = '<script nonce="n">document.documentElement.classList.remove("no-js")</script>';
const jsonLd = '<script type="application/ld+json">{"@type":"Product"}</script>';
const css = '<link rel="stylesheet" href="/assets/site.css">';
const island = '<div class="island" data-island="popup" data-props="{}"></div>';

describe('page weight', () => {
  afterAll(() => rmSync(client, { recursive: true, force: true }));

  it.each([
    ['a page without islands', `${css}${boot}${jsonLd}`, [], 0],
    [
      'an island whose entry the HTML loads',
      `${css}${boot}<script type="module" src="/assets/hydrate.js"></script><link rel="modulepreload" href="/assets/react.js">${island}`,
      ['/assets/hydrate.js', '/assets/react.js', '/assets/Popup.js'],
      gz('/assets/hydrate.js', '/assets/react.js', '/assets/Popup.js'),
    ],
    [
      'an island the boot lines load lazily',
      `${css}${boot}${island}`,
      ['/assets/hydrate.js', '/assets/Popup.js', '/assets/react.js'],
      gz('/assets/hydrate.js', '/assets/Popup.js', '/assets/react.js'),
    ],
  ])('counts the script files of %s once each, gzip -9', (_, html, expected, gzip) => {
    const weight = pageWeight(html, manifest, { client });
    expect(weight.js.files).toEqual(expected);
    expect(weight.js.gzip).toBe(gzip);
    expect(weight.css.files).toEqual(['/assets/site.css']);
  });

  it('counts an island that loads only for members for a member, not for a new visitor', () => {
    const html = `${css}${boot}<div class="island" data-island="popup" data-props="{}" data-island-when="member"></div>`;
    expect(pageWeight(html, manifest, { client }).js.files).toEqual([]);
    expect(pageWeight(html, manifest, { client }).islands).toEqual([]);
    expect(pageWeight(html, manifest, { client, member: true }).js.files).toEqual(['/assets/hydrate.js', '/assets/Popup.js', '/assets/react.js']);
  });

  it('counts executable inline script, not JSON-LD', () => {
    expect(pageWeight(`${boot}${jsonLd}`, manifest, { client }).inlineScript).toBe(Buffer.byteLength('document.documentElement.classList.remove("no-js")'));
  });

  it('flags a page without islands that loads a script file', () => {
    const weight = pageWeight(`${boot}<script src="https://tags.example.com/tm.js"></script>`, manifest, { client });
    expect(weight.js.elsewhere).toEqual(['https://tags.example.com/tm.js']);
    expect(overBudget(weight)).toEqual(['script files on a page without islands: 1']);
  });
});
