import type { ReactElement } from 'react';
import { FORM_KINDS, FORMS } from '../../content/forms';
import type { IslandName } from '../../kernel/islands';
import type { PageDef } from '../../content/pages';
import { productPage } from '../../content/products';
import { CampaignId } from '../../content/schema/campaign';
import type { PageKind } from '../../content/schema/route';
import { INFO_PAGES } from '../../content/support/pages';
import type { Site } from '../context/site';
import { AccountPage } from './account/account';
import { LoginPage } from './account/login';
import { BackToSchoolPage } from './campaign/back-to-school';
import { BlackFridayPage } from './campaign/black-friday';
import { ChristmasSalePage } from './campaign/christmas-sale';
import { ChooserPage } from './Chooser';
import { PrivacyNoticePage } from './consent/privacy-notice';
import { CookieSettingsPage } from './consent/settings';
import { HomePage, homeHeadKey } from './Home';
import { InfoPageView } from './info/info-page';
import { ProductPageView } from './product/product-page';
import { productIslands } from './product/view';
import { FaqPage } from './support/faq-page';
import { SupportFormPage } from './support/form-page';

/** How a registered page renders: its component, the islands it has, and its head entry. */
export interface PageView {
  render: () => ReactElement;
  /** Islands on the page; the document points the boot lines at the hydration entry only when there are any. */
  islands: readonly IslandName[];
  /** The `head.*` entry that titles the page. */
  headKey: (site: Site) => string;
}

const bySlug = (site: Site) => site.slug;

/** A page whose kind's view finds no data of its own: a route record and the content disagree. */
class MissingView extends Error {
  override name = 'MissingView';
  constructor(page: PageDef, what: string) {
    super(`/${page.slug} is a ${page.kind} page, but ${what}`);
  }
}

/** Each campaign's page and the islands on it, by campaign (a campaign page is named after its campaign). */
const CAMPAIGN_VIEWS: Record<CampaignId, { Page: () => ReactElement; islands: readonly IslandName[] }> = {
  'black-friday': { Page: BlackFridayPage, islands: ['countdown', 'lucky-draw'] },
  'christmas-sale': { Page: ChristmasSalePage, islands: ['countdown', 'members-only'] },
  'back-to-school': { Page: BackToSchoolPage, islands: ['countdown'] },
};

/** A page of content/support/pages.ts: its sections, by the shared components. */
function infoPageView(page: PageDef): PageView {
  const data = INFO_PAGES.get(page.slug);
  if (!data) throw new MissingView(page, 'content/support/pages.ts has no page at its slug');
  return { render: () => <InfoPageView page={data} />, islands: [], headKey: bySlug };
}

/**
 * The view of each kind of page; a kind without one does not compile. Within a kind the view
 * picks the page's own data by its slug or name, and throws where there is none.
 */
const VIEWS: Record<PageKind, (page: PageDef) => PageView> = {
  home: () => ({ render: () => <HomePage />, islands: [], headKey: homeHeadKey }),
  chooser: () => ({ render: () => <ChooserPage />, islands: [], headKey: bySlug }),
  // Every product page is data (content/products), rendered by one view.
  product: (page) => {
    const data = productPage(page.slug);
    if (!data) throw new MissingView(page, 'content/products has no page at its slug');
    return { render: () => <ProductPageView page={data} />, islands: productIslands(data), headKey: bySlug };
  },
  campaign: (page) => {
    const campaign = CampaignId.safeParse(page.name);
    if (!campaign.success) throw new MissingView(page, `no campaign is named "${page.name}"`);
    const { Page, islands } = CAMPAIGN_VIEWS[campaign.data];
    return { render: () => <Page />, islands, headKey: bySlug };
  },
  // Support and information pages (content/support/pages.ts).
  support: infoPageView,
  info: infoPageView,
  // The US FAQ (docs/decisions/0016).
  faq: () => ({ render: () => <FaqPage />, islands: ['faq'], headKey: bySlug }),
  // The four support forms (docs/decisions/0016), by the page each is on.
  form: (page) => {
    const kind = FORM_KINDS.find((k) => FORMS[k].slug === page.slug);
    if (!kind) throw new MissingView(page, 'content/forms.ts has no form on it');
    return { render: () => <SupportFormPage kind={kind} />, islands: ['support-form'], headKey: bySlug };
  },
  // The session lives in the browser: both member pages are islands on it (docs/decisions/0017).
  login: () => ({ render: () => <LoginPage />, islands: ['login'], headKey: bySlug }),
  account: () => ({ render: () => <AccountPage />, islands: ['account'], headKey: bySlug }),
  // The cookie settings: its own route renders it with the visitor's choice (pages/consent/settings.tsx); this is the page without one.
  consent: () => ({ render: () => <CookieSettingsPage />, islands: [], headKey: bySlug }),
  // The short privacy notice in the edition's language (decision 0033).
  privacy: () => ({ render: () => <PrivacyNoticePage />, islands: [], headKey: bySlug }),
};

/** The view of a registered page, by its kind; a redirect has none. */
export function viewFor(page: PageDef): PageView {
  if (page.kind === 'redirect') throw new MissingView(page, 'a redirect has no view');
  return VIEWS[page.kind](page);
}
