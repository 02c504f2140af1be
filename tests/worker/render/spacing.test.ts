import { describe, expect, it } from 'vitest';
import { fillTemplate, spacingRule } from '../../../kernel/spacing';
import { createTranslator, LOCALE_MESSAGES } from '../../../locales';

// docs/decisions/0032-native-copy-and-manuals.md: one spacing rule per language, applied after interpolation.
describe('CJK–Latin spacing', () => {
  it.each([
    // Chinese: a space between Han and Latin letters or digits, either side, once.
    ['zh-CN', '通过5 种编程模式', '通过 5 种编程模式'],
    ['zh-CN', '前往United States - English', '前往 United States - English'],
    ['zh-CN', '31个舵机、67颗芯片', '31 个舵机、67 颗芯片'],
    ['zh-CN', '标准保修2 年', '标准保修 2 年'],
    // …but a date reads as Intl writes it, tight, in copy as in a table.
    ['zh-CN', '2025年8月起发货', '2025年8月起发货'],
    ['zh-CN', '距2024年11月29日还剩', '距 2024年11月29日还剩'],
    ['zh-CN', '2023年第4季度', '2023年第 4 季度'],
    ['zh-CN', '再享额外8%优惠', '再享额外 8% 优惠'],
    ['zh-CN', '最高立省$529', '最高立省 $529'],
    ['zh-CN', '大黄蜂 G1 表演版', '大黄蜂 G1 表演版'],
    ['zh-CN', '支持 WiFi 与蓝牙控制', '支持 WiFi 与蓝牙控制'],
    // …never beside full-width punctuation, which carries its own space.
    ['zh-CN', '旗舰版大黄蜂：31 个舵机，（2,100 mAh）。', '旗舰版大黄蜂：31 个舵机，（2,100 mAh）。'],
    ['zh-CN', '¥8,499', '¥8,499'],
    // Japanese: numbers tight against Japanese; Latin words keep their space.
    ['ja-JP', '31 個のサーボ', '31個のサーボ'],
    ['ja-JP', '約 120 分で満充電', '約120分で満充電'],
    ['ja-JP', '全世界 3,000 台限定', '全世界3,000台限定'],
    ['ja-JP', 'iOS 13 以降が必要です。', 'iOS 13以降が必要です。'],
    ['ja-JP', '最大 $529 オフ、さらに 8% オフ', '最大$529オフ、さらに8%オフ'],
    ['ja-JP', 'K1 ロボット', 'K1 ロボット'],
    ['ja-JP', 'バンブルビー G1 パフォーマンス', 'バンブルビー G1 パフォーマンス'],
    ['ja-JP', 'Robolux アプリ', 'Robolux アプリ'],
    ['ja-JP', '2024年11月29日', '2024年11月29日'],
    ['ja-JP', '日時は 2026-11-28T00:01:00+09:00 のように', '日時は 2026-11-28T00:01:00+09:00 のように'],
    // Korean and the Latin-script languages: as written.
    ['ko-KR', '서보 31개, 칩 67개', '서보 31개, 칩 67개'],
    ['ko-KR', 'iOS 13 이상', 'iOS 13 이상'],
    ['de-DE', '31 Servos', '31 Servos'],
    ['fr-FR', 'plus de 2 500 composants', 'plus de 2 500 composants'],
    ['en-US', '31 servos', '31 servos'],
  ])('%s: %s → %s', (locale, text, spaced) => {
    expect(spacingRule(locale)(text)).toBe(spaced);
  });

  it('applies to interpolated values, so a number or a name reads as the copy around it', () => {
    const zh = createTranslator({ locale: 'zh-CN', messages: { m: { go: '前往{{label}}', modes: '通过{{n}} 种' } } }, spacingRule('zh-CN'));
    expect(zh.t('m.go', { label: 'United States - English' })).toBe('前往 United States - English');
    expect(zh.t('m.modes', { n: 5 })).toBe('通过 5 种');
    const ja = createTranslator({ locale: 'ja-JP', messages: { m: { servos: '{{n}} 個のサーボ' } } }, spacingRule('ja-JP'));
    expect(ja.t('m.servos', { n: 31 })).toBe('31個のサーボ');
  });

  // The account island fills its templates in the browser (client/islands/account.tsx): the same rule applies there.
  it.each([
    ['zh-CN', '欢迎回来{{name}}', 'Alex', '欢迎回来 Alex'],
    ['zh-CN', '{{name}}，欢迎回来', 'Alex', 'Alex，欢迎回来'],
    ['zh-CN', '欢迎，{{name}}', 'Alex', '欢迎，Alex'],
    ['zh-CN', '欢迎，{{name}}', '王小明', '欢迎，王小明'],
    ['zh-CN', '{{name}}会员', 'Alex', 'Alex 会员'],
    ['ja-JP', '{{name}} さん、ようこそ', '2号', '2号 さん、ようこそ'],
    ['ja-JP', '{{name}}さん、ようこそ', 'Alex', 'Alexさん、ようこそ'],
    ['de-DE', 'Willkommen, {{name}}', 'Alex', 'Willkommen, Alex'],
  ])('%s: an island filling "%s" with %s writes "%s"', (locale, template, name, text) => {
    expect(fillTemplate(template, { name }, locale)).toBe(text);
  });

  it('spaces the account page’s own welcome and membership lines as the worker would', () => {
    for (const locale of ['zh-CN', 'ja-JP'] as const) {
      const messages = LOCALE_MESSAGES[locale];
      const t = createTranslator({ locale, messages }, spacingRule(locale));
      const template = createTranslator({ locale, messages });
      for (const [key, values] of [
        ['account.account.welcome', { name: 'Alex' }],
        ['account.account.memberSince', { date: '2026年11月26日' }],
      ] as const) {
        expect(fillTemplate(template.template(key), values, locale)).toBe(t.t(key, values));
        expect(fillTemplate(template.template(key), values, locale)).toContain(Object.values(values)[0]);
      }
    }
  });
});
