import type { InfoSection, InfoSectionKind } from '../../../../content/schema/support';
import type { SectionProps as Props } from '../../parts/sections';
import type { InfoView } from '../view';

/** What every section component receives: its section data and the page view. */
export type SectionProps<K extends InfoSectionKind> = Props<InfoSection, K, InfoView>;
