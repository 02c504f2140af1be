import type { Section, SectionKind } from '../../../../content/schema/product';
import type { SectionProps as Props } from '../../parts/sections';
import type { ProductView } from '../view';

/** What every section component receives: its section data and the page view. */
export type SectionProps<K extends SectionKind> = Props<Section, K, ProductView>;
