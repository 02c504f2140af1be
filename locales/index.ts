import rosetta from 'rosetta';
import type { Locale } from '../content/editions';
import { PRODUCT_PAGES } from '../content/products';
import { LOCALE_FILES } from './index.generated';

/** A namespace of messages: nested objects of strings (and lists of strings). */
export type Messages = { [key: string]: string | string[] | Messages };

/**
 * The namespaces, one JSON file each in a locale's folder, as locales/index.generated.ts lists
 * them (scripts/locale-index.mjs writes it from the folders).
 */
type Namespace = { [L in keyof typeof LOCALE_FILES]: keyof (typeof LOCALE_FILES)[L] }[keyof typeof LOCALE_FILES];

/**
 * The namespaces every locale has: `common`, `head`, `home`, `product` (what every product page
 * shares: spec labels, units, dates, price words), one per product page (its `namespace`, from
 * content/products), the support and information pages' (content/support/pages.ts) and the
 * log-in and account pages' with the session's messages (every edition).
 *
 * The others only some editions have: the US new-user popup; the US policies (`info-legal`);
 * after-sales and warranty copy of the kr, jp and cn editions (`support-service`); the campaign
 * pages' copy (`campaign` shared, one per campaign) and the lucky draw for the editions that
 * run them (us, uk, eu, fr, de); the support forms (en-US, fr-FR, de-DE, with en-GB and en-EU
 * reading en-US's); the US FAQ.
 */
export const NAMESPACES: readonly Namespace[] = [
  'common',
  'head',
  'home',
  'product',
  // A product page's namespace is a file name; tests/node/locale-index.test.ts checks each has its files.
  ...PRODUCT_PAGES.map((page) => page.namespace as Namespace),
  'support',
  'info',
  'news',
  'account',
  'privacy',
];

type Dictionary = Partial<Record<Namespace, Messages>>;

/**
 * Every locale's own messages. en-GB and en-EU hold only their differences from en-US;
 * `mergedMessages` fills in the rest.
 */
export const LOCALE_MESSAGES: Record<Locale, Dictionary> = LOCALE_FILES;

function isObject(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `over` onto `base`; lists and strings replace. */
function mergeMessages(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) ? mergeMessages(prev, value) : value;
  }
  return out;
}

/** A locale's complete messages: its base locale's, overridden by its own. */
export function mergedMessages(locale: Locale, base?: Locale): Messages {
  const own = LOCALE_MESSAGES[locale] as Messages;
  return base ? mergeMessages(LOCALE_MESSAGES[base] as Messages, own) : own;
}

/** Messages as functions: `t` for strings ('' when missing), `list` for lists of strings. */
export interface Translator {
  /** Translates a key (`namespace.path`); '' when missing (docs/spec/platform.md §8). */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** A list of strings from the messages; [] when missing. */
  list: (key: string) => string[];
}

/** A bundle's messages as a Translator. */
export function createTranslator(bundle: { locale: Locale; messages: object }): Translator {
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
