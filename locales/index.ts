import rosetta from 'rosetta';
import type { Locale } from '../content/editions';

import enUSAccount from './en-US/account.json';
import enUSCommon from './en-US/common.json';
import enUSHead from './en-US/head.json';
import enUSHome from './en-US/home.json';
import enUSFlagshipBumblebee from './en-US/flagship-bumblebee.json';
import enUSPopup from './en-US/popup.json';
import enUSForms from './en-US/forms.json';
import enUSFaq from './en-US/faq.json';
import frForms from './fr-FR/forms.json';
import deForms from './de-DE/forms.json';
import enUSProduct from './en-US/product.json';
import enUSFlagshipMegatron from './en-US/flagship-megatron.json';
import enUSFlagshipOptimusPrime from './en-US/flagship-optimus-prime.json';
import enUSEliteOptimusPrime from './en-US/elite-optimus-prime.json';
import enUSGrimlockG1Flagship from './en-US/grimlock-g1-flagship.json';
import enUSK1ProInterstellarScout from './en-US/k1-pro-interstellar-scout.json';
import enUSToyStoryBuzzLightyear from './en-US/toy-story-buzz-lightyear.json';
import enUSBuzzLightyearSpaceRangerAlpha from './en-US/buzz-lightyear-space-ranger-alpha.json';
import enUSBumblebeeG1Performance from './en-US/bumblebee-g1-performance.json';
import enUSAiBase from './en-US/ai-base.json';
import enUSOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition from './en-US/optimus-prime-rise-of-the-beasts-signature-limited-edition.json';
import frProduct from './fr-FR/product.json';
import frFlagshipMegatron from './fr-FR/flagship-megatron.json';
import frFlagshipOptimusPrime from './fr-FR/flagship-optimus-prime.json';
import frEliteOptimusPrime from './fr-FR/elite-optimus-prime.json';
import frGrimlockG1Flagship from './fr-FR/grimlock-g1-flagship.json';
import frK1ProInterstellarScout from './fr-FR/k1-pro-interstellar-scout.json';
import frToyStoryBuzzLightyear from './fr-FR/toy-story-buzz-lightyear.json';
import frBuzzLightyearSpaceRangerAlpha from './fr-FR/buzz-lightyear-space-ranger-alpha.json';
import frBumblebeeG1Performance from './fr-FR/bumblebee-g1-performance.json';
import frAiBase from './fr-FR/ai-base.json';
import frOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition from './fr-FR/optimus-prime-rise-of-the-beasts-signature-limited-edition.json';
import deProduct from './de-DE/product.json';
import deFlagshipMegatron from './de-DE/flagship-megatron.json';
import deFlagshipOptimusPrime from './de-DE/flagship-optimus-prime.json';
import deEliteOptimusPrime from './de-DE/elite-optimus-prime.json';
import deGrimlockG1Flagship from './de-DE/grimlock-g1-flagship.json';
import deK1ProInterstellarScout from './de-DE/k1-pro-interstellar-scout.json';
import deToyStoryBuzzLightyear from './de-DE/toy-story-buzz-lightyear.json';
import deBuzzLightyearSpaceRangerAlpha from './de-DE/buzz-lightyear-space-ranger-alpha.json';
import deBumblebeeG1Performance from './de-DE/bumblebee-g1-performance.json';
import deAiBase from './de-DE/ai-base.json';
import deOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition from './de-DE/optimus-prime-rise-of-the-beasts-signature-limited-edition.json';
import koProduct from './ko-KR/product.json';
import koFlagshipMegatron from './ko-KR/flagship-megatron.json';
import koFlagshipOptimusPrime from './ko-KR/flagship-optimus-prime.json';
import koEliteOptimusPrime from './ko-KR/elite-optimus-prime.json';
import koGrimlockG1Flagship from './ko-KR/grimlock-g1-flagship.json';
import koK1ProInterstellarScout from './ko-KR/k1-pro-interstellar-scout.json';
import koToyStoryBuzzLightyear from './ko-KR/toy-story-buzz-lightyear.json';
import koBuzzLightyearSpaceRangerAlpha from './ko-KR/buzz-lightyear-space-ranger-alpha.json';
import koBumblebeeG1Performance from './ko-KR/bumblebee-g1-performance.json';
import koAiBase from './ko-KR/ai-base.json';
import koOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition from './ko-KR/optimus-prime-rise-of-the-beasts-signature-limited-edition.json';
import jaProduct from './ja-JP/product.json';
import jaFlagshipMegatron from './ja-JP/flagship-megatron.json';
import jaFlagshipOptimusPrime from './ja-JP/flagship-optimus-prime.json';
import jaEliteOptimusPrime from './ja-JP/elite-optimus-prime.json';
import jaGrimlockG1Flagship from './ja-JP/grimlock-g1-flagship.json';
import jaK1ProInterstellarScout from './ja-JP/k1-pro-interstellar-scout.json';
import jaToyStoryBuzzLightyear from './ja-JP/toy-story-buzz-lightyear.json';
import jaBuzzLightyearSpaceRangerAlpha from './ja-JP/buzz-lightyear-space-ranger-alpha.json';
import jaBumblebeeG1Performance from './ja-JP/bumblebee-g1-performance.json';
import jaAiBase from './ja-JP/ai-base.json';
import jaOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition from './ja-JP/optimus-prime-rise-of-the-beasts-signature-limited-edition.json';
import zhProduct from './zh-CN/product.json';
import zhFlagshipMegatron from './zh-CN/flagship-megatron.json';
import zhFlagshipOptimusPrime from './zh-CN/flagship-optimus-prime.json';
import zhEliteOptimusPrime from './zh-CN/elite-optimus-prime.json';
import zhGrimlockG1Flagship from './zh-CN/grimlock-g1-flagship.json';
import zhK1ProInterstellarScout from './zh-CN/k1-pro-interstellar-scout.json';
import zhToyStoryBuzzLightyear from './zh-CN/toy-story-buzz-lightyear.json';
import zhBuzzLightyearSpaceRangerAlpha from './zh-CN/buzz-lightyear-space-ranger-alpha.json';
import zhBumblebeeG1Performance from './zh-CN/bumblebee-g1-performance.json';
import zhAiBase from './zh-CN/ai-base.json';
import zhOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition from './zh-CN/optimus-prime-rise-of-the-beasts-signature-limited-edition.json';
import enGBAccount from './en-GB/account.json';
import enGBCommon from './en-GB/common.json';
import enEUAccount from './en-EU/account.json';
import enEUCommon from './en-EU/common.json';
import frAccount from './fr-FR/account.json';
import frCommon from './fr-FR/common.json';
import frHead from './fr-FR/head.json';
import frHome from './fr-FR/home.json';
import frFlagshipBumblebee from './fr-FR/flagship-bumblebee.json';
import deAccount from './de-DE/account.json';
import deCommon from './de-DE/common.json';
import deHead from './de-DE/head.json';
import deHome from './de-DE/home.json';
import deFlagshipBumblebee from './de-DE/flagship-bumblebee.json';
import koAccount from './ko-KR/account.json';
import koCommon from './ko-KR/common.json';
import koHead from './ko-KR/head.json';
import koHome from './ko-KR/home.json';
import koFlagshipBumblebee from './ko-KR/flagship-bumblebee.json';
import jaAccount from './ja-JP/account.json';
import jaCommon from './ja-JP/common.json';
import jaHead from './ja-JP/head.json';
import jaHome from './ja-JP/home.json';
import jaFlagshipBumblebee from './ja-JP/flagship-bumblebee.json';
import zhAccount from './zh-CN/account.json';
import zhCommon from './zh-CN/common.json';
import zhHead from './zh-CN/head.json';
import zhHome from './zh-CN/home.json';
import zhFlagshipBumblebee from './zh-CN/flagship-bumblebee.json';
import enUSSupport from './en-US/support.json';
import enUSInfo from './en-US/info.json';
import enUSNews from './en-US/news.json';
import frSupport from './fr-FR/support.json';
import frInfo from './fr-FR/info.json';
import frNews from './fr-FR/news.json';
import deSupport from './de-DE/support.json';
import deInfo from './de-DE/info.json';
import deNews from './de-DE/news.json';
import koSupport from './ko-KR/support.json';
import koInfo from './ko-KR/info.json';
import koNews from './ko-KR/news.json';
import jaSupport from './ja-JP/support.json';
import jaInfo from './ja-JP/info.json';
import jaNews from './ja-JP/news.json';
import zhSupport from './zh-CN/support.json';
import zhInfo from './zh-CN/info.json';
import zhNews from './zh-CN/news.json';
import enUSInfoLegal from './en-US/info-legal.json';
import koSupportService from './ko-KR/support-service.json';
import jaSupportService from './ja-JP/support-service.json';
import zhSupportService from './zh-CN/support-service.json';
import enGBSupport from './en-GB/support.json';
import enGBNews from './en-GB/news.json';
import enEUSupport from './en-EU/support.json';
import enEUNews from './en-EU/news.json';
import enUSCampaign from './en-US/campaign.json';
import enUSBlackFriday from './en-US/black-friday.json';
import enUSChristmasSale from './en-US/christmas-sale.json';
import enUSBackToSchool from './en-US/back-to-school.json';
import enGBCampaign from './en-GB/campaign.json';
import enEUCampaign from './en-EU/campaign.json';
import frCampaign from './fr-FR/campaign.json';
import frBlackFriday from './fr-FR/black-friday.json';
import frChristmasSale from './fr-FR/christmas-sale.json';
import deCampaign from './de-DE/campaign.json';
import deBlackFriday from './de-DE/black-friday.json';
import deChristmasSale from './de-DE/christmas-sale.json';
import enUSLuckyDraw from './en-US/lucky-draw.json';
import enGBLuckyDraw from './en-GB/lucky-draw.json';
import enEULuckyDraw from './en-EU/lucky-draw.json';
import frLuckyDraw from './fr-FR/lucky-draw.json';
import deLuckyDraw from './de-DE/lucky-draw.json';

/** A namespace of messages: nested objects of strings (and lists of strings). */
export type Messages = { [key: string]: string | string[] | Messages };

/**
 * The namespaces: `common`, `head`, `home`, `product` (what every product page shares: spec
 * labels, units, dates, price words) and one per product page. Every locale has them all.
 */
export const NAMESPACES = [
  'common',
  'head',
  'home',
  'product',
  'flagship-bumblebee',
  'flagship-megatron',
  'flagship-optimus-prime',
  'elite-optimus-prime',
  'grimlock-g1-flagship',
  'k1-pro-interstellar-scout',
  'toy-story-buzz-lightyear',
  'buzz-lightyear-space-ranger-alpha',
  'bumblebee-g1-performance',
  'ai-base',
  'optimus-prime-rise-of-the-beasts-signature-limited-edition',
  // Support and information pages (content/support/pages.ts).
  'support',
  'info',
  'news',
  // The log-in and account pages and the session's messages (every edition).
  'account',
] as const;
/**
 * Namespaces only some editions have: the US new-user popup; the US policies (`info-legal`);
 * after-sales and warranty copy of the kr, jp and cn editions (`support-service`); the
 * campaign pages' copy (`campaign` shared, one per campaign) and the lucky draw for the
 * editions that run them (us, uk, eu, fr, de); the support forms (en-US, fr-FR, de-DE, with
 * en-GB and en-EU reading en-US's); the US FAQ.
 */
type RegionalNamespace =
  'popup' | 'info-legal' | 'support-service' | 'campaign' | 'black-friday' | 'christmas-sale' | 'back-to-school' | 'lucky-draw' | 'forms' | 'faq';
type Namespace = (typeof NAMESPACES)[number] | RegionalNamespace;

type Dictionary = Partial<Record<Namespace, Messages>>;

/**
 * Every locale's own messages. en-GB and en-EU hold only their differences from en-US;
 * `mergedMessages` fills in the rest.
 */
export const LOCALE_MESSAGES: Record<Locale, Dictionary> = {
  'en-US': {
    common: enUSCommon,
    account: enUSAccount,
    head: enUSHead,
    home: enUSHome,
    'flagship-bumblebee': enUSFlagshipBumblebee,
    product: enUSProduct,
    'flagship-megatron': enUSFlagshipMegatron,
    'flagship-optimus-prime': enUSFlagshipOptimusPrime,
    'elite-optimus-prime': enUSEliteOptimusPrime,
    'grimlock-g1-flagship': enUSGrimlockG1Flagship,
    'k1-pro-interstellar-scout': enUSK1ProInterstellarScout,
    'toy-story-buzz-lightyear': enUSToyStoryBuzzLightyear,
    'buzz-lightyear-space-ranger-alpha': enUSBuzzLightyearSpaceRangerAlpha,
    'bumblebee-g1-performance': enUSBumblebeeG1Performance,
    'ai-base': enUSAiBase,
    'optimus-prime-rise-of-the-beasts-signature-limited-edition': enUSOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition,
    support: enUSSupport,
    info: enUSInfo,
    news: enUSNews,
    'info-legal': enUSInfoLegal,
    popup: enUSPopup,
    campaign: enUSCampaign,
    'black-friday': enUSBlackFriday,
    'christmas-sale': enUSChristmasSale,
    'back-to-school': enUSBackToSchool,
    'lucky-draw': enUSLuckyDraw,
    forms: enUSForms,
    faq: enUSFaq,
  },
  'en-GB': { common: enGBCommon, support: enGBSupport, news: enGBNews, campaign: enGBCampaign, 'lucky-draw': enGBLuckyDraw, account: enGBAccount },
  'en-EU': { common: enEUCommon, support: enEUSupport, news: enEUNews, campaign: enEUCampaign, 'lucky-draw': enEULuckyDraw, account: enEUAccount },
  'fr-FR': {
    common: frCommon,
    account: frAccount,
    head: frHead,
    home: frHome,
    'flagship-bumblebee': frFlagshipBumblebee,
    product: frProduct,
    'flagship-megatron': frFlagshipMegatron,
    'flagship-optimus-prime': frFlagshipOptimusPrime,
    'elite-optimus-prime': frEliteOptimusPrime,
    'grimlock-g1-flagship': frGrimlockG1Flagship,
    'k1-pro-interstellar-scout': frK1ProInterstellarScout,
    'toy-story-buzz-lightyear': frToyStoryBuzzLightyear,
    'buzz-lightyear-space-ranger-alpha': frBuzzLightyearSpaceRangerAlpha,
    'bumblebee-g1-performance': frBumblebeeG1Performance,
    'ai-base': frAiBase,
    'optimus-prime-rise-of-the-beasts-signature-limited-edition': frOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition,
    support: frSupport,
    info: frInfo,
    news: frNews,
    campaign: frCampaign,
    'black-friday': frBlackFriday,
    'christmas-sale': frChristmasSale,
    'lucky-draw': frLuckyDraw,
    forms: frForms,
  },
  'de-DE': {
    common: deCommon,
    account: deAccount,
    head: deHead,
    home: deHome,
    'flagship-bumblebee': deFlagshipBumblebee,
    product: deProduct,
    'flagship-megatron': deFlagshipMegatron,
    'flagship-optimus-prime': deFlagshipOptimusPrime,
    'elite-optimus-prime': deEliteOptimusPrime,
    'grimlock-g1-flagship': deGrimlockG1Flagship,
    'k1-pro-interstellar-scout': deK1ProInterstellarScout,
    'toy-story-buzz-lightyear': deToyStoryBuzzLightyear,
    'buzz-lightyear-space-ranger-alpha': deBuzzLightyearSpaceRangerAlpha,
    'bumblebee-g1-performance': deBumblebeeG1Performance,
    'ai-base': deAiBase,
    'optimus-prime-rise-of-the-beasts-signature-limited-edition': deOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition,
    support: deSupport,
    info: deInfo,
    news: deNews,
    campaign: deCampaign,
    'black-friday': deBlackFriday,
    'christmas-sale': deChristmasSale,
    'lucky-draw': deLuckyDraw,
    forms: deForms,
  },
  'ko-KR': {
    common: koCommon,
    account: koAccount,
    head: koHead,
    home: koHome,
    'flagship-bumblebee': koFlagshipBumblebee,
    product: koProduct,
    'flagship-megatron': koFlagshipMegatron,
    'flagship-optimus-prime': koFlagshipOptimusPrime,
    'elite-optimus-prime': koEliteOptimusPrime,
    'grimlock-g1-flagship': koGrimlockG1Flagship,
    'k1-pro-interstellar-scout': koK1ProInterstellarScout,
    'toy-story-buzz-lightyear': koToyStoryBuzzLightyear,
    'buzz-lightyear-space-ranger-alpha': koBuzzLightyearSpaceRangerAlpha,
    'bumblebee-g1-performance': koBumblebeeG1Performance,
    'ai-base': koAiBase,
    'optimus-prime-rise-of-the-beasts-signature-limited-edition': koOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition,
    support: koSupport,
    info: koInfo,
    news: koNews,
    'support-service': koSupportService,
  },
  'ja-JP': {
    common: jaCommon,
    account: jaAccount,
    head: jaHead,
    home: jaHome,
    'flagship-bumblebee': jaFlagshipBumblebee,
    product: jaProduct,
    'flagship-megatron': jaFlagshipMegatron,
    'flagship-optimus-prime': jaFlagshipOptimusPrime,
    'elite-optimus-prime': jaEliteOptimusPrime,
    'grimlock-g1-flagship': jaGrimlockG1Flagship,
    'k1-pro-interstellar-scout': jaK1ProInterstellarScout,
    'toy-story-buzz-lightyear': jaToyStoryBuzzLightyear,
    'buzz-lightyear-space-ranger-alpha': jaBuzzLightyearSpaceRangerAlpha,
    'bumblebee-g1-performance': jaBumblebeeG1Performance,
    'ai-base': jaAiBase,
    'optimus-prime-rise-of-the-beasts-signature-limited-edition': jaOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition,
    support: jaSupport,
    info: jaInfo,
    news: jaNews,
    'support-service': jaSupportService,
  },
  'zh-CN': {
    common: zhCommon,
    account: zhAccount,
    head: zhHead,
    home: zhHome,
    'flagship-bumblebee': zhFlagshipBumblebee,
    product: zhProduct,
    'flagship-megatron': zhFlagshipMegatron,
    'flagship-optimus-prime': zhFlagshipOptimusPrime,
    'elite-optimus-prime': zhEliteOptimusPrime,
    'grimlock-g1-flagship': zhGrimlockG1Flagship,
    'k1-pro-interstellar-scout': zhK1ProInterstellarScout,
    'toy-story-buzz-lightyear': zhToyStoryBuzzLightyear,
    'buzz-lightyear-space-ranger-alpha': zhBuzzLightyearSpaceRangerAlpha,
    'bumblebee-g1-performance': zhBumblebeeG1Performance,
    'ai-base': zhAiBase,
    'optimus-prime-rise-of-the-beasts-signature-limited-edition': zhOptimusPrimeRiseOfTheBeastsSignatureLimitedEdition,
    support: zhSupport,
    info: zhInfo,
    news: zhNews,
    'support-service': zhSupportService,
  },
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
  /** Translates a key (`namespace.path`); '' when missing (docs/spec/platform.md §8). */
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
