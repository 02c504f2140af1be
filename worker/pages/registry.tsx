import type { ReactElement } from 'react';
import type { IslandName } from '../../kernel/islands';
import type { PageDef } from '../../content/pages';
import { PRODUCT_PAGES } from '../../content/products';
import { AccountPage } from './account/account';
import { LoginPage } from './account/login';
import { BasicPage } from './Basic';
import { ChooserPage } from './Chooser';
import { HomePage, homeHeadKey } from './Home';
import { ProductPageView } from './product/product-page';
import { InfoPageView } from './info/info-page';
import { INFO_PAGES } from '../../content/support/pages';
import { BackToSchoolPage } from './campaign/back-to-school';
import { BlackFridayPage } from './campaign/black-friday';
import { ChristmasSalePage } from './campaign/christmas-sale';
import { productIslands } from './product/view';
import { SupportFormPage } from './support/form-page';
import { FaqPage } from './support/faq-page';
import { FORM_KINDS, FORMS } from '../../content/forms';
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

/** Page bodies that exist so far: home, the region chooser and every product page (content/products). */
const VIEWS: Record<string, PageView> = {
  '': { render: () => <HomePage />, islands: [], headKey: homeHeadKey },
  'choose-your-region': { render: () => <ChooserPage />, islands: [], headKey: bySlug },
  'black-friday': { render: () => <BlackFridayPage />, islands: ['countdown', 'lucky-draw'], headKey: bySlug },
  'christmas-sale': { render: () => <ChristmasSalePage />, islands: ['countdown', 'members-only'], headKey: bySlug },
  'back-to-school': { render: () => <BackToSchoolPage />, islands: ['countdown'], headKey: bySlug },
  ...Object.fromEntries(
    PRODUCT_PAGES.map((page) => [page.slug, { render: () => <ProductPageView page={page} />, islands: productIslands(page), headKey: bySlug }]),
  ),
  // Support and information pages (content/support/pages.ts).
  ...Object.fromEntries([...INFO_PAGES.values()].map((page) => [page.slug, { render: () => <InfoPageView page={page} />, islands: [], headKey: bySlug }])),
  // The US FAQ (issue 12 §2).
  faq: { render: () => <FaqPage />, islands: ['faq'], headKey: bySlug },
  // The four support forms (issue 12 §7).
  ...Object.fromEntries(
    FORM_KINDS.map((kind) => [
      FORMS[kind].slug,
      { render: () => <SupportFormPage kind={kind} />, islands: ['support-form'], headKey: bySlug } satisfies PageView,
    ]),
  ),
  // The session lives in the browser: both pages are islands on it (docs/decisions/0017).
  login: { render: () => <LoginPage />, islands: ['login'], headKey: bySlug },
  account: { render: () => <AccountPage />, islands: ['account'], headKey: bySlug },
};

/** Every other page shows its localized heading and introduction. */
const BASIC: PageView = { render: () => <BasicPage />, islands: [], headKey: bySlug };

/** The view of a registered page. */
export function viewFor(page: PageDef): PageView {
  return VIEWS[page.slug] ?? BASIC;
}
