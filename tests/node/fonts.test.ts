import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneSheet, rangesOf } from '../../scripts/build/font-sheets.mjs';

// The faces the build ships (decision 0034), read from what `npm run build` wrote: a Latin
// page's first view preloads one brand file within the 100 kB budget; every face, brand and
// CJK, is a unicode-range slice a page downloads only when its text needs it. The brand face is
// `font-display: optional`, so a face that arrives late never lays the page out twice; the CJK
// faces `swap`, drawn only where the device has no face of the language, whose first view
// would otherwise stay in blank boxes (decision 0060).

const client = 'dist/client';
const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { css: string; brandFont: string; fontSheets: Record<string, string> };
const faces = (sheet: string) => readFileSync(join(client, sheet), 'utf8').match(/@font-face\{[^}]*\}/g) ?? [];

describe('the shipped faces', () => {
  it('preload one brand file on a Latin page, within 100 kB of woff2', () => {
    expect(manifest.brandFont).toMatch(/\.woff2$/);
    expect(statSync(join(client, manifest.brandFont)).size).toBeLessThanOrEqual(100_000);
  });

  const SHEETS: [name: string, sheet: () => string, atLeast: number, display: string][] = [
    ['the site sheet (Sora): shown only if there by the first paint', () => manifest.css, 2, 'optional'],
    ...Object.keys(manifest.fontSheets).map((lang): [string, () => string, number, string] => [
      `the ${lang} sheet: swapped in when it arrives`,
      () => manifest.fontSheets[lang]!,
      10,
      'swap',
    ]),
  ];
  it.each(SHEETS)('%s, every face a unicode-range slice', (_name, sheet, atLeast, display) => {
    const list = faces(sheet());
    expect(list.length).toBeGreaterThanOrEqual(atLeast);
    for (const face of list) {
      expect(face).toMatch(/unicode-range:U\+/);
      expect(face).toContain(`font-display:${display}`);
      expect(face).toMatch(/url\("?\.\/fonts\/[^)]+\.woff2"?\)/);
    }
  });

  // Decision 0060: a device with its own copy of Noto Sans CJK, which the stack's family names
  // may not reach (Android's), draws with it and neither downloads nor swaps.
  it.each([
    ['zh', 'Noto Sans CJK SC'],
    ['ja', 'Noto Sans CJK JP'],
    ['ko', 'Noto Sans CJK KR'],
  ])('the %s faces name the device’s own copy of %s before the site’s file', (lang, local) => {
    for (const face of faces(manifest.fontSheets[lang]!)) expect(face).toMatch(new RegExp(`src:local\\("?${local}"?\\),local\\([^)]+\\),url\\(`));
  });

  // Decision 0053: a CJK page's Latin letters are its language face's own; the brand face's
  // late arrival laid the whole page out again for a few Latin words.
  it('name the device’s own face of each CJK language before the downloaded one, and not the brand face', () => {
    const css = readFileSync(join(client, manifest.css), 'utf8');
    for (const [lang, local, web] of [
      ['zh', 'PingFang SC', 'Noto Sans SC Variable'],
      ['ja', 'Hiragino Sans', 'Noto Sans JP Variable'],
      ['ko', 'Apple SD Gothic Neo', 'Noto Sans KR Variable'],
    ] as const) {
      const stack = new RegExp(`:root:lang\\(${lang}\\)\\{--font-sans:([^;}]+)`).exec(css)?.[1] ?? '';
      expect(stack.indexOf(local), lang).toBeGreaterThan(-1);
      expect(stack.indexOf(local), lang).toBeLessThan(stack.indexOf(web));
      expect(stack, lang).not.toMatch(/font-brand|Sora/);
    }
  });

  // Decision 0049: each CJK sheet keeps only the faces its editions' text can use.
  const FONTSOURCE: Record<string, string> = { ja: 'noto-sans-jp', zh: 'noto-sans-sc', ko: 'noto-sans-kr' };
  const bundles = readdirSync('dist/bundles')
    .filter((name) => name.endsWith('.json') && name !== 'kv.json')
    .map((name) => JSON.parse(readFileSync(join('dist/bundles', name), 'utf8')) as { region: string; locale: string });

  it.each(Object.keys(FONTSOURCE))('the %s sheet has a face for every CJK character its editions show, and fewer faces than Fontsource ships', (lang) => {
    const ranges = faces(manifest.fontSheets[lang]!).flatMap(rangesOf);
    const editions = bundles.filter((bundle) => bundle.locale.startsWith(`${lang}-`));
    expect(editions.length).toBeGreaterThan(0);
    for (const bundle of editions) {
      const missing = [...new Set(JSON.stringify(bundle))].filter((char) => {
        const point = char.codePointAt(0)!;
        return point >= 0x2e80 && !ranges.some(([from, to]) => point >= from && point <= to);
      });
      expect(missing, `${bundle.region}: characters without a face`).toEqual([]);
    }
    const full = readFileSync(`node_modules/@fontsource-variable/${FONTSOURCE[lang]}/wght.css`, 'utf8').match(/@font-face\s*\{/g)!.length;
    expect(faces(manifest.fontSheets[lang]!).length).toBeLessThan(full * 0.6);
  });
});

describe('pruneSheet', () => {
  const face = (range: string) => `@font-face{font-family:X;src:url(./fonts/x.woff2);unicode-range:${range}}`;
  const sheet = [face('U+4e00-4e0f'), face('U+4e10,U+4e20-4e2f'), face('U+3042'), face('U+9000-90ff')].join('');
  it.each([
    ['a character in a range keeps its face', [0x4e05], [face('U+4e00-4e0f'), face('U+3042')]],
    ['a character listed alone keeps its face', [0x4e10], [face('U+4e10,U+4e20-4e2f'), face('U+3042')]],
    ['kana are always kept, and nothing else without text', [], [face('U+3042')]],
    ['characters in two faces keep both', [0x4e00, 0x90ff], [face('U+4e00-4e0f'), face('U+3042'), face('U+9000-90ff')]],
  ])('%s', (_name, points, kept) => {
    expect(pruneSheet(sheet, new Set(points))).toBe(kept.join(''));
  });
});
