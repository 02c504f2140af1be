import type { Bundle } from '../../content/schema/bundle';
import { spacingRule } from '../../kernel/spacing';
import { createTranslator, type Translator } from '../../locales';

/** One translator per bundle object (a bundle is never changed once loaded): every request of the isolate shares it. */
const translators = new WeakMap<object, Translator>();

/**
 * The worker's translator of a bundle: its messages with the locale's CJK–Latin spacing
 * (kernel/spacing.ts) applied to every string after interpolation, so pages, API answers and
 * mails all read by one rule. Made once per bundle, and a message with nothing to fill in is
 * translated once: every later `t` of it, in any request, is a map read (a page asks for a
 * hundred of them at each render).
 */
export function translatorOf(bundle: Pick<Bundle, 'locale' | 'messages'>): Translator {
  let translator = translators.get(bundle);
  if (!translator) {
    const made = createTranslator(bundle, spacingRule(bundle.locale));
    const plain = new Map<string, string>();
    translator = {
      ...made,
      t: (key, params) => {
        if (params) return made.t(key, params);
        const known = plain.get(key);
        if (known !== undefined) return known;
        const text = made.t(key);
        // Only a message without placeholders: a missing key ('') or a `{{value}}` left
        // unfilled goes through `made.t` each time, so each is reported (tests listen) as it is.
        if (text && Object.values(made.forms(key)).every((form) => !form?.includes('{{'))) plain.set(key, text);
        return text;
      },
    };
    translators.set(bundle, translator);
  }
  return translator;
}
