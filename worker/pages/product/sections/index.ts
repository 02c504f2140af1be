import type { Section } from '../../../../content/schema/product';
import type { SectionComponents } from '../../parts/sections';
import type { ProductView } from '../view';
import { Box } from './box';
import { Cards } from './cards';
import { Chart } from './chart';
import { Compare } from './compare';
import { CompareCards } from './compare-cards';
import { Cta } from './cta';
import { Faq } from './faq';
import { Feature } from './feature';
import { Gallery } from './gallery';
import { Hero } from './hero';
import { PriceSection } from './price';
import { Specs } from './specs';
import { Subscribe } from './subscribe';
import { Terms } from './terms';
import { Timeline } from './timeline';
import { Video } from './video';
import { Voice } from './voice';

/** The component of each kind of section. */
export const PRODUCT_SECTIONS: SectionComponents<Section, ProductView> = {
  hero: Hero,
  feature: Feature,
  cards: Cards,
  video: Video,
  specs: Specs,
  compare: Compare,
  compareCards: CompareCards,
  chart: Chart,
  timeline: Timeline,
  price: PriceSection,
  terms: Terms,
  box: Box,
  voice: Voice,
  faq: Faq,
  subscribe: Subscribe,
  cta: Cta,
  gallery: Gallery,
};
