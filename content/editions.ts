/**
 * The one table of editions. Every other list of regions, locales, currencies and
 * scopes derives from it (see docs/decisions/0001-editions-and-routing.md).
 */

/** The regions served under a path prefix on the global host. */
export const GLOBAL_REGIONS = ['us', 'uk', 'eu', 'fr', 'de', 'kr', 'jp'] as const;

/** Every region, the China edition included. */
export const REGIONS = [...GLOBAL_REGIONS, 'cn'] as const;

export type GlobalRegion = (typeof GLOBAL_REGIONS)[number];
export type Region = (typeof REGIONS)[number];

export const LOCALES = ['en-US', 'en-GB', 'en-EU', 'fr-FR', 'de-DE', 'ko-KR', 'ja-JP', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export type ApiGroup = 'us' | 'eu' | 'cn';

export interface Edition {
  /** Region code: the first path segment on the global host. */
  region: Region;
  /** Language-region code used for messages and Intl. */
  locale: Locale;
  /** Value of `<html lang>`. */
  htmlLang: string;
  /** Value of `hreflang` on alternate links. */
  hreflang: string;
  /** Open Graph locale (`language_TERRITORY`); the EU's English edition, which has no territory, is `en_IE`. */
  ogLocale: string;
  /** ISO 4217 currency of the edition's prices. */
  currency: 'USD' | 'GBP' | 'EUR' | 'KRW' | 'JPY' | 'CNY';
  /** Locale whose messages this one overrides, if any. */
  baseLocale?: Locale;
  /** Which regional API answers this edition's calls. */
  apiGroup: ApiGroup;
  /**
   * Path the browser storage of this edition is scoped to (docs/spec/platform.md §4: us, kr and jp
   * keep theirs under /us; uk, eu, fr and de under /eu; the China host under /cn): its API
   * group's, whose API issued the session kept there. Derived below, never written.
   */
  storageScope: `/${ApiGroup}`;
  /** The edition's own name, in its own language, as the region chooser shows it. */
  label: string;
  /** Time zone used to show dates to this edition's visitors. */
  timeZone: string;
}

/** Each edition as written: everything but what follows from the rest. */
const TABLE: Record<Region, Omit<Edition, 'storageScope'>> = {
  us: {
    region: 'us',
    locale: 'en-US',
    htmlLang: 'en-US',
    hreflang: 'en-us',
    ogLocale: 'en_US',
    currency: 'USD',
    apiGroup: 'us',
    label: 'United States - English',
    timeZone: 'America/New_York',
  },
  uk: {
    region: 'uk',
    locale: 'en-GB',
    htmlLang: 'en-GB',
    hreflang: 'en-gb',
    ogLocale: 'en_GB',
    currency: 'GBP',
    baseLocale: 'en-US',
    apiGroup: 'eu',
    label: 'United Kingdom - English',
    timeZone: 'Europe/London',
  },
  eu: {
    region: 'eu',
    locale: 'en-EU',
    htmlLang: 'en',
    hreflang: 'en',
    ogLocale: 'en_IE',
    currency: 'EUR',
    baseLocale: 'en-US',
    apiGroup: 'eu',
    label: 'Europe - English',
    timeZone: 'Europe/Berlin',
  },
  fr: {
    region: 'fr',
    locale: 'fr-FR',
    htmlLang: 'fr-FR',
    hreflang: 'fr-fr',
    ogLocale: 'fr_FR',
    currency: 'EUR',
    apiGroup: 'eu',
    label: 'France - Français',
    timeZone: 'Europe/Paris',
  },
  de: {
    region: 'de',
    locale: 'de-DE',
    htmlLang: 'de-DE',
    hreflang: 'de-de',
    ogLocale: 'de_DE',
    currency: 'EUR',
    apiGroup: 'eu',
    label: 'Deutschland - Deutsch',
    timeZone: 'Europe/Berlin',
  },
  kr: {
    region: 'kr',
    locale: 'ko-KR',
    htmlLang: 'ko-KR',
    hreflang: 'ko-kr',
    ogLocale: 'ko_KR',
    currency: 'KRW',
    apiGroup: 'us',
    label: '대한민국 - 한국어',
    timeZone: 'Asia/Seoul',
  },
  jp: {
    region: 'jp',
    locale: 'ja-JP',
    htmlLang: 'ja-JP',
    hreflang: 'ja-jp',
    ogLocale: 'ja_JP',
    currency: 'JPY',
    apiGroup: 'us',
    label: '日本 - 日本語',
    timeZone: 'Asia/Tokyo',
  },
  cn: {
    region: 'cn',
    locale: 'zh-CN',
    htmlLang: 'zh-CN',
    hreflang: 'zh-cn',
    ogLocale: 'zh_CN',
    currency: 'CNY',
    apiGroup: 'cn',
    label: '中国大陆 - 简体中文',
    timeZone: 'Asia/Shanghai',
  },
};

/** Every edition, by region: the table, with each edition's storage scope its API group's. */
export const EDITIONS = Object.fromEntries(
  Object.entries(TABLE).map(([region, edition]) => [region, { ...edition, storageScope: `/${edition.apiGroup}` }]),
) as Record<Region, Edition>;

/** The region used when nothing else decides. */
export const DEFAULT_REGION: GlobalRegion = 'us';

/** Labels of the us edition by visitor country (docs/spec/platform.md §3, region store). */
export const US_COUNTRY_LABELS = { CA: 'Canada - English', other: 'Other Regions - English' } as const;

export function isGlobalRegion(value: string | undefined): value is GlobalRegion {
  return value !== undefined && (GLOBAL_REGIONS as readonly string[]).includes(value);
}

export function isRegion(value: string | undefined): value is Region {
  return value !== undefined && (REGIONS as readonly string[]).includes(value);
}
