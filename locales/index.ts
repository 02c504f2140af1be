import rosetta from 'rosetta';
import type { Locale } from '../content/editions';
import { PRODUCT_PAGES } from '../content/products';
import { LOCALE_FILES } from './index.generated';

/** A namespace of messages: nested objects of strings (and lists of strings). */
export type Messages = { [key: string]: string | string[] | Messages };

/**
 * The namespaces, one JSON file each in a locale's folder, as locales/index.generated.ts lists
 * them (scripts/build/locale-index.mjs writes it from the folders).
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
  /**
   * Translates a key (`namespace.path`); '' when missing (docs/spec/platform.md §8). A message
   * written by CLDR plural forms (`{ "one": "{{count}} Day", "other": "{{count}} Days" }`) takes
   * the form `Intl.PluralRules` picks for the number `count` in the params.
   */
  t: (key: string, params?: Record<string, string | number>) => string;
  /** A list of strings from the messages, each with its `{{values}}` filled in; [] when missing. */
  list: (key: string, params?: Record<string, string>) => string[];
  /**
   * A message as written, its `{{placeholders}}` left for whoever fills them later (an island
   * that knows the member's name); '' when missing.
   */
  template: (key: string) => string;
  /**
   * A word's plural forms, for a count only the browser knows (a countdown's days): the
   * message's CLDR forms, or its one string as `other` in a language without plurals.
   */
  forms: (key: string) => PluralForms;
}

/** A word by CLDR plural category (`{ one: 'Day', other: 'Days' }`); kernel/format.ts `pluralForm` picks one. */
type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** Something a page asked of the messages that they could not give. */
export interface MessageMiss {
  locale: Locale;
  key: string;
  /** `key`: the locale has no such message; `param`: the message has a placeholder the caller left without a value. */
  kind: 'key' | 'param';
  /** The placeholder left empty, for `param`. */
  param?: string;
}

const missListeners = new Set<(miss: MessageMiss) => void>();

/**
 * Listens for keys the copy asks for and a locale lacks, and for placeholders left without a
 * value: a reader would meet an empty line or a sentence cut short ("Welcome, "). The
 * empty-text check (tests/worker/quality/text.test.ts) listens while it renders every page;
 * nothing listens in production, where a miss stays the spec's empty string. Returns the
 * function that stops listening.
 */
export function onMessageMiss(listener: (miss: MessageMiss) => void): () => void {
  missListeners.add(listener);
  return () => missListeners.delete(listener);
}

const report = (miss: MessageMiss) => {
  for (const listener of missListeners) listener(miss);
};

/** A message by its dotted key, as written (a string, a list, a group), or undefined. */
function lookup(messages: object, key: string): unknown {
  let value: unknown = messages;
  for (const part of key.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** Whether a message is written by CLDR plural forms: an `other` and nothing but plural categories. */
function isPluralForms(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.includes('other') && keys.every((k) => PLURAL_FORMS.has(k));
}

const PLURAL_RULES = new Map<string, Intl.PluralRules>();
function pluralRules(locale: Locale): Intl.PluralRules {
  let rules = PLURAL_RULES.get(locale);
  if (!rules) PLURAL_RULES.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/**
 * A bundle's messages as a Translator. `finish`, when given, is applied to every string `t`
 * and `list` return, after the values are filled in: the worker passes the locale's
 * typographic rules (worker/render/translator.ts). Templates and plural forms are returned as
 * written, for the island that fills them.
 */
export function createTranslator(bundle: { locale: Locale; messages: object }, finish: (text: string) => string = (text) => text): Translator {
  const { locale, messages } = bundle;
  const i18n = rosetta({ [locale]: messages });
  i18n.locale(locale);
  return {
    t: (key, params) => {
      let value = lookup(messages, key);
      if (isPluralForms(value)) {
        const count = typeof params?.count === 'number' ? params.count : NaN;
        const form = Number.isFinite(count) ? pluralRules(locale).select(count) : 'other';
        key = `${key}.${value[form] === undefined ? 'other' : form}`;
        value = lookup(messages, key);
      }
      if (typeof value !== 'string') {
        if (missListeners.size) report({ locale, key, kind: 'key' });
        return '';
      }
      if (missListeners.size)
        for (const [, param] of value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g))
          if (params?.[param!] === undefined || params[param!] === '') report({ locale, key, kind: 'param', param: param! });
      return finish(i18n.t(key, params) as string);
    },
    list: (key, params = {}) => {
      const value = lookup(messages, key);
      if (!Array.isArray(value)) {
        if (missListeners.size) report({ locale, key, kind: 'key' });
        return [];
      }
      // Filled in before `finish`, as `t` does: a figure meets the copy around it by the spacing rule ("ご購入後30日").
      // A placeholder without a value stays for whoever fills it later (the FAQ's figures).
      return value
        .filter((v): v is string => typeof v === 'string')
        .map((line) => finish(line.replace(/\{\{\s*(\w+)\s*\}\}/g, (found: string, name: string) => params[name] ?? found)));
    },
    forms: (key) => {
      const value = lookup(messages, key);
      if (isPluralForms(value)) return value as PluralForms;
      if (typeof value === 'string') return { other: value };
      if (missListeners.size) report({ locale, key, kind: 'key' });
      return { other: '' };
    },
    template: (key) => {
      const value = lookup(messages, key);
      if (typeof value === 'string') return value;
      if (missListeners.size) report({ locale, key, kind: 'key' });
      return '';
    },
  };
}
