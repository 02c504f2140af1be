import rosetta from 'rosetta';
import type { Locale } from '../content/editions';

import enUSCommon from './en-US/common.json';
import enUSHead from './en-US/head.json';
import enUSHome from './en-US/home.json';
import enUSFlagshipBumblebee from './en-US/flagship-bumblebee.json';
import enUSPopup from './en-US/popup.json';
import enGBCommon from './en-GB/common.json';
import enEUCommon from './en-EU/common.json';
import frCommon from './fr-FR/common.json';
import frHead from './fr-FR/head.json';
import frHome from './fr-FR/home.json';
import frFlagshipBumblebee from './fr-FR/flagship-bumblebee.json';
import deCommon from './de-DE/common.json';
import deHead from './de-DE/head.json';
import deHome from './de-DE/home.json';
import deFlagshipBumblebee from './de-DE/flagship-bumblebee.json';
import koCommon from './ko-KR/common.json';
import koHead from './ko-KR/head.json';
import koHome from './ko-KR/home.json';
import koFlagshipBumblebee from './ko-KR/flagship-bumblebee.json';
import jaCommon from './ja-JP/common.json';
import jaHead from './ja-JP/head.json';
import jaHome from './ja-JP/home.json';
import jaFlagshipBumblebee from './ja-JP/flagship-bumblebee.json';
import zhCommon from './zh-CN/common.json';
import zhHead from './zh-CN/head.json';
import zhHome from './zh-CN/home.json';
import zhFlagshipBumblebee from './zh-CN/flagship-bumblebee.json';

/** A namespace of messages: nested objects of strings (and lists of strings). */
export type Messages = { [key: string]: string | string[] | Messages };

/** The namespaces, one per page type plus `common` and `head`; every locale has them all. */
export const NAMESPACES = ['common', 'head', 'home', 'flagship-bumblebee'] as const;
/** Namespaces only some editions have: the US new-user popup. */
export const REGIONAL_NAMESPACES = ['popup'] as const;
export type Namespace = (typeof NAMESPACES)[number] | (typeof REGIONAL_NAMESPACES)[number];

type Dictionary = Partial<Record<Namespace, Messages>>;

/**
 * Every locale's own messages. en-GB and en-EU hold only their differences from en-US;
 * `mergedMessages` fills in the rest.
 */
export const LOCALE_MESSAGES: Record<Locale, Dictionary> = {
  'en-US': { common: enUSCommon, head: enUSHead, home: enUSHome, 'flagship-bumblebee': enUSFlagshipBumblebee, popup: enUSPopup },
  'en-GB': { common: enGBCommon },
  'en-EU': { common: enEUCommon },
  'fr-FR': { common: frCommon, head: frHead, home: frHome, 'flagship-bumblebee': frFlagshipBumblebee },
  'de-DE': { common: deCommon, head: deHead, home: deHome, 'flagship-bumblebee': deFlagshipBumblebee },
  'ko-KR': { common: koCommon, head: koHead, home: koHome, 'flagship-bumblebee': koFlagshipBumblebee },
  'ja-JP': { common: jaCommon, head: jaHead, home: jaHome, 'flagship-bumblebee': jaFlagshipBumblebee },
  'zh-CN': { common: zhCommon, head: zhHead, home: zhHome, 'flagship-bumblebee': zhFlagshipBumblebee },
};

function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `over` onto `base`; lists and strings replace. */
function mergeMessages(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) ? mergeMessages(prev, value) : value;
  }
  return out;
}

/** A locale's complete messages: its base locale's, overridden by its own. */
export function mergedMessages(locale: Locale, base?: Locale): Messages {
  const own = LOCALE_MESSAGES[locale] as Messages;
  return base ? mergeMessages(LOCALE_MESSAGES[base] as Messages, own) : own;
}

/** Messages as functions: `t` for strings ('' when missing), `list` for lists of strings. */
export interface Translator {
  /** Translates a key (`namespace.path`); '' when missing (platform spec §8). */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** A list of strings from the messages; [] when missing. */
  list: (key: string) => string[];
}

/** A bundle's messages as a Translator. */
export function createTranslator(bundle: { locale: Locale; messages: object }): Translator {
  const i18n = rosetta({ [bundle.locale]: bundle.messages });
  i18n.locale(bundle.locale);
  return {
    t: (key, params) => {
      const value: unknown = i18n.t(key, params);
      return typeof value === 'string' ? value : '';
    },
    list: (key) => {
      const value: unknown = i18n.t(key);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    },
  };
}
