import type { Bundle } from '../../content/schema/bundle';
import { spacingRule } from '../../kernel/spacing';
import { createTranslator, type Translator } from '../../locales';

/**
 * The worker's translator of a bundle: its messages with the locale's CJK–Latin spacing
 * (kernel/spacing.ts) applied to every string after interpolation, so pages, API answers and
 * mails all read by one rule.
 */
export function translatorOf(bundle: Pick<Bundle, 'locale' | 'messages'>): Translator {
  return createTranslator(bundle, spacingRule(bundle.locale));
}
