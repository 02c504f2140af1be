import type { Phrased } from '../../../kernel/phrases';
import { useSite } from '../../context/react';
import type { Site } from '../../context/site';
import { phraseLanguage, phrasesOf } from '../../render/phrases';

/** The products' names in the edition's language (`product.names`): terms a line never breaks inside. */
export function productNames(site: Site): string[] {
  const names = (site.bundle.messages['product'] as { names?: unknown } | undefined)?.names;
  return names && typeof names === 'object' ? Object.values(names).filter((name) => typeof name === 'string') : [];
}

/**
 * Short copy for an island (a heading, a button's label), cut into its phrases in Japanese and
 * Chinese by the rule the page's own headings follow (worker/render/phrases.ts): the page
 * rewrite leaves islands as React wrote them, since the browser renders them again, so an
 * island gets its phrases in its props and renders them with `phrases()` (client/islands/kit.ts),
 * the same on both sides (docs/decisions/0041). Elsewhere, and for a single phrase, the string.
 */
export function usePhrased(): (text: string) => Phrased {
  const site = useSite();
  const language = phraseLanguage(site.edition.htmlLang);
  if (!language) return (text) => text;
  const terms = productNames(site);
  return (text) => {
    const phrases = phrasesOf(text, language, terms);
    return phrases.length > 1 ? phrases : text;
  };
}
