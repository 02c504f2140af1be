import type { ReactElement } from 'react';
import type { IslandName } from '../../content/islands';
import type { PageDef } from '../../content/pages';
import { BasicPage } from './Basic';
import { ChooserPage } from './Chooser';
import { FlagshipBumblebeePage } from './FlagshipBumblebee';
import { HomePage, homeHeadKey } from './Home';
import type { Site } from '../context/site';

/** How a registered page renders: its component, the islands it has, and its head entry. */
export interface PageView {
  render: () => ReactElement;
  /** Islands on the page; the document points the boot lines at the hydration entry only when there are any. */
  islands: readonly IslandName[];
  /** The `head.*` entry that titles the page. */
  headKey: (site: Site) => string;
}

const bySlug = (site: Site) => site.slug;

/** Page bodies that exist so far; every other page shows its localized heading and intro. */
const VIEWS: Record<string, PageView> = {
  '': { render: () => <HomePage />, islands: [], headKey: homeHeadKey },
  'choose-your-region': { render: () => <ChooserPage />, islands: [], headKey: bySlug },
  'flagship-bumblebee': { render: () => <FlagshipBumblebeePage />, islands: ['voice-commands'], headKey: bySlug },
};

const BASIC: PageView = { render: () => <BasicPage />, islands: [], headKey: bySlug };

/** The view of a registered page. */
export function viewFor(page: PageDef): PageView {
  return VIEWS[page.slug] ?? BASIC;
}
