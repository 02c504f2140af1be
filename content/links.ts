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

/** A store policy page (warranty, shipping and returns live at the store). */
export function storePolicyUrl(region: Region, policy: 'warranty' | 'shipping' | 'returns'): string {
  return `${SHOPS[region]}/policies/${policy}`;
}

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
