import { createContext, useContext } from 'react';
import rosetta from 'rosetta';
import type { Edition, Region } from '../../content/editions';
import type { PageDef } from '../../content/pages';
import type { Bundle } from '../../content/schema/bundle';
import type { Schedule } from '../../content/schema/schedule';
import type { Window } from '../../content/schema/window';
import { isVisible, stageAt } from '../clock/stage';

/** Everything a page component needs about the request, resolved once by the worker. */
export interface Site {
  edition: Edition;
  /** Slug of the page ('' for home). */
  slug: string;
  page: PageDef | undefined;
  bundle: Bundle;
  schedule: Schedule;
  /** Effective now, ms since epoch (preview-aware). */
  now: number;
  /** The edition's promotion stage at `now`. */
  stage: number;
  /** The visitor's country, when known. */
  country: string | undefined;
  /** The label of the edition for this visitor (us: Canada / Other Regions). */
  regionLabel: string;
  /** Origins of the global and China editions. */
  origins: { global: string; cn: string };
  /** Translates a key (`namespace.path`); '' when missing. */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** A list of strings from the messages; [] when missing. */
  list: (key: string) => string[];
  /** Edition-relative path to the path a browser follows: `/us/faq`, or `/faq` on the China site. */
  href: (path: string) => string;
  /** Whether a dated item is visible now: its own window, overridden by the schedule's. */
  visible: (item: { id?: string } & Window) => boolean;
  /** A price in the edition's currency and locale. */
  price: (amount: number) => string;
  /** CSP nonce of this response. */
  nonce: string;
  /** The request's URL (query parameters such as a form's outcome). */
  url: URL;
  /** Third-party scripts this edition loads. */
  vendors: string[];
  /** Base URL of this edition's API for this environment ('' is this origin). */
  apiBase: string;
  /** Another edition to suggest to this visitor, by their country. */
  suggestion: Region | undefined;
}

/** Inputs to `createSite`. */
export type SiteInput = Omit<Site, 't' | 'list' | 'href' | 'visible' | 'price' | 'stage'>;

/** A bundle's messages as `t` (strings; '' when missing) and `list` (string lists). */
export function createTranslator(bundle: Pick<Bundle, 'locale' | 'messages'>): Pick<Site, 't' | 'list'> {
  const i18n = rosetta({ [bundle.locale]: bundle.messages });
  i18n.locale(bundle.locale);
  return {
    t: (key, params) => {
      const value: unknown = i18n.t(key, params);
      return typeof value === 'string' ? value : '';
    },
    list: (key) => {
      const value: unknown = i18n.t(key);
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    },
  };
}

/** Builds the Site from the request's resolved parts. */
export function createSite(input: SiteInput): Site {
  const { edition, bundle, schedule, now } = input;
  const stage = stageAt(schedule.stages[edition.region], now);
  const numbers = new Map<boolean, Intl.NumberFormat>();
  const money = (whole: boolean) => {
    let f = numbers.get(whole);
    if (!f) {
      const digits = whole ? 0 : 2;
      f = new Intl.NumberFormat(edition.htmlLang, {
        style: 'currency',
        currency: edition.currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      numbers.set(whole, f);
    }
    return f;
  };
  return {
    ...input,
    stage,
    ...createTranslator(bundle),
    href: (path) => editionPath(edition.region, path),
    visible: (item) => {
      const override = item.id ? schedule.windows[item.id] : undefined;
      return isVisible(override ?? item, now, stage);
    },
    price: (amount) => money(Number.isInteger(amount)).format(amount),
  };
}

/** The browser path of an edition-relative path. */
export function editionPath(region: Edition['region'], path: string): string {
  const clean = path === '/' ? '' : path;
  if (region === 'cn') return clean || '/';
  return `/${region}${clean}`;
}

const SiteContext = createContext<Site | null>(null);

export const SiteProvider = SiteContext.Provider;

/** The current request's Site. */
export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteProvider');
  return site;
}
