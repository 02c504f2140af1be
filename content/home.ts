import type { ProductKey } from './schema/catalogue';

/** A product tile on a home page; shown where its page exists and its window is open. */
export interface HomeTile {
  /** Product key, or a campaign key; names the copy (`home.sectionN.tiles.{key}`) and image. */
  key: ProductKey | 'backToSchool';
  /** Edition-relative link. */
  link: string;
  /** Whether the tile carries a buy button (when the edition has an offer). */
  showBuy: boolean;
  /** Schedule id of the tile's window. */
  id?: string;
}

/** Section 1: the flagship robots. */
export const SECTION1: HomeTile[] = [
  { key: 'flagshipBumblebee', link: '/flagship-bumblebee', showBuy: true },
  { key: 'flagshipMegatron', link: '/flagship-megatron', showBuy: true },
  { key: 'grimlockG1Flagship', link: '/grimlock-g1-flagship', showBuy: true },
  { key: 'flagshipOptimusPrime', link: '/flagship-optimus-prime', showBuy: true },
  { key: 'toyStoryBuzzLightyear', link: '/toy-story-buzz-lightyear', showBuy: true },
];

/** Section 2: more robots, and the US back-to-school sale tile (stages 1 and 2). */
export const SECTION2: HomeTile[] = [
  { key: 'backToSchool', link: '/back-to-school', showBuy: false, id: 'home:back-to-school' },
  { key: 'eliteOptimusPrime', link: '/elite-optimus-prime', showBuy: true },
  { key: 'k1ProInterstellarScout', link: '/k1-pro-interstellar-scout', showBuy: true },
  { key: 'aiBase', link: '/ai-base', showBuy: true },
  { key: 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition', link: '/optimus-prime-rise-of-the-beasts-signature-limited-edition', showBuy: false },
];

/** The media-praise list (keys into `home.praise.items`). */
export const PRAISE = ['collectors', 'tech', 'families'] as const;
