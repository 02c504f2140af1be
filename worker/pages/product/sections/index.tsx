import type { ReactElement } from 'react';
import type { Section, SectionKind } from '../../../../content/schema/product';
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
import type { SectionProps } from './types';
import { Video } from './video';
import { Voice } from './voice';

/** The component of each kind of section. */
const SECTIONS: { [K in SectionKind]: (props: SectionProps<K>) => ReactElement | null } = {
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

/** Renders one section with the component of its kind. */
export function renderSection(section: Section, view: ProductView, key: number): ReactElement | null {
  const Component = SECTIONS[section.kind] as (props: SectionProps<SectionKind>) => ReactElement | null;
  return <Component key={key} section={section as never} view={view} />;
}
