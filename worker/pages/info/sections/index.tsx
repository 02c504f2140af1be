import type { ReactElement } from 'react';
import type { InfoSection, InfoSectionKind } from '../../../../content/schema/support';
import type { InfoView } from '../view';
import { Dealers, Shop, StoreGroups } from './buy';
import { Emails, Offices } from './contact';
import { Cookies } from './cookies';
import { Article, NewsList } from './news';
import { Apps, Hub, Manuals, Software } from './support';
import { Figures, Links, Prose } from './text';
import type { SectionProps } from './types';

/** The component of each kind of section. */
const SECTIONS: { [K in InfoSectionKind]: (props: SectionProps<K>) => ReactElement | null } = {
  prose: Prose,
  figures: Figures,
  links: Links,
  hub: Hub,
  manuals: Manuals,
  emails: Emails,
  offices: Offices,
  dealers: Dealers,
  storeGroups: StoreGroups,
  shop: Shop,
  apps: Apps,
  software: Software,
  newsList: NewsList,
  article: Article,
  cookies: Cookies,
};

/** Renders one section with the component of its kind. */
export function renderSection(section: InfoSection, view: InfoView, key: number): ReactElement | null {
  const Component = SECTIONS[section.kind] as (props: SectionProps<InfoSectionKind>) => ReactElement | null;
  return <Component key={key} section={section as never} view={view} />;
}
