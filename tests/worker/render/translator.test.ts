import { describe, expect, it } from 'vitest';
import { spacingRule } from '../../../kernel/spacing';
import { createTranslator, onMessageMiss, type MessageMiss } from '../../../locales';
import { translatorOf } from '../../../worker/render/translator';

/** The worker's translator keeps a bundle's plain messages once translated (decision 0048): the text must not change, nor what is reported. */
describe('the worker translator, kept per bundle', () => {
  const bundle = {
    locale: 'ja-JP' as const,
    messages: { m: { plain: 'ロボットLab', named: '{{name}}さん', forms: { other: '{{count}}日' }, unfilled: 'あと{{n}}個' } },
  };

  it('gives the same text at every call, the spacing rule applied, with and without values', () => {
    // What a translator made afresh at each call says: the text as it always was.
    const fresh = createTranslator(bundle, spacingRule(bundle.locale)).t;
    const t = translatorOf(bundle).t;
    for (const name of ['Ada', 'Bo']) {
      expect([t('m.plain'), t('m.named', { name }), t('m.forms', { count: name.length })]).toEqual([
        fresh('m.plain'),
        fresh('m.named', { name }),
        fresh('m.forms', { count: name.length }),
      ]);
    }
    expect(t('m.plain')).toBe('ロボットLab');
    expect(translatorOf(bundle)).toBe(translatorOf(bundle));
  });

  it('reports a missing key and an unfilled value at every call, not only the first', () => {
    const t = translatorOf(bundle).t;
    const misses: MessageMiss[] = [];
    const stop = onMessageMiss((miss) => misses.push(miss));
    try {
      for (let i = 0; i < 3; i++) {
        expect(t('m.nowhere')).toBe('');
        t('m.unfilled');
      }
    } finally {
      stop();
    }
    expect(misses.filter((m) => m.kind === 'key')).toHaveLength(3);
    expect(misses.filter((m) => m.kind === 'param')).toHaveLength(3);
  });
});
