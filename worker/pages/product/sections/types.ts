import type { Section, SectionKind } from '../../../../content/schema/product';
import type { ProductView } from '../view';

/** What every section component receives: its section data and the page view. */
export interface SectionProps<K extends SectionKind> {
  section: Extract<Section, { kind: K }>;
  view: ProductView;
}
