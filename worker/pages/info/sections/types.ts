import type { InfoSection, InfoSectionKind } from '../../../../content/schema/support';
import type { InfoView } from '../view';

/** What every section component receives: its section data and the page view. */
export interface SectionProps<K extends InfoSectionKind> {
  section: Extract<InfoSection, { kind: K }>;
  view: InfoView;
}
