/**
 * Spacing between CJK text and Latin letters or numbers, by one rule per language, applied to
 * every message after its values are filled in (worker/render/translator.ts), so copy and
 * interpolated values (a number, a date from Intl, an edition's name) meet the same way
 * whoever wrote the message (docs/decisions/0032-native-copy-and-manuals.md):
 *
 * - Chinese: one space between Han characters and Latin letters or digits, either side
 *   ("通过 5 种", "前往 United States - English", "31 个舵机"), never next to full-width
 *   punctuation, which carries its own space; a date stays as Intl writes it, its numbers
 *   tight against 年, 月 and 日 ("2025年8月", "2024年11月29日"), the same in copy and in tables.
 * - Japanese: a number sits tight against the Japanese around it ("31個", "120分",
 *   "iOS 13以降", "全世界3,000台"); a Latin word keeps the space its copy gives it
 *   ("Robolux アプリ", "K1 ロボット").
 * - Korean and the Latin-script languages: the copy's own spaces (Korean spaces words by its
 *   spelling rules, and attaches counters in the copy: "31개").
 */

/** Han ideographs (and the iteration mark 々, 〇). */
const HAN = '\\p{Script=Han}々〇';
/** Kana, the prolonged sound mark and Han: what a Japanese number sits against. */
const JAPANESE = `${HAN}\\p{Script=Hiragana}\\p{Script=Katakana}ー`;

/** Han then Latin or a number, but not a date's 年 or 月 then its next number. */
const ZH_BEFORE_LATIN = new RegExp(`((?![年月])[${HAN}])([A-Za-z0-9$€£])|([年月])([A-Za-z$€£])`, 'gu');
/** Latin or a number then Han, but not a date's number then its 年, 月 or 日. */
const ZH_AFTER_LATIN = new RegExp(`([A-Za-z%])([${HAN}])|([0-9])((?![年月日])[${HAN}])`, 'gu');
/**
 * A number standing on its own (an amount with its currency sign; not the digits of a Latin
 * token such as "K1" or "G1", nor of a code such as a date-time "2026-11-28T00:01"), a
 * space, Japanese; and Japanese, a space, such a number.
 */
const JA_NUMBER_THEN_TEXT = new RegExp(`(?<![A-Za-z0-9.,:/+\\-$€£¥￥])([$€£¥￥]?\\d[\\d,.]*[+%]?) +(?=[${JAPANESE}])`, 'gu');
const JA_TEXT_THEN_NUMBER = new RegExp(`([${JAPANESE}]) +(?=[$€£¥￥]?\\d[\\d,.]*[+%]?(?![\\d:/\\-A-Za-z]))`, 'gu');

/** One language's spacing rule: a pure function of a message's text. */
export type SpacingRule = (text: string) => string;

const spaceBetween = (_: string, ...groups: (string | undefined)[]) => groups.slice(0, 4).filter(Boolean).join(' ');
const chinese: SpacingRule = (text) => text.replace(ZH_BEFORE_LATIN, spaceBetween).replace(ZH_AFTER_LATIN, spaceBetween);
const japanese: SpacingRule = (text) => text.replace(JA_NUMBER_THEN_TEXT, '$1').replace(JA_TEXT_THEN_NUMBER, '$1');
const asWritten: SpacingRule = (text) => text;

const RULES: Record<string, SpacingRule> = { zh: chinese, ja: japanese };

/** The spacing rule of a locale ('zh-CN', 'ja-JP', 'de-DE'…), by its language. */
export function spacingRule(locale: string): SpacingRule {
  return RULES[locale.split('-')[0]!.toLowerCase()] ?? asWritten;
}

/** Han, kana or a full-width mark at the edge of a run of copy: it sits against its neighbour without a space. */
const CJK_EDGE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー\u3000-\u303f\uff01-\uff60]/u;

/**
 * The space between two runs of copy set side by side in markup (a sentence and a link in it):
 * none where both edges are Han, kana or full-width marks ("我已阅读并同意" + "隐私政策",
 * "プライバシーポリシー" + "と"), else one ("I agree to the" + "Privacy Policy").
 */
export function gapBetween(before: string, after: string): '' | ' ' {
  return CJK_EDGE.test(before.at(-1) ?? '') && CJK_EDGE.test(after[0] ?? '') ? '' : ' ';
}

/**
 * A template an island fills in the browser (`Translator.template`: "欢迎回来{{name}}"), its
 * `{{values}}` in, then the locale's spacing rule: the text the worker's translator would have
 * written with the same values ("欢迎回来 Alex"). A value not given leaves nothing.
 */
export function fillTemplate(template: string, values: Record<string, string | number>, locale: string): string {
  return spacingRule(locale)(template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? '')));
}
