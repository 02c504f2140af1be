import type { InfoSection } from '../../../../content/schema/support';
import type { SectionComponents } from '../../parts/sections';
import type { InfoView } from '../view';
import { Dealers, Shop, StoreGroups } from './buy';
import { Emails, Offices } from './contact';
import { Cookies } from './cookies';
import { Clause, Facts, Table } from './legal';
import { Article, NewsList } from './news';
import { Apps, Hub, Manuals, Software } from './support';
import { Figures, Links, Prose } from './text';

/** The component of each kind of section. */
export const INFO_SECTIONS: SectionComponents<InfoSection, InfoView> = {
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
  clause: Clause,
  facts: Facts,
  table: Table,
};
