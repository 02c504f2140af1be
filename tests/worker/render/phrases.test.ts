import { describe, expect, it } from 'vitest';
import { LONG_PHRASE, MEMO_LIMIT, memoSize, phraseLanguage, phrasesOf, segmentPhrases, withPhraseBreaks } from '../../../worker/render/phrases';
import { get } from '../fetch';

const JA_NAMES = ['フラッグシップ バンブルビー', 'オプティマスプライム シグネチャー限定版'];
const ZH_NAMES = ['旗舰版大黄蜂', '巴斯光年太空骑警 Alpha', '擎天柱签名限量版'];

describe('phrases of Japanese and Chinese headings', () => {
  it.each([
    // [language, text, phrases]
    ['ja', '今すぐ参加しよう', ['今すぐ', '参加しよう']],
    ['ja', '変形するロボットの新しい時代', ['変形する', 'ロボットの', '新しい', '時代']],
    ['ja', 'ニュースレターに登録', ['ニュースレターに', '登録']],
    ['ja', 'フラッグシップ バンブルビーを予約', ['フラッグシップ バンブルビーを', '予約']],
    ['zh', '订阅我们的新闻通讯', ['订阅', '我们', '的', '新闻', '通讯']],
    ['zh', '可收藏、可编程、语音操控的机器人。', ['可收藏、', '可编程、', '语音操控', '的', '机器人。']],
    ['zh', '图集', ['图集']],
    ['zh', '把大黄蜂带回家', ['把', '大黄蜂带回家']],
    ['zh', '留在此处', ['留在', '此处']],
    ['zh', '立即购买', ['立即购买']],
    // A phrase wider than a phone's heading line gets its best inner break (ICU holds "に関する" as one word).
    ['ja', 'プライバシーに関するお知らせ', ['プライバシーに', '関する', 'お知らせ']],
  ] as const)('segments %s "%s" where expected', (language, text, phrases) => {
    expect(phrasesOf(text, language, language === 'ja' ? JA_NAMES : ZH_NAMES)).toEqual(phrases);
  });

  it.each([
    ['ja', 'フラッグシップ バンブルビー'],
    ['ja', 'オプティマスプライム シグネチャー限定版'],
    ['zh', '旗舰版大黄蜂'],
    ['zh', '擎天柱签名限量版'],
  ] as const)('never breaks inside the product name %s "%s"', (language, name) => {
    const phrases = phrasesOf(`${name}现已开售`, language, language === 'ja' ? JA_NAMES : ZH_NAMES);
    expect(phrases.join('')).toBe(`${name}现已开售`);
    expect(phrases.some((phrase) => phrase.includes(name))).toBe(true);
  });

  it('leaves Latin copy and Latin words in CJK copy whole', () => {
    expect(phrasesOf('Buy Now', 'ja')).toEqual(['Buy Now']);
    for (const [text, language] of [
      ['K1 Pro 星际侦察兵现已开售', 'zh'],
      ['Robolux コミュニティに参加しませんか', 'ja'],
    ] as const) {
      const phrases = phrasesOf(text, language);
      expect(phrases.join('')).toBe(text);
      // No boundary between two Latin letters or digits, nor beside a space (it is a break already).
      for (let i = 1; i < phrases.length; i++) expect(`${phrases[i - 1]!.at(-1)}${phrases[i]![0]}`).not.toMatch(/[A-Za-z0-9]{2}|\s/);
    }
  });

  it.each([
    ['ja', 'プライバシーに関するお知らせ'],
    ['ja', 'コレクション向けのプログラミングロボットを製造・販売しています。'],
    ['zh', '隐私与个人信息保护声明'],
    ['zh', '可收藏、可编程、语音操控的变形机器人'],
  ] as const)('holds no phrase wider than LONG_PHRASE in %s "%s", and no mark at a line’s start', (language, text) => {
    const phrases = phrasesOf(text, language);
    expect(phrases.join('')).toBe(text);
    for (const phrase of phrases) expect([...phrase].length).toBeLessThanOrEqual(LONG_PHRASE);
    for (const phrase of phrases.slice(1)) expect(phrase[0]).not.toMatch(/[、。，！？」）]/);
  });

  it('segments only Japanese and Chinese', () => {
    expect([phraseLanguage('ja-JP'), phraseLanguage('zh-CN'), phraseLanguage('ko-KR'), phraseLanguage('de-DE')]).toEqual(['ja', 'zh', undefined, undefined]);
  });

  it('keeps React’s escaping, with <wbr> between phrases', () => {
    expect(withPhraseBreaks('今すぐ参加しよう &amp; &lt;登録&gt;', 'ja')).not.toMatch(/&(?!amp;|lt;|gt;)/);
    expect(withPhraseBreaks('今すぐ参加しよう', 'ja')).toBe('今すぐ<wbr>参加しよう');
  });

  it('remembers at most MEMO_LIMIT strings', () => {
    for (let i = 0; i < MEMO_LIMIT + 10; i++) phrasesOf(`今すぐ参加しよう${i}`, 'ja');
    expect(memoSize()).toBe(MEMO_LIMIT);
  });
});

describe('a page rewritten by phrases', () => {
  const page = (html: string) => new Response(html, { headers: { 'Content-Type': 'text/html' } });

  it('marks headings and buttons outside islands, and leaves islands as React wrote them', async () => {
    const html = await segmentPhrases(
      page(
        '<h1 class="x">今すぐ参加しよう</h1><p>今すぐ参加しよう</p><a class="button">今すぐ参加しよう</a><div class="island" data-island="faq"><h2>今すぐ参加しよう</h2></div><h2>変形するロボットの新しい時代</h2>',
      ),
      'ja-JP',
    ).text();
    expect(html).toBe(
      '<h1 class="x phrases">今すぐ<wbr>参加しよう</h1><p>今すぐ参加しよう</p><a class="button phrases">今すぐ<wbr>参加しよう</a><div class="island" data-island="faq"><h2>今すぐ参加しよう</h2></div><h2 class="phrases">変形する<wbr>ロボットの<wbr>新しい<wbr>時代</h2>',
    );
  });

  it('leaves a Korean page as it is', async () => {
    const html = '<h1>변신하는 로봇</h1>';
    expect(await segmentPhrases(page(html), 'ko-KR').text()).toBe(html);
  });

  it.each([
    ['/jp', 'localhost'],
    ['/', 'cn.localhost'],
  ])('serves %s on %s with its headings in phrases and its text unchanged', async (path, host) => {
    const html = await (await get(path, { host })).text();
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)!;
    expect(h1[0]).toContain('phrases');
    expect(html).toContain('<wbr>');
    // The text a reader (or a screen reader) gets is the same: <wbr> adds no character.
    expect(h1[1]!.replace(/<wbr>/g, '')).not.toContain('<wbr>');
    expect(html).not.toMatch(/<title>[^<]*<wbr>/);
  });
});
