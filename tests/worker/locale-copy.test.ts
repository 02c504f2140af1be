import { describe, expect, it } from 'vitest';
import { EDITIONS } from '../../content/editions';
import { PAGES } from '../../content/pages';
import { PRODUCT_PAGES } from '../../content/products';
import { LOCALE_MESSAGES, type Messages } from '../../locales';
import { spacingRule } from '../../kernel/spacing';

// The locale files read as one native copywriter wrote each language
// (docs/decisions/0032-native-copy-and-manuals.md): one name per product, one register, the
// spacing rule's own output, plural forms for every counted unit.

const LOCALES = ['en-US', 'fr-FR', 'de-DE', 'ja-JP', 'ko-KR', 'zh-CN'] as const;
type Locale = (typeof LOCALES)[number];

/** Every string of a locale, by its full key (`namespace.path`, list items numbered). */
function strings(locale: Locale): [string, string][] {
  const out: [string, string][] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') out.push([key, value]);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${key}.${i}`));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(LOCALE_MESSAGES[locale], '');
  return out;
}

/**
 * Product pages no edition of the locale shows (a US-only robot in French) hold the English
 * copy as a placeholder every locale must have; their words are not the locale's.
 */
function unshown(locale: Locale): Set<string> {
  const shown = (slug: string) => PAGES.some((p) => p.slug === slug && p.regions.some((r) => EDITIONS[r].locale === locale));
  return new Set(PRODUCT_PAGES.filter((page) => !shown(page.slug)).map((page) => page.namespace));
}

const lookup = (locale: Locale, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Messages)[part] : undefined), LOCALE_MESSAGES[locale]);

/**
 * What a shopper says to the robot (voice-command lists) and what others said (quoted praise):
 * not the brand's voice, so not held to its register.
 */
const quoted = (key: string) => /\.(commands|voice\.k1|voice\.k1Pro)\.\d+$/.test(key) || /^home\.praise\.items\.\w+\.title$/.test(key);
/** Search keywords list the variants people type; they are not copy. */
const keywords = (key: string) => key.endsWith('.keywords');

/** Menu entries naming one product: `common.nav` key → product key. (The K1 entry names the series.) */
const NAV: Record<string, string> = {
  flagshipBumblebee: 'flagshipBumblebee',
  flagshipOptimusPrime: 'flagshipOptimusPrime',
  eliteOptimusPrime: 'eliteOptimusPrime',
  flagshipMegatron: 'flagshipMegatron',
  grimlock: 'grimlockG1Flagship',
  bumblebeeG1: 'bumblebeeG1Performance',
  buzzLightyear: 'toyStoryBuzzLightyear',
  spaceRangerAlpha: 'buzzLightyearSpaceRangerAlpha',
  limitedEdition: 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition',
  aiBase: 'aiBase',
};
/** Manuals named after one product: `support.manuals.items` key → product key. */
const MANUALS: Record<string, string> = {
  flagshipBumblebee: 'flagshipBumblebee',
  flagshipOptimusPrime: 'flagshipOptimusPrime',
  flagshipMegatron: 'flagshipMegatron',
  grimlockG1Flagship: 'grimlockG1Flagship',
  eliteOptimusPrime: 'eliteOptimusPrime',
  aiBase: 'aiBase',
  toyStoryBuzzLightyear: 'toyStoryBuzzLightyear',
  buzzLightyearSpaceRangerAlpha: 'buzzLightyearSpaceRangerAlpha',
  optimusPrimeSignature: 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition',
  bumblebeeG1Performance: 'bumblebeeG1Performance',
};
/** Products named by their series where they are offered together (K1 and K1 Pro). */
const SERIES = new Set(['interstellarScoutK1', 'k1ProInterstellarScout', 'interstellarScoutK1pro']);

/** Second names the copy review found (docs/decisions/0032), none of which may come back. */
const VARIANTS: Record<Locale, string[]> = {
  'en-US': ['Grimlock G1 Flagship', 'Optimus Prime Limited Edition'],
  'fr-FR': ['Robots Flagship', 'Grimlock G1 Flagship', 'Signature Limited Edition', 'Signature Édition limitée', 'Buzz l’Éclair Toy Story'],
  'de-DE': ['Grimlock G1 Flagship', 'Optimus Prime Limited Edition', 'Toy Story Buzz Lightyear'],
  'ja-JP': ['フラッグシップ グリムロック', 'グリムロック G1', 'オプティマスプライム 限定版'],
  'ko-KR': ['플래그십 그림록', '그림록 G1', '옵티머스 프라임 한정판'],
  'zh-CN': ['旗舰级', '太空游骑兵', '太空游侠', '钢索 G1', '擎天柱限量版'],
};

describe('one name per product per language', () => {
  it.each(LOCALES)('%s names each product the same in menus, tiles, forms, campaigns and manuals', (locale) => {
    const names = lookup(locale, 'product.names') as Record<string, string>;
    const named: (readonly [where: string, text: string | undefined, product: string, exact: boolean])[] = [
      ...Object.entries(NAV).map(([nav, p]) => [`common.nav.${nav}`, lookup(locale, `common.nav.${nav}`) as string, p, true] as const),
      ...Object.entries(MANUALS).map(([m, p]) => [`support.manuals.items.${m}`, lookup(locale, `support.manuals.items.${m}`) as string, p, false] as const),
      ...['section1', 'section2'].flatMap((section) =>
        Object.keys(names).map((p) => [`home.${section}.tiles.${p}.title`, lookup(locale, `home.${section}.tiles.${p}.title`) as string | undefined, p, true] as const),
      ),
      ...Object.keys(names).map((p) => [`forms.products.${p}`, lookup(locale, `forms.products.${p}`) as string | undefined, p, true] as const),
      ...Object.keys(names).map((p) => [`campaign.products.${p}.name`, lookup(locale, `campaign.products.${p}.name`) as string | undefined, p, true] as const),
    ];
    let checked = 0;
    for (const [where, text, product, exact] of named) {
      if (text === undefined || SERIES.has(product)) continue;
      const name = names[product]!;
      // A manual's title is the product's name and the kind of document.
      if (exact) expect(text, `${locale} ${where}`).toBe(name);
      else expect(text.startsWith(name), `${locale} ${where}: "${text}" starts with "${name}"`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
  });

  it.each(LOCALES)('%s has none of the second names the review found', (locale) => {
    const placeholders = unshown(locale);
    for (const [key, text] of strings(locale)) {
      if (keywords(key) || placeholders.has(key.split('.')[0]!)) continue;
      for (const variant of VARIANTS[locale]) expect(text.includes(variant), `${locale} ${key}: "${text}" has "${variant}"`).toBe(false);
    }
  });
});

/** Per language, what its register excludes in the brand's own copy. */
const REGISTER: Record<Locale, { rule: string; breaks: RegExp }> = {
  // "You" in English has one form.
  'en-US': { rule: 'one form of you', breaks: /(?!)/ },
  'fr-FR': { rule: 'vous', breaks: /(^|[\s’'(«])(tu|toi|ton|ta|tes|t’)(?=[\s,.!?;:)»]|$)/iu },
  'de-DE': { rule: 'Sie', breaks: /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/iu },
  // Sentences in です/ます: no plain volitional or copula (Google Play's own badge wording aside).
  'ja-JP': { rule: 'です/ます', breaks: /(?<!手に入れ)よう[。！]?$|だ。|である。|(?<![まで])しょう[。！]?$/u },
  // 합니다 for statements, -세요 for requests: no 해요 statements, and no both-forms particles.
  'ko-KR': { rule: '합니다', breaks: /(어요|아요|해요|에요|예요|이죠|거든요)[.!]?$|\((으|이|을|를|은|는|와|과)\)/u },
  // 迷你 is "mini", not "you".
  'zh-CN': { rule: '您', breaks: /(?<!迷)你/u },
};

describe('one register per language', () => {
  it.each(LOCALES)('%s keeps its register in every string but quoted speech', (locale) => {
    const { rule, breaks } = REGISTER[locale];
    for (const [key, text] of strings(locale)) {
      if (quoted(key)) continue;
      expect(breaks.test(text), `${locale} (${rule}) ${key}: "${text}"`).toBe(false);
    }
  });

  it.each(['zh-CN', 'ja-JP'] as const)('%s copy is already spaced by the rule the pages apply', (locale) => {
    const space = spacingRule(locale);
    for (const [key, text] of strings(locale)) expect(space(text), `${locale} ${key}`).toBe(text);
  });
});

const PLURAL_KEYS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const isPlural = (value: unknown): value is Record<string, string> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && 'other' in value && Object.keys(value).every((k) => PLURAL_KEYS.has(k));

/** Every message of a locale written by plural category, by key. */
function pluralKeys(locale: Locale): string[] {
  const out: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (isPlural(value)) out.push(key);
    else if (value && typeof value === 'object' && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
  };
  walk(LOCALE_MESSAGES[locale], '');
  return out;
}

/**
 * The units the site counts with: each reads right for 1 and for many. (Countdown units join
 * this list where the messages write them by plural category: every plural message of any
 * locale is checked in every other below.)
 */
const COUNTED = ['product.units.year', 'product.units.day', 'product.units.unit'];
/** Units a language writes the same for any count: "1-year", "3,000 Stück". */
const INVARIANT: Partial<Record<Locale, string[]>> = { 'en-US': ['product.units.year', 'product.units.day'], 'de-DE': ['product.units.unit'] };

describe('plural forms for every counted unit', () => {
  const counted = [...new Set([...COUNTED, ...LOCALES.flatMap(pluralKeys)])].sort();

  it.each(LOCALES)('%s has the forms its language needs for every counted unit', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const needs = categories.filter((c) => c === 'one' || c === 'other');
    for (const key of counted) {
      const value = lookup(locale, key);
      if (value === undefined) continue; // a message this locale does not have (its editions do not show it)
      if (typeof value === 'string') {
        // One form serves a language without "one" (ja, ko, zh) or a unit it does not inflect.
        expect(needs.length === 1 || INVARIANT[locale]?.includes(key), `${locale} ${key} needs ${needs.join(' and ')}: "${value}"`).toBe(true);
      } else {
        expect(isPlural(value), `${locale} ${key}`).toBe(true);
        for (const category of needs) expect((value as Record<string, string>)[category], `${locale} ${key}.${category}`).toMatch(/\S/);
      }
    }
    for (const key of COUNTED) expect(lookup(locale, key), `${locale} ${key}`).toBeDefined();
  });
});
