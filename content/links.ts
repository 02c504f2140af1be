import type { Region } from './editions';

/**
 * External hosts the site links out to, in one place. A link to any other host is a bug
 * (the quality gates check it). The brand's real store hosts replace these at launch.
 */
export const SHOPS: Record<Region, string> = {
  us: 'https://us.shop.robolux.com',
  uk: 'https://uk.shop.robolux.com',
  eu: 'https://eu.shop.robolux.com',
  fr: 'https://fr.shop.robolux.com',
  de: 'https://de.shop.robolux.com',
  jp: 'https://jp.shop.robolux.com',
  kr: 'https://www.robolux-korea.co.kr',
  cn: 'https://robolux.tmall.com',
};

/** The content sharing hub and the creation studio (home page, software ecosystem). */
export const ECOSYSTEM = {
  hub: 'https://hub.robolux.com',
  studio: 'https://studio.robolux.com',
} as const;

/** Social media profiles. */
export const SOCIAL = {
  youtube: 'https://www.youtube.com/@robolux',
  instagram: 'https://www.instagram.com/robolux',
  facebook: 'https://www.facebook.com/robolux',
  x: 'https://x.com/robolux',
} as const;

/** A product page at a regional store. */
export function storeProductUrl(region: Region, handle: string): string {
  return `${SHOPS[region]}/products/${handle}`;
}

/**
 * A store policy page: warranty, shipping and returns, and the terms of sale and the right of
 * withdrawal (AGB, Widerrufsbelehrung, CGV) the European editions link to, live at the store.
 */
export function storePolicyUrl(region: Region, policy: 'warranty' | 'shipping' | 'returns' | 'terms' | 'withdrawal'): string {
  return `${SHOPS[region]}/policies/${policy}`;
}

/**
 * The filing systems the China edition's footer links its numbers to, as the regulations ask
 * (docs/decisions/0056): the MIIT's ICP filing system, the Ministry of Public Security's.
 */
export const BEIAN = {
  icp: 'https://beian.miit.gov.cn/',
  psb: 'https://beian.mps.gov.cn/#/query/webSearch',
} as const;

/** The public-security filing's record in the Ministry's system, by the number's digits. */
export const psbRecordUrl = (number: string): string => `${BEIAN.psb}?code=${number.replace(/\D/g, '')}`;

/** The Korean Fair Trade Commission's page on a mail-order business (사업자정보확인), by its registration number. */
export const ftcBusinessUrl = (number: string): string => `https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${number.replace(/\D/g, '')}`;

/**
 * The mobile app and the desktop programming software (download center). The brand's own
 * hosts, so ops point them at the app stores and installers without a deploy.
 */
export const APPS = {
  ios: 'https://app.robolux.com/ios',
  android: 'https://app.robolux.com/android',
  windows: 'https://download.robolux.com/studio/windows',
  macos: 'https://download.robolux.com/studio/macos',
} as const;
