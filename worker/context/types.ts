import type { Edition, Region } from '../../content/editions';
import type { PageDef } from '../../content/pages';
import type { Bundle } from '../../content/schema/bundle';
import type { Schedule } from '../../content/schema/schedule';
import type { Window } from '../../content/schema/window';
import type { Translator } from '../../locales';
import type { Origins } from '../edition/paths';
import type { Bindings, Config } from '../env';
import type { Consent } from './consent';

/** Everything a page component needs about the request, resolved once per request. */
export interface Site extends Translator {
  edition: Edition;
  /** Slug of the page ('' for home). */
  slug: string;
  /** The registered page being rendered (set by the page step). */
  page: PageDef | undefined;
  bundle: Bundle;
  schedule: Schedule;
  /** Effective now, ms since epoch (preview-aware). */
  now: number;
  /** The edition's promotion stage at `now`. */
  stage: number;
  /** Whether `now` is a preview. */
  previewing: boolean;
  /** The visitor's country, when known. */
  country: string | undefined;
  /** The label of the edition for this visitor (us: Canada / Other Regions). */
  regionLabel: string;
  /** Origins of the global and China editions. */
  origins: Origins;
  /** Edition-relative path to the path a browser follows: `/us/faq`, or `/faq` on the China site. */
  href: (path: string) => string;
  /**
   * Whether a dated item is visible now: its own window, overridden by the schedule's, and
   * the page it links to live (a campaign's nav entries and banners follow its route window).
   */
  visible: (item: { id?: string; link?: string } & Window) => boolean;
  /** A price in the edition's currency and locale. */
  price: (amount: number) => string;
  /** CSP nonce of this response. */
  nonce: string;
  /** The request's URL (query parameters such as a form's outcome). */
  url: URL;
  /** Strictly necessary third-party scripts this edition loads (the others by consent: the consent step). */
  vendors: string[];
  /** Base URL of this edition's API for this environment ('' is this origin). */
  apiBase: string;
  /** Origin of the media host that serves large files: manuals, product videos ('' is this origin; videos then play the local clip). */
  mediaOrigin: string;
  /** Turnstile site key: the support forms show the CAPTCHA widget when it is set. */
  captchaSiteKey: string | undefined;
  /** Another edition to suggest to this visitor, by their country. */
  suggestion: Region | undefined;
}

/** What the request context holds once every middleware has run. */
interface RequestVars {
  /** The configuration, parsed once (config middleware, first of all). */
  config: Config;
  /** Origins of the global and China editions, for absolute URLs (origins middleware). */
  origins: Origins;
  /** Effective now: the preview timestamp when one counts, else the clock (clock middleware). */
  now: number;
  /** Whether `now` comes from a preview cookie (responses are then never cached). */
  previewing: boolean;
  /** The edition the request is for (edition middleware). */
  edition: Edition;
  /** Page path under the edition ('' for home). */
  slug: string;
  /** Whether the path was rejected as malformed (answered 400). */
  rejected: boolean;
  /** The edition's content bundle (content middleware). */
  bundle: Bundle;
  /** The schedule in force (content middleware). */
  schedule: Schedule;
  /** Everything a page needs about the request, resolved once (site middleware). */
  site: Site;
  /** The visitor's consent in this edition (consent middleware, decision 0033). */
  consent: Consent;
  /** Origins of the third-party scripts this response may load, which its CSP lists (consent middleware). */
  scriptOrigins: string[];
  /** Hash sources of inline lines made for this visitor (the Consent Mode defaults), which its CSP allows (consent middleware). */
  scriptHashes: string[];
  /** Set when the page step stitched the visitor's consent in with their other parts (decision 0028), so the consent step does not again. */
  stitched: boolean;
}

/**
 * The app's environment for Hono. Every variable but `config` (set first, for every path)
 * may be missing: routes that skip a middleware see only what ran. A handler that runs after
 * middleware names what it relies on with `After<…>`, so `c.var.site` needs no check and no
 * cast. The error handler alone reads no variable it cannot do without.
 */
export type AppEnv = { Bindings: Bindings; Variables: Partial<RequestVars> & Pick<RequestVars, 'config'> };

/** The environment of a handler (or middleware) that runs after the ones setting `K`. */
export type After<K extends keyof RequestVars> = { Bindings: Bindings; Variables: Partial<RequestVars> & Pick<RequestVars, K | 'config'> };
