// The CJK font sheets cut to what their editions can show (docs/decisions/0049), run by
// scripts/build/build.mjs once the content bundles are built.
//
// Fontsource's Noto Sans JP, SC and KR sheets are 100-124 unicode-range faces apiece (81-99 kB
// of CSS, 24-32 kB gzip): a sheet every Japanese, Chinese or Korean page must download and
// parse before its first paint, and whose faces the first style pass sets up. A page only ever
// downloads the slices its text uses, but the sheet names them all. Here each language's sheet
// keeps the faces whose range holds a character its editions can show:
// - every string of those editions' content bundles (copy, messages, offers);
// - what `Intl` writes in the language: dates (months, weekdays, day periods), prices in every
//   currency the site sells in, country, language and time-zone names, lists;
// - the kana, CJK punctuation and full-width forms whole, for anything a visitor types.
// A character outside them (a rare kanji in a member's name) is drawn by the stack's device
// face, as it would be before the sheet arrives.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Blocks kept whole in every CJK sheet: CJK symbols and punctuation, hiragana, katakana, Hangul jamo, full-width forms. */
const ALWAYS = [
  [0x3000, 0x30ff],
  [0x3130, 0x318f],
  [0xff00, 0xffef],
];
const CURRENCIES = ['USD', 'GBP', 'EUR', 'KRW', 'JPY', 'CNY'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** What `Intl` writes in `locale`: the text of dates, prices and names that no bundle holds. */
function intlText(locale) {
  const out = [];
  for (let month = 0; month < 12; month++)
    for (const style of ['full', 'long', 'medium'])
      out.push(new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, month, 1 + month, month * 2)));
  for (let day = 1; day <= 7; day++)
    for (const weekday of ['long', 'short', 'narrow']) out.push(new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(Date.UTC(2024, 0, day)));
  out.push(new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).formatRange(Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 2)));
  for (const currency of CURRENCIES) out.push(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(-1234.5));
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  for (const a of LETTERS) for (const b of LETTERS) out.push(regions.of(a + b) ?? '');
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  for (const code of ['en', 'en-US', 'en-GB', 'fr', 'de', 'ko', 'ja', 'zh', 'zh-Hans', 'zh-CN', 'es', 'it', 'nl', 'pt']) out.push(languages.of(code) ?? '');
  for (const timeZone of Intl.supportedValuesOf('timeZone'))
    for (const timeZoneName of ['long', 'longGeneric'])
      out.push(new Intl.DateTimeFormat(locale, { timeZone, timeZoneName }).format(Date.UTC(2024, 0, 1)));
  for (const type of ['conjunction', 'disjunction', 'unit']) out.push(new Intl.ListFormat(locale, { type }).format(['a', 'b', 'c']));
  return out.join('\n');
}

/** A face's unicode-range as [from, to] pairs. @type {(face: string) => [number, number][]} */
export const rangesOf = (face) =>
  (/unicode-range:([^;}]+)/.exec(face)?.[1] ?? '').split(',').map((range) => {
    const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });

/** The sheet's faces whose range holds one of `codePoints` or meets an ALWAYS block; the rest of the sheet as it was. */
export function pruneSheet(css, codePoints) {
  const points = [...codePoints].sort((a, b) => a - b);
  const holds = (from, to) => ALWAYS.some(([a, b]) => from <= b && to >= a) || points.some((p) => p >= from && p <= to);
  return css.replace(/@font-face\{[^}]*\}/g, (face) => (rangesOf(face).some(([from, to]) => holds(from, to)) ? face : ''));
}

/**
 * Cuts each language's sheet (`fontSheets`, lang → URL under `client`) to its editions' text
 * (the bundles in `bundles`, by their locale's language) and renames it by its new content,
 * so no browser keeps an old cut under a new build. Returns the new lang → URL map.
 */
export function pruneFontSheets({ client, bundles, fontSheets }) {
  const texts = {};
  for (const file of readdirSync(bundles).filter((name) => name.endsWith('.json') && name !== 'kv.json')) {
    const bundle = JSON.parse(readFileSync(join(bundles, file), 'utf8'));
    const lang = bundle.locale.split('-')[0];
    (texts[lang] ??= [intlText(bundle.locale)]).push(JSON.stringify(bundle));
  }
  const result = {};
  for (const [lang, url] of Object.entries(fontSheets)) {
    const file = join(client, url);
    const points = new Set();
    for (const text of texts[lang] ?? []) for (const char of text) points.add(char.codePointAt(0));
    const css = pruneSheet(readFileSync(file, 'utf8'), points);
    const name = basename(file).replace(/-[A-Z0-9]+\.css$/, `-${createHash('sha256').update(css).digest('hex').slice(0, 8).toUpperCase()}.css`);
    rmSync(file);
    writeFileSync(join(dirname(file), name), css);
    result[lang] = `${dirname(url)}/${name}`;
  }
  return result;
}
