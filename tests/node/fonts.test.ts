import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The faces the build ships (issue 24, decision 0034), read from what `npm run build` wrote: a
// Latin page's first view preloads one brand file within the 100 kB budget; every face,
// brand and CJK, is a unicode-range slice a page downloads only when its text needs it, and
// `font-display: optional`, so a face that arrives late never lays the page out twice.

const client = 'dist/client';
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { css: string; brandFont: string; fontSheets: Record<string, string> };
const faces = (sheet: string) => readFileSync(join(client, sheet), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [];

describe('the shipped faces', () => {
  it('preload one brand file on a Latin page, within 100 kB of woff2', () => {
    expect(manifest.brandFont).toMatch(/\.woff2$/);
    expect(statSync(join(client, manifest.brandFont)).size).toBeLessThanOrEqual(100_000);
  });

  const SHEETS: [name: string, sheet: () => string, atLeast: number][] = [
    ['the site sheet (Sora)', () => manifest.css, 2],
    ...Object.keys(manifest.fontSheets).map((lang): [string, () => string, number] => [`the ${lang} sheet`, () => manifest.fontSheets[lang]!, 50]),
  ];
  it.each(SHEETS)('%s: every face a unicode-range slice shown only if there by the first paint', (_name, sheet, atLeast) => {
    const list = faces(sheet());
    expect(list.length).toBeGreaterThanOrEqual(atLeast);
    for (const face of list) {
      expect(face).toMatch(/unicode-range:U\+/);
      expect(face).toContain('font-display:optional');
      expect(face).toMatch(/url\("?\.\/fonts\/[^)]+\.woff2"?\)/);
    }
  });

  it('name the device’s own face of each CJK language before the downloaded one', () => {
    const css = readFileSync(join(client, manifest.css), 'utf8');
    for (const [lang, local, web] of [
      ['zh', 'PingFang SC', 'Noto Sans SC Variable'],
      ['ja', 'Hiragino Sans', 'Noto Sans JP Variable'],
      ['ko', 'Apple SD Gothic Neo', 'Noto Sans KR Variable'],
    ] as const) {
      const stack = new RegExp(`:root:lang\\(${lang}\\)\\{--font-sans:([^;}]+)`).exec(css)?.[1] ?? '';
      expect(stack.indexOf(local), lang).toBeGreaterThan(-1);
      expect(stack.indexOf(local), lang).toBeLessThan(stack.indexOf(web));
    }
  });
});
